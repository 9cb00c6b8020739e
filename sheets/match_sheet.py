"""A match's printable sheet: who plays for each team (journeymen, players an inducement brings for the
game, mercenaries and star players included), what each team bought, the pre-match results, every drive
with its kick-off and events, and the result once applied (issue #22).

`build_match_document(match, language=...)` lays it out as a `SheetDocument`, so the templates and print
stylesheets of the reference sheets print it. It reads the match with a fixed number of queries, whatever
the number of drives and events. Run it under `translation.override(language)` (render.py does).
"""

import hashlib

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from matches.models import SIDES, Event
from matches.services import jolly_jouster
from matches.services.common import match_table_text
from matches.services.prematch.prayers import match_players
from rosters import display
from rulebook.data import CHARACTERISTICS, SkillRef
from rulebook.edition import get_edition
from sheets.document import Cell, Definitions, SectionView, SheetDocument, Table
from sheets.rulebook_blocks import gold


def match_document_digest(document, *, paper):
    """A short hash of everything the sheet prints: equal documents give equal PDFs."""
    return hashlib.sha256(f"{paper}:{document!r}".encode()).hexdigest()[:16]


def _profile_cells(edition, profile):
    return [
        Cell(display.characteristic_text(edition, name, getattr(profile, name)), literal=True)
        for name in CHARACTERISTICS
    ]


def _skills(edition, refs, language):
    return ", ".join(edition.skill_label(ref, language) for ref in refs) or "–"


def _brought_by(match, side, edition, language):
    """The name of the inducement that brings players for the game only (Riotous Rookies), or ""."""
    names = [
        edition.name(edition.inducements[item["id"]], language)
        for item in match.side_value("inducements", side)
        if item["id"] in edition.inducements and edition.inducements[item["id"]].extra.get("journeymen")
    ]
    return ", ".join(dict.fromkeys(names))


def _how_they_play(match, side, entry, edition, language):
    """Why a player not on the roster plays: a journeyman, brought by an inducement, a mercenary."""
    if entry.get("mercenary"):
        return _("Mercenary")
    if not entry["key"].split("-", 1)[1].isdigit():  # the journeymen step's keys are "home-1", "away-2"
        return _brought_by(match, side, edition, language) or _("For this game only")
    return _("Journeyman")


def _lineup(match, side, edition, language):
    """Everyone `side` may field, by number, then its star players."""
    team = match.team(side)
    journeymen = {entry["key"]: entry for entry in match.journeymen(side)}
    head = (
        _("#"),
        _("Name"),
        _("Position"),
        *(edition.text(f"characteristic.{name}.name", language) for name in CHARACTERISTICS),
        _("Skills"),
    )
    rows = []
    for entry in match_players(match, side):
        player, position = entry["player"], entry["position"]
        if player is not None:
            detail = ""
            refs = [ref for ref, _origin in player.all_skills()]
            cells = [Cell(item["text"], literal=True) for item in display.characteristic_cells(player)]
            name = player.name
        else:
            detail = _how_they_play(match, side, journeymen[entry["key"]], edition, language)
            journeyman_skills = journeymen[entry["key"]].get("skills") or edition.settings.journeymen.skills
            refs = [*position.skills, *(SkillRef.parse(ref) for ref in journeyman_skills)]
            cells = _profile_cells(edition, position.profile)
            name = journeymen[entry["key"]]["name"]
        rows.append(
            (
                Cell(str(entry["number"]), literal=True),
                Cell(name, detail=detail),
                Cell(edition.name(position, language)),
                *cells,
                Cell(_skills(edition, refs, language)),
            )
        )
    for hired in match.star_players(side):
        star = edition.star_players[hired["star"]]
        rows.append(
            (
                Cell("–", literal=True),
                Cell(edition.name(star, language), detail=_("Star player")),
                Cell("–"),
                *_profile_cells(edition, star.profile),
                Cell(_skills(edition, star.skills, language)),
            )
        )
    table = Table(head=head, rows=tuple(rows), style="positions")
    return SectionView(heading=_("%(team)s: players") % {"team": team.name}, blocks=(table,))


def _bought(match, side, edition, language):
    """What `side` bought for the game: [(name, count)], a hireling or star named after its kind."""
    items = []
    for item in match.side_value("inducements", side):
        inducement = edition.inducements.get(item["id"])
        if inducement is None:
            continue
        name = edition.name(inducement, language)
        chosen = _chosen(match.team(side), inducement, item.get("choice"), edition, language)
        if chosen:
            name = f"{name}: {chosen}"
        items.append((name, item.get("count", 1)))
    return items


def _chosen(team, inducement, choice, edition, language):
    """The name of what an inducement hired: a star player, a wizard or staff member, a mercenary's
    position; "" for none."""
    if not choice:
        return ""
    if inducement.choices == "star" and choice in edition.star_players:
        return edition.name(edition.star_players[choice], language)
    if choice in edition.hirelings.get(inducement.choices or "", {}):
        return edition.text(f"{inducement.choices}.{choice}.name", language)
    if any(position.id == choice for position in team.rules.positions):
        return edition.name(team.rules.position(choice), language)
    return ""


def _team_panel(match, side, edition, language):
    """A team's side of the game: CTV, fan factor, petty cash and what it bought."""
    team = match.team(side)
    items = [(_("Coach"), str(team.coach))]
    if match.side_value("ctv", side) is not None:
        items.append((_("Current team value"), gold(match.side_value("ctv", side))))
    if match.side_value("fan_factor", side) is not None:
        items.append((_("Fan factor"), str(match.side_value("fan_factor", side))))
    if match.side_value("petty_cash", side):
        items.append((_("Petty cash"), gold(match.side_value("petty_cash", side))))
    bought = _bought(match, side, edition, language)
    items.append(
        (
            edition.text("inducements.name", language),
            ", ".join(f"{count} × {name}" for name, count in bought) or "–",
        )
    )
    return SectionView(heading=team.name, blocks=(Definitions(title="", items=tuple(items)),))


def _match_panel(match, edition, language):
    items = [(_("Status"), str(match.get_status_display()))]
    if match.status != match.Status.PRE_MATCH:
        items.append((_("Score"), f"{match.home_score} – {match.away_score}"))
    if match.weather:
        items.append((_("Weather"), match_table_text(match, "weather", match.weather, "name", language)))
    dukedom = jolly_jouster.dukedom_row(match)  # the Jolly Jouster Cup's, beside the weather
    if dukedom is not None:
        key = f"optional.{jolly_jouster.DUKEDOMS}"
        name = edition.text(f"{key}.{dukedom['id']}.name", language)
        items.append((edition.text(f"{key}.name", language), name))
    if match.toss_winner:
        items.append((_("Toss won by"), match.team(match.toss_winner).name))
    if match.kicking:
        items.append((_("Kicks off first"), match.team(match.kicking).name))
    if match.optional_rules:
        names = [edition.text(f"optional.{rule}.name", language) for rule in match.optional_rules]
        items.append((_("Optional rules"), ", ".join(names)))
    return SectionView(heading=_("Match"), blocks=(Definitions(title="", items=tuple(items)),))


def _names(match, language):
    """{player key: name} of both teams, as events name them."""
    names = {}
    for side in SIDES:
        names.update({f"p{player.pk}": str(player) for player in match.team(side).players.all()})
        names.update(match.match_only_players(side, language))
    return names


def _drives(match, drives, edition, language, names):
    """One table of every drive's kick-off and events, in order."""
    rows = []
    for drive in drives:
        kickoff = match_table_text(match, "kickoff", drive.kickoff_event, "name", language)
        rows.append(
            (
                Cell(str(drive.number), literal=True),
                Cell(str(drive.half), literal=True),
                Cell(match.team(drive.kicking).name),
                Cell(_("Kick-off"), detail=kickoff),
                Cell("–"),
            )
        )
        for event in drive.events.all():
            if event.kind == Event.Kind.KICK_OFF:
                continue
            who = names.get(event.actor_key, "")
            victim = names.get(event.victim_key, "")
            rows.append(
                (
                    Cell(str(drive.number), literal=True),
                    Cell(str(event.turn), literal=True),
                    Cell(match.team(event.side).name if event.names_a_team else "–"),
                    Cell(
                        str(event.get_kind_display()), detail=event.outcome_label(language, edition=edition)
                    ),
                    Cell(" → ".join(filter(None, [who, victim])) or "–"),
                )
            )
    head = (_("Drive"), _("Half / turn"), _("Team"), _("Event"), _("Players"))
    return SectionView(heading=_("Drives and events"), blocks=(Table(head=head, rows=tuple(rows)),))


def _result(match, names):
    """The applied outcome of each team: winnings, dedicated fans, MVP, treasury and values after."""
    items = []
    for side in SIDES:
        outcome = match.outcome.get(side) or {}
        mvps = outcome.get("mvps") or [outcome.get("mvp")]
        before, after = outcome.get("dedicated_fans") or (None, None)
        parts = [
            _("Winnings: %(gold)s") % {"gold": gold(outcome.get("winnings"))},
            _("Dedicated fans: %(before)s → %(after)s") % {"before": before, "after": after},
            _("MVP: %(names)s") % {"names": ", ".join(names.get(key, key) for key in mvps if key) or "–"},
            _("Treasury: %(gold)s") % {"gold": gold(outcome.get("treasury"))},
            _("TV: %(gold)s") % {"gold": gold(outcome.get("team_value"))},
        ]
        items.append((match.team(side).name, " · ".join(parts)))
    return SectionView(heading=_("Result"), blocks=(Definitions(title="", items=tuple(items)),))


def _intro(match):
    if match.is_friendly:
        return _("Friendly")
    season = match.fixture.season
    return f"{season.league} · {season}"


def build_match_document(match, *, language):
    """The match sheet of `match` (its teams and their coaches selected) in `language`."""
    edition = get_edition(match.home_team.edition)
    drives = list(
        match.drives.order_by("number").prefetch_related(Prefetch("events", Event.objects.order_by("pk")))
    )
    names = _names(match, language)
    sections = [
        _match_panel(match, edition, language),
        *(_team_panel(match, side, edition, language) for side in SIDES),
        *(_lineup(match, side, edition, language) for side in SIDES),
    ]
    if drives:
        sections.append(_drives(match, drives, edition, language, names))
    if match.outcome:
        sections.append(_result(match, names))
    return SheetDocument(
        sheet=None,
        language=language,
        game_title=edition.text("edition.name", language),
        title=f"{match.home_team.name} – {match.away_team.name}",
        intro=_intro(match),
        sections=tuple(sections),
    )
