"""The team ledger as the team page prints it: one sentence per entry (what happened, from its kind and
details), the values it changed (before and after) and the timeline of both. Plain functions over
already-fetched entries and rulebook data, in the active language; they run no query."""

from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, ngettext, pgettext

from rosters.display import (
    STAFF_TEXT_KEYS,
    characteristic_text,
    origin_label,
    position_name,
    positions_text,
    team_text,
)
from rosters.ledger import PLAYER_FIELDS, TEAM_FIELDS
from rosters.models import LedgerEntry, Player, Team
from rulebook import dedication
from rulebook.data import CHARACTERISTICS, SkillRef
from rulebook.edition import get_edition
from rulebook.formatting import gold

Kind = LedgerEntry.Kind

_PLAYER_SHOWN = [f for f in PLAYER_FIELDS if f not in {"advancements", "extra_skills", "pending_advancement"}]


def _team_label(field):
    if field in STAFF_TEXT_KEYS:
        return None  # named from the rules texts by the caller
    return capfirst(Team._meta.get_field(field).verbose_name)


def _player_label(field):
    if field in CHARACTERISTICS:
        return None
    if field == "niggling_injuries":
        return gettext("Niggling injuries")
    if field == "lasting_injuries":
        return gettext("Lasting injuries")
    return capfirst(Player._meta.get_field(field).verbose_name)


def _format(team, field, value):
    edition = get_edition(team.edition)
    if field in {"treasury", "team_value", "current_team_value", "value"}:
        return gold(value)
    if field in CHARACTERISTICS:
        return characteristic_text(edition, field, value)
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if field == "status":
        choices = dict(Team.Status.choices) | dict(Player.Status.choices)
        return str(choices.get(value, value))
    if field == "lasting_injuries":
        return ", ".join(team_text(team, f"table.lasting_injury.{i}.name") for i in value) or "-"
    return "-" if value is None or value == "" else str(value)


def _label(team, field, *, player):
    if field in STAFF_TEXT_KEYS and not player:
        return team_text(team, STAFF_TEXT_KEYS[field])
    if field in CHARACTERISTICS:
        return team_text(team, f"characteristic.{field}.name")
    return _team_label(field) if not player else _player_label(field)


def entry_changes(team, entry):
    """The values the entry changed: [{"label", "before", "after"}], team first, then each player."""
    before, after = entry.before or {}, entry.after or {}
    changes = []
    team_before, team_after = before.get("team") or {}, after.get("team") or {}
    for field in TEAM_FIELDS:
        if field in team_before and field in team_after and team_before[field] != team_after[field]:
            changes.append(
                {
                    "label": _label(team, field, player=False),
                    "before": _format(team, field, team_before[field]),
                    "after": _format(team, field, team_after[field]),
                }
            )
    players_before, players_after = before.get("players") or {}, after.get("players") or {}
    for player_id in sorted(set(players_before) | set(players_after), key=int):
        old, new = players_before.get(player_id), players_after.get(player_id)
        who = _player_name(old or new)
        if old is None and new is not None:
            changes.append({"label": who, "before": "-", "after": pgettext("ledger", "on the roster")})
            continue
        if new is None and old is not None:
            changes.append({"label": who, "before": pgettext("ledger", "on the roster"), "after": "-"})
            continue
        for field in _PLAYER_SHOWN:
            if field in old and field in new and old[field] != new[field]:
                changes.append(
                    {
                        "label": f"{who}: {_label(team, field, player=True)}",
                        "before": _format(team, field, old[field]),
                        "after": _format(team, field, new[field]),
                    }
                )
    return changes


def _player_name(state):
    return f"#{state.get('number')} {state.get('name')}" if state else "?"


def _rolls_text(rolls):
    if not rolls:
        return ""
    parts = []
    for roll in rolls:
        faces = ", ".join(str(face) for face in roll["faces"])
        if roll.get("source") == "entered":
            parts.append(gettext("%(dice)s: %(faces)s (entered)") % {"dice": roll["dice"], "faces": faces})
        else:
            parts.append(
                gettext("%(dice)s: %(faces)s (rolled by Dugout)") % {"dice": roll["dice"], "faces": faces}
            )
    return "; ".join(parts)


def entry_summary(team, entry):
    """One sentence saying what happened, from the entry's kind and details (and whether a correction of
    an earlier match took it back: matches.services.corrections)."""
    text = _summary(team, entry)
    if (entry.details or {}).get("taken_back"):
        text += " " + gettext("Taken back by the correction of an earlier match.")
    return text


def _summary(team, entry):
    edition = get_edition(team.edition)
    language = get_language()
    details = entry.details or {}
    player = details.get("player", "")
    kind = entry.kind
    if kind == Kind.CREATED:
        roster = edition.teams.get(details.get("roster", team.roster))
        return gettext("Team created from the %(roster)s team list with %(treasury)s gp.") % {
            "roster": edition.name(roster, language) if roster else details.get("roster", ""),
            "treasury": gold(details.get("treasury", 0)),
        }
    if kind == Kind.HIRE and "players" in details:  # several at once (rosters.lineup)
        count, positions = len(details["players"]), positions_text(team, details["positions"])
        text = ngettext(
            "Hired %(count)d player (%(positions)s) for %(cost)s gp.",
            "Hired %(count)d players (%(positions)s) for %(cost)s gp.",
            count,
        )
        text %= {"count": count, "positions": positions, "cost": gold(details.get("cost", 0))}
        if details.get("captain"):
            text += " " + gettext("%(player)s is the Team Captain.") % {"player": details["captain"]}
        return text
    if kind == Kind.HIRE:
        position = position_name(team, details.get("position"))
        return gettext("Hired %(player)s (%(position)s) for %(cost)s gp.") % {
            "player": player,
            "position": position,
            "cost": gold(details.get("cost", 0)),
        }
    if kind == Kind.FIRE:
        if details.get("refund"):
            return gettext("Removed %(player)s; %(refund)s gp back in the budget.") % {
                "player": player,
                "refund": gold(details["refund"]),
            }
        return gettext("Fired %(player)s.") % {"player": player}
    if kind == Kind.REROLL:
        if details.get("dropped"):
            return gettext("Gave back a team re-roll.")
        return gettext("Bought a team re-roll for %(cost)s gp.") % {"cost": gold(details.get("cost", 0))}
    if kind == Kind.STAFF and details.get("staff") in STAFF_TEXT_KEYS:
        staff = team_text(team, STAFF_TEXT_KEYS[details["staff"]])
        if details.get("delta", 0) > 0:
            return gettext("Hired: %(staff)s.") % {"staff": staff}
        return gettext("Let go: %(staff)s.") % {"staff": staff}
    if kind == Kind.FANS:
        return gettext("Dedicated fans: %(old)s to %(new)s.") % {
            "old": details.get("from"),
            "new": details.get("to"),
        }
    if kind == Kind.READY:
        return gettext("Team marked ready.")
    if kind == Kind.ADVANCEMENT:
        return _advancement_summary(team, details)
    if kind == Kind.RETIRE:
        if details.get("temporarily"):
            return gettext("%(player)s retired temporarily.") % {"player": player}
        return gettext("%(player)s retired.") % {"player": player}
    if kind == Kind.EDIT and details.get("returned"):
        return gettext("%(player)s came back from retirement.") % {"player": player}
    if kind == Kind.EDIT and details.get("captain"):
        return gettext("%(player)s is the Team Captain.") % {"player": player}
    if kind == Kind.EDIT and "dedication" in details:
        key = dedication.text_key(edition, details["dedication"])
        if key is None:
            return gettext("The team is no longer dedicated.")
        return gettext("The team is dedicated to %(name)s.") % {"name": edition.text(f"{key}.name", language)}
    if kind == Kind.EDIT and "new_name" in details:
        return gettext("%(player)s is now #%(number)s %(name)s.") % {
            "player": player,
            "number": details.get("number"),
            "name": details["new_name"],
        }
    if kind == Kind.IMPORT:
        return gettext("Team imported with %(count)s players.") % {"count": details.get("players", 0)}
    if kind == Kind.CORRECTION and "why" in details:
        return gettext("The match %(match)s was corrected: %(why)s") % {
            "match": details.get("match_name", ""),
            "why": details["why"],
        }
    if kind == Kind.REDRAFT and "budget" in details:
        return gettext(
            "Re-drafted after %(season)s: %(kept)s players kept, %(cost)s gp spent of a %(budget)s gp budget."
        ) % {
            "season": details.get("season_name", ""),
            "kept": len(details.get("rehired", [])),
            "cost": gold(details.get("cost", 0)),
            "budget": gold(details["budget"].get("total", 0)),
        }
    return str(entry.get_kind_display())


def _advancement_summary(team, details):
    edition = get_edition(team.edition)
    language = get_language()
    player = details.get("player", "")
    rolls = _rolls_text(details.get("rolls") or ([details["roll"]] if details.get("roll") else []))
    if details.get("drawn"):
        labels = [edition.skill_label(SkillRef.parse(skill), language) for skill in details["drawn"]]
        text = gettext("%(player)s drew %(skills)s at random: one is to be kept.") % {
            "player": player,
            "skills": ", ".join(labels),
        }
    elif details.get("pending"):
        text = gettext("%(player)s rolled for a characteristic improvement.") % {"player": player}
    elif "skill" in details:
        ref = SkillRef.parse(details["skill"])
        label = edition.skill_label(ref, language) if ref.id in edition.skills else details["skill"]
        text = gettext("%(player)s gained %(skill)s (%(kind)s) for %(spp)s SPP.") % {
            "player": player,
            "skill": label,
            "kind": origin_label(team, details.get("kind")),
            "spp": details.get("spp"),
        }
    elif details.get("kind") in CHARACTERISTICS:
        text = gettext("%(player)s improved %(characteristic)s for %(spp)s SPP.") % {
            "player": player,
            "characteristic": team_text(team, f"characteristic.{details['kind']}.name"),
            "spp": details.get("spp"),
        }
    else:
        text = str(Kind.ADVANCEMENT.label)
    if details.get("free_skill"):
        ref = SkillRef.parse(details["free_skill"])
        text += " " + gettext("A free %(skill)s too (%(roll)s).") % {
            "skill": edition.skill_label(ref, language),
            "roll": details["free_roll"]["total"],
        }
    elif details.get("free_roll"):
        text += " " + gettext("No free skill (%(roll)s).") % {"roll": details["free_roll"]["total"]}
    return f"{text} {rolls}".strip() if rolls else text


def timeline(team, entries):
    """The ledger entries ready to print: summary, changes, and the entry itself (who, when, gold)."""
    return [
        {"entry": entry, "summary": entry_summary(team, entry), "changes": entry_changes(team, entry)}
        for entry in entries
    ]
