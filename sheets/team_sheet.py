"""A team's printable sheet: its roster, its team panel, and what it may buy before a league game.

`build_team_document(team, players, language=...)` lays it out as a `SheetDocument`, so the sheet
templates and print stylesheets of the reference sheets print it. Plain functions over already-fetched
models and rulebook data, run under `translation.override(language)` (render.py does): no query.
"""

import hashlib
import json

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rosters import display
from rosters.ledger import snapshot_player, snapshot_team
from rosters.models import Player
from rulebook.edition import get_edition
from sheets.document import Cell, Definitions, SectionView, SheetDocument, Table
from sheets.rulebook_blocks import gold

ON_ROSTER = (Player.Status.ACTIVE, Player.Status.TEMPORARILY_RETIRED)


def team_state_digest(team, players):
    """A short hash of everything the sheet prints of the team and its players (and of the rulebook
    edition the prices come from): it changes whenever the team does."""
    state = {
        "team": snapshot_team(team),
        "coach": str(team.coach),
        "roster": team.roster,
        "edition": get_edition(team.edition).version,
        "players": sorted(([player.pk, snapshot_player(player)] for player in players), key=lambda p: p[0]),
    }
    return hashlib.sha256(json.dumps(state, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _panel(team, edition, language):
    text = edition.text
    items = [
        (_("Team value"), gold(team.team_value)),
        (_("Current team value"), gold(team.current_team_value)),
        (_("Treasury"), gold(team.treasury)),
        (text("rerolls.name", language), f"{team.rerolls} × {gold(team.rules.reroll_cost)}"),
        (text("dedicated_fans.name", language), str(team.dedicated_fans)),
    ]
    for row in display.staff_rows(team):
        if row["field"] == "apothecary":
            value = _("yes") if team.apothecary else (_("no") if row["allowed"] else _("not allowed"))
        else:
            value = str(row["count"])
        items.append((row["name"], value))
    rules = [*team.rules.special_rules, *([team.chosen_rule] if team.chosen_rule else [])]
    if rules:
        items.append(
            (_("Special rules"), ", ".join(text(f"team_rule.{rule}.name", language) for rule in rules))
        )
    return SectionView(heading=_("Team"), blocks=(Definitions(title="", items=tuple(items)),))


def _injuries(player, row):
    parts = []
    if player.miss_next_game:
        parts.append(_("MNG"))
    if player.niggling_injuries:
        parts.append(_("Niggling injuries: %(count)s") % {"count": player.niggling_injuries})
    parts.extend(row["lasting_injuries"])
    return ", ".join(parts) or "–"


def _roster(players, edition, language):
    rows = [display.player_row(player) for player in players if player.status in ON_ROSTER]
    head = (
        _("#"),
        _("Name"),
        _("Position"),
        *(edition.text(f"characteristic.{name}.name", language) for name in ("ma", "st", "ag", "pa", "av")),
        _("Skills"),
        _("SPP"),
        _("Value"),
        _("Injuries"),
    )
    cells = []
    for row in rows:
        player = row["player"]
        status = "" if player.status == Player.Status.ACTIVE else str(player.get_status_display())
        if player.journeyman:
            status = ", ".join(filter(None, [status, _("Journeyman")]))
        cells.append(
            (
                Cell(str(player.number), literal=True),
                Cell(player.name, detail=status),
                Cell(row["position_name"]),
                *(Cell(cell["text"], literal=True) for cell in row["cells"]),
                Cell(", ".join(skill["label"] for skill in row["skills"]) or "–"),
                Cell(str(player.spp), literal=True),
                Cell(gold(player.value), literal=True),
                Cell(_injuries(player, row)),
            )
        )
    blocks = (Table(head=head, rows=tuple(cells), style="positions"),) if cells else ()
    return SectionView(heading=_("Roster"), blocks=blocks)


def _has_any(team, rule_ids):
    return not rule_ids or any(team.rules.has_rule(rule, team.chosen_rule) for rule in rule_ids)


def _inducements(team, edition, language):
    rules, chosen = team.rules, team.chosen_rule
    rows = []
    for inducement in edition.inducements.values():
        if inducement.choices == "star" or not inducement.available_to(rules, chosen):
            continue
        name = edition.name(inducement, language)
        most = "∞" if inducement.max is None else f"0–{inducement.max}"
        hires = {"wizard": edition.wizards, "famous_staff": edition.famous_staff}.get(inducement.choices)
        if hires is not None:
            key = "wizard" if inducement.choices == "wizard" else "famous_staff"
            for hire_id, entry in hires.items():
                if _has_any(team, entry.get("only_for", [])):
                    hire = edition.text(f"{key}.{hire_id}.name", language)
                    rows.append(
                        (
                            Cell(hire, detail=name),
                            Cell(most, literal=True),
                            Cell(gold(entry["cost"]), literal=True),
                        )
                    )
            continue
        price = inducement.price_for(rules, chosen)
        cost = pgettext("cost", "varies") if price is None else gold(price)
        rows.append((Cell(name), Cell(most, literal=True), Cell(cost, literal=True)))
    table = Table(head=(_("Inducement"), _("Max"), _("Price")), rows=tuple(rows), style="rules")
    return SectionView(heading=edition.text("inducements.name", language), blocks=(table,))


def _star_players(team, edition, language):
    stars = sorted(
        (star for star in edition.star_players.values() if star.plays_for_team(team.rules, team.chosen_rule)),
        key=lambda star: edition.name(star, language).casefold(),
    )
    rows = tuple(
        (Cell(edition.name(star, language)), Cell(gold(star.cost) if star.cost else "–", literal=True))
        for star in stars
    )
    blocks = (Table(head=(_("Star player"), _("Price")), rows=rows, style="stars"),) if rows else ()
    return SectionView(heading=_("Star players who may play for this team"), blocks=blocks)


def build_team_document(team, players, *, language):
    """The team sheet of `team` (a rosters Team, its coach selected) with its `players`, in `language`."""
    edition = get_edition(team.edition)
    return SheetDocument(
        sheet=None,
        language=language,
        # The edition first: a printed roster says which rules it was built under (issue #22).
        game_title=f"{edition.text('edition.name', language)} · {edition.name(team.rules, language)}",
        title=team.name,
        intro=_("Coached by %(coach)s") % {"coach": team.coach},
        sections=(
            _panel(team, edition, language),
            _roster(players, edition, language),
            _inducements(team, edition, language),
            _star_players(team, edition, language),
        ),
    )
