"""The plan of the post-match sequence for one side: what it does to the team and its players, computed
from the stored dice without saving anything (the preview shows it; applying writes it)."""

from matches.models import SIDES
from matches.services import prematch
from matches.services.outcome import (
    events,
    final_score,
    injuries,
    match_edition,
    mvp_candidates,
    penalised_conceder,
    result,
    spp_earned,
)
from matches.services.postmatch import hunt, soul, undeath
from matches.services.postmatch.rolls import (
    hire_cost,
    hired_journeymen,
    journeyman_position,
    side_bet_payout,
    winnings,
)
from rosters.models import Player, Team
from rosters.values import player_value, refresh_team_value
from rulebook import formulas
from rulebook.coverage import carries_out
from rulebook.dice import Dice

GONE = (Player.Status.DEAD, Player.Status.RETIRED, Player.Status.FIRED)


def _hired_player(journeyman, team):
    """The unsaved Player a hired journeyman becomes: its position's profile, no Loner (it is no longer
    a journeyman: edition.toml [journeymen] hire_loses)."""
    position = journeyman_position(team, journeyman)
    return Player(
        team=team,
        number=journeyman["number"],
        name=journeyman["name"],
        position=position.id,
        **position.profile.as_dict(),
    )


def plan(match, side, *, team=None, players=None, match_events=None):
    """What the post-match sequence does to `side`'s team, without saving anything.

    Returns {"team": Team (changed), "players": [Player (changed, hired ones unsaved)], "summary": {...}}.
    """
    edition = match_edition(match)
    team = team or match.team(side)
    players = list(team.players.all()) if players is None else players
    match_events = events(match) if match_events is None else match_events
    record = match.postmatch.get(side, {})
    earned = spp_earned(match, match_events)[side]
    hurt = injuries(match, match_events)[side]
    mvps = [entry["player"] for entry in record.get("mvps") or [record.get("mvp")] if entry]
    rules = team.rules_in_force
    friendly = _friendly_rules(match, edition)
    if friendly:
        earned, hurt, mvps, record = _as_a_friendly(friendly, earned, hurt, mvps, record)
    summary = {"result": result(match, side), "score": final_score(match), "treasury_before": team.treasury}
    # 1. winnings (inducements bought from the treasury are paid now)
    gained = 0 if friendly and not friendly.winnings else winnings(match, side)
    side_bet = {"stake": prematch.side_bet_stake(match, side), "payout": side_bet_payout(match, side)}
    team.treasury += gained + side_bet["payout"] - match.side_value("treasury_spent", side)
    summary.update(
        winnings=gained, side_bet=side_bet, treasury_spent=match.side_value("treasury_spent", side)
    )
    # 2. dedicated fans
    fans_before = team.dedicated_fans
    conceded = penalised_conceder(match) == side
    if "fans" in record:
        if conceded:
            low = edition.settings.dedicated_fans.min
            team.dedicated_fans = max(low, team.dedicated_fans - record["fans"]["total"])
        else:
            team.dedicated_fans = formulas.dedicated_fans_after(
                team.dedicated_fans, result=summary["result"], d6=record["fans"]["total"], edition=edition
            )
    summary["dedicated_fans"] = [fans_before, team.dedicated_fans]
    # 3. SPP and MVP; 4. journeymen hired; previous MNG cleared; injuries
    by_key = {f"p{p.pk}": p for p in players}
    for player in players:
        if player.status not in GONE and not (friendly and not friendly.miss_next_game_served):
            player.miss_next_game = False
    hired = []
    summary["hire_cost"] = 0
    for journeyman in hired_journeymen(match, side, record):
        player = _hired_player(journeyman, team)
        team.treasury -= hire_cost(team, journeyman)
        summary["hire_cost"] += hire_cost(team, journeyman)
        by_key[journeyman["key"]] = player
        hired.append(player)
    summary["raised"] = None
    if record.get("raised"):
        numbers = [p.number for p in players if p.status not in GONE] + [p.number for p in hired]
        player = undeath.raised_player(team, record["raised"], number=max(numbers, default=0) + 1)
        hired.append(player)
        summary["raised"] = {**record["raised"], "number": player.number}
    summary["soul"] = None
    if record.get("soul"):
        # Ereth Khial's Enthralled Elven Soul kept (postmatch.soul): free, at its full value in TV.
        numbers = [p.number for p in players if p.status not in GONE] + [p.number for p in hired]
        player = soul.soul_player(team, record["soul"], number=max(numbers, default=0) + 1)
        hired.append(player)
        summary["soul"] = {**record["soul"], "number": player.number}
    spp = {key: dict(value) for key, value in earned.items()}
    for key in record.get("awarded", []):
        if key:
            entry = spp.setdefault(key, {"spp": 0})
            entry["awarded_touchdown"] = entry.get("awarded_touchdown", 0) + 1
            entry["spp"] += formulas.spp_for("touchdown", team_rules=rules, edition=edition)
    summary["awarded"] = record.get("awarded", [])
    for hunted in record.get("hunted", []):
        # Kurnous's Wild Hunt (postmatch.hunt): extra SPP for hitting a marked opponent.
        entry = spp.setdefault(hunted["player"], {"spp": 0})
        entry["hunt"] = entry.get("hunt", 0) + 1
        entry["spp"] += hunt.bonus_spp(match, side)
    for mvp in mvps:
        entry = spp.setdefault(mvp, {"spp": 0})
        entry["mvp"] = 1
        entry["spp"] += formulas.spp_for("mvp", team_rules=rules, edition=edition)
    for key, entry in spp.items():
        if key in by_key:
            by_key[key].spp_earned += entry["spp"]
    summary["spp"] = spp
    summary["mvp"] = mvps[0] if mvps else None
    summary["mvps"] = mvps
    for key, results in hurt.items():
        player = by_key.get(key)
        if player is None:
            continue
        for outcome in results:
            _injure(player, outcome, edition)
    summary["injuries"] = hurt
    summary["hired"] = [p.name for p in hired]
    summary["veterans"] = _veterans_leave(record.get("veterans", []) if conceded else [], by_key)
    # 5. expensive mistakes
    summary["mistake"] = None
    if "mistake" in record:
        mistake = formulas.expensive_mistake(team.treasury, record["mistake"]["total"], edition=edition)
        if mistake is not None:
            extra = record.get("mistake_dice", {}).get("total")
            if extra is None and formulas.dice_for_expensive_mistake(mistake, edition=edition):
                extra = (
                    Dice()
                    .roll(formulas.dice_for_expensive_mistake(mistake, edition=edition), purpose="x")
                    .total
                )
            before = team.treasury
            team.treasury = formulas.treasury_after_mistake(team.treasury, mistake, extra, edition=edition)
            summary["mistake"] = {"outcome": mistake, "lost": before - team.treasury}
    # 6. TV and CTV
    for player in hired:
        player.value = player_value(player)
    refresh_team_value(team, [p for p in players + hired if p.status not in GONE])
    summary.update(
        treasury=team.treasury, team_value=team.team_value, current_team_value=team.current_team_value
    )
    return {"team": team, "players": players, "hired": hired, "by_key": by_key, "summary": summary}


def _friendly_rules(match, edition):
    """The edition's rules for a friendly (edition.toml [friendly]: BB2025's leave no trace in the league),
    for a match outside a league fixture; None for a league match or an edition without such rules."""
    return edition.settings.friendly if match.is_friendly else None


def _as_a_friendly(friendly, earned, hurt, mvps, record):
    """What a friendly keeps of the game: no SPP (nor MVP, nor awarded touchdowns) where it earns none,
    every casualty a Badly Hurt (no lasting injury, nobody dead, so nobody raised) where the rules say so.
    Returns (earned, hurt, mvps, record) as the plan reads them."""
    if not friendly.spp:
        earned, mvps, record = {}, [], {**record, "awarded": [], "hunted": []}
    if friendly.casualty_result == "badly_hurt":
        hurt, record = {}, {**record, "raised": None, "soul": None}
    return earned, hurt, mvps, record


def _veterans_leave(rolled, by_key):
    """Retire the veterans whose roll made them quit (kept in the team's history, as rosters retire a
    player); returns the rolls for the summary. A player gone since the roll is left alone."""
    for entry in rolled:
        player = by_key.get(entry["player"])
        if entry["leaves"] and player is not None and player.status not in GONE:
            player.status = Player.Status.RETIRED
    return rolled


# A lasting injury row names the characteristic it reduces and by how many steps (`av = -1`).
@carries_out("lasting_injury", key="characteristic")
@carries_out("lasting_injury", key="ma")
@carries_out("lasting_injury", key="st")
@carries_out("lasting_injury", key="ag")
@carries_out("lasting_injury", key="pa")
@carries_out("lasting_injury", key="av")
def _injure(player, outcome, edition):
    if outcome["dead"]:
        player.status = Player.Status.DEAD
        return
    if outcome["miss_next_game"]:
        player.miss_next_game = True
    if outcome["niggling"]:
        player.niggling_injuries += 1
    if outcome["lasting_injury"]:
        table = edition.table("lasting_injury")
        characteristic = outcome["characteristic"]
        value = getattr(player, characteristic)
        reduced = _reduced(value, characteristic, table.row(outcome["lasting_injury"]), edition)
        cannot_apply = table.extra.get("if_cannot_apply")
        if reduced == value and cannot_apply == "miss_next_game":
            player.miss_next_game = True  # the characteristic is already at its worst
            return
        player.lasting_injuries = [*player.lasting_injuries, outcome["lasting_injury"]]
        setattr(player, characteristic, reduced)


def _reduced(value, characteristic, row, edition):
    """The characteristic after the lasting injury `row`: as many steps worse as the row's own key for it
    says (`av = -1`: one step), within the edition's bounds."""
    for _step in range(-row.get(characteristic, -1)):
        value = formulas.reduce(value, characteristic, edition=edition)
    return value


def _spp_rows(match, side, team, spp):
    """[{"name", "spp", "mvp"}] of the players who earn SPP, most first (names from the roster, or of the
    match's journeymen, mercenaries and stars); one query for the roster's names."""
    names = {f"p{player.pk}": f"#{player.number} {player.name}" for player in team.players.all()}
    names.update(match.match_only_players(side))
    rows = [
        {"name": names.get(key, key), "spp": entry["spp"], "mvp": bool(entry.get("mvp"))}
        for key, entry in spp.items()
        if entry["spp"]
    ]
    return sorted(rows, key=lambda row: -row["spp"])


def _treasury_items(summary):
    """[{"what", "gold", "income", "key"}] of what moves the treasury from before to after, in the order
    they happen (`income`: it comes in, else it goes out; `key`: the rules text naming an expensive
    mistake's outcome); nothing that is 0."""
    mistake = summary["mistake"]
    items = [
        ("winnings", summary["winnings"], True),
        ("side_bet", summary["side_bet"]["payout"], True),
        ("inducements", summary["treasury_spent"], False),
        ("hired", summary["hire_cost"], False),
        ("mistake", mistake["lost"] if mistake else 0, False),
    ]
    key = f"table.expensive_mistakes.{mistake['outcome']}.name" if mistake else ""
    return [
        {"what": what, "gold": gold, "income": income, "key": key if what == "mistake" else ""}
        for what, gold, income in items
        if gold
    ]


def preview(match):
    """{side: {"before": summary of the team now, "after": plan summary, "spp": the players' SPP,
    "treasury_items": what moves the treasury}} for the preview page."""
    match_events = events(match)
    hurt = injuries(match, match_events)
    previews = {}
    for side in SIDES:
        team = Team.objects.get(pk=match.team(side).pk)
        before = {
            "treasury": team.treasury,
            "dedicated_fans": team.dedicated_fans,
            "team_value": team.team_value,
            "current_team_value": team.current_team_value,
        }
        after = plan(match, side, team=team, match_events=match_events)["summary"]
        names = dict(mvp_candidates(match, side, hurt=hurt))
        previews[side] = {
            "team": team,
            "before": before,
            "after": after,
            "stalled": match.stalled(side),
            "mvp_names": [names.get(key, key) for key in after["mvps"]],
            "spp": _spp_rows(match, side, team, after["spp"]),
            "treasury_items": _treasury_items(after),
        }
    return previews
