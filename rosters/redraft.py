"""Re-drafting a team between seasons, by the edition's [redraft] rules.

Three steps: rest and recovery (players who would miss the next game recover; a D6 per Niggling
Injury, 4+ removes it; a temporarily retired player rolls per lost characteristic, 4+ brings it back for
a new Niggling Injury: rosters.recovery), raising funds (a budget from the base, the treasury and the
season's games), and the re-draft itself (re-hire players at their current value plus a fee per season
played, re-rolls at the roster price, staff, Dedicated Fans kept for free in BB2020 or bought again as
at a first draft in BB2025; what is left becomes the treasury).

What the league and the matches know (the season, its games, the friendlies, the seasons each player
played) is given by the caller (the re-draft page: league.redraft and matches.services.league): rosters
imports neither. The budget and the costs are pure functions of their arguments.
"""

from dataclasses import asdict, dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rosters import ledger
from rosters.models import LedgerEntry, Player, Team
from rosters.recovery import recovery_dice, rehirable, rest_and_recovery, roll_die
from rosters.values import player_value
from rulebook.dice import Dice
from rulebook.edition import get_edition

Kind = LedgerEntry.Kind
# Staff fields of the team and their names in the [redraft] carry_over_costs and [staff] tables.
STAFF_RULES = {
    "assistant_coaches": "assistant_coach",
    "cheerleaders": "cheerleader",
    "apothecary": "apothecary",
}


def rules(edition):
    """The edition's [redraft] settings."""
    return edition.settings.redraft


# --- raise funds -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonRecord:
    """What the budget needs to know about the season just finished (ids and counts only)."""

    season_id: int
    season_name: str = ""
    league_games: int = 0
    league_wins: int = 0
    league_draws: int = 0
    friendlies: int = 0

    @property
    def games_played(self):
        return self.league_games + self.friendlies


@dataclass(frozen=True)
class Budget:
    """The re-draft budget, part by part, in gold pieces."""

    base: int
    treasury: int
    games: int
    wins: int
    draws: int
    uncapped: int
    cap: int | None
    total: int

    @property
    def is_capped(self):
        return self.total < self.uncapped


def raise_funds(
    *, treasury, games_played, league_wins, league_draws, edition, league_games=None, capped=False
):
    """The re-draft budget: the base, plus the treasury (when the edition adds it), plus gold per game
    played (BB2020 `per_game_played`: league fixtures and friendlies; BB2025 `per_league_fixture_played`:
    league fixtures only, `league_games`), per league win and per league draw; at most the optional cap
    when `capped` (a commissioner's choice, which BB2025 recommends: `cap_recommended`)."""
    redraft = rules(edition)
    if redraft.per_league_fixture_played is not None:
        fixtures = games_played if league_games is None else league_games
        games = fixtures * redraft.per_league_fixture_played
    else:
        games = games_played * redraft.per_game_played
    parts = {
        "base": redraft.base_budget,
        "treasury": max(treasury, 0) if redraft.add_treasury else 0,
        "games": games,
        "wins": league_wins * redraft.per_league_win,
        "draws": league_draws * redraft.per_league_draw,
    }
    uncapped = sum(parts.values())
    cap = redraft.optional_cap if capped else None
    total = min(uncapped, cap) if cap is not None else uncapped
    return Budget(**parts, uncapped=uncapped, cap=cap, total=total)


def rehire_cost(value, seasons, *, edition):
    """A player's re-hire price: their current value plus the agent's fee per previous season."""
    return value + seasons * rules(edition).rehire_fee_per_season


def carry_over_cost(item, *, reroll_cost, edition):
    """The re-draft price of one re-roll ("reroll") or one member of staff (assistant_coach, ...)."""
    price = rules(edition).carry_over_costs[item]
    return reroll_cost if price == "roster_price" else price


def fans_kept_free(edition):
    """Whether Dedicated Fans carry over for free (BB2020), or are bought again as at a first draft
    (BB2025: dedicated_fans_carried_free = false)."""
    return rules(edition).dedicated_fans_carried_free


def fans_cost(dedicated_fans, *, edition):
    """What `dedicated_fans` cost at a re-draft: nothing when they carry over, else the draft price of
    each point above the start."""
    if fans_kept_free(edition):
        return 0
    fans = edition.settings.dedicated_fans
    return max(dedicated_fans - fans.start, 0) * fans.cost


def redraft_cost(*, rehired, rerolls, staff, reroll_cost, edition, dedicated_fans=None):
    """The total of a re-draft: `rehired` is [(current value, previous seasons)], `staff` is
    {"assistant_coaches": n, "cheerleaders": n, "apothecary": bool}; `dedicated_fans` (where they do
    not carry over) the Dedicated Fans bought."""
    players = sum(rehire_cost(value, seasons, edition=edition) for value, seasons in rehired)
    reroll_price = carry_over_cost("reroll", reroll_cost=reroll_cost, edition=edition)
    sideline = sum(
        int(count) * carry_over_cost(STAFF_RULES[field], reroll_cost=reroll_cost, edition=edition)
        for field, count in staff.items()
    )
    fans = fans_cost(dedicated_fans, edition=edition) if dedicated_fans is not None else 0
    return players + rerolls * reroll_price + sideline + fans


def already_redrafted(team, season_id):
    return team.ledger.filter(kind=Kind.REDRAFT, details__season=season_id).exists()


def previous_redraft(team):
    """The team's latest re-draft (a LedgerEntry), or None."""
    return team.ledger.filter(kind=Kind.REDRAFT).order_by("-created_at", "-id").first()


# --- the re-draft ----------------------------------------------------------------------------------------


def _fail(message, **params):
    raise ValidationError(message % params if params else message)


def _check_staff(team, staff, settings):
    for field, rule in STAFF_RULES.items():
        count = int(staff.get(field, 0))
        if count < 0 or count > settings.staff[rule].max:
            _fail(_("At most %(max)d of these may be hired."), max=settings.staff[rule].max)
    if staff.get("apothecary") and not team.rules.apothecary:
        _fail(_("This team may not hire an apothecary."))


def _check_fans(team, dedicated_fans, edition):
    """The Dedicated Fans after the re-draft: kept (BB2020), or bought as at a first draft (BB2025)."""
    if fans_kept_free(edition):
        return team.dedicated_fans
    fans = edition.settings.dedicated_fans
    chosen = fans.start if dedicated_fans is None else int(dedicated_fans)
    if not fans.start <= chosen <= fans.max_draft:
        _fail(
            _("Dedicated fans must be between %(min)d and %(max)d."),
            min=fans.start,
            max=fans.max_draft,
        )
    return chosen


def redraft_team(
    *,
    team,
    actor,
    record,
    rehire,
    rerolls,
    assistant_coaches,
    cheerleaders,
    apothecary,
    seasons,
    capped=False,
    dedicated_fans=None,
    dice=None,
    faces=None,
    as_commissioner=False,
):
    """Re-draft `team` for the season of `record` (a SeasonRecord): rest and recovery of the players
    re-hired, then the re-draft paid from the budget; what is left becomes the treasury.

    `rehire`: ids of the players kept; `seasons`: {player id: previous seasons} (the league's:
    league.redraft.seasons_played); `faces`: {player id: {("niggling" | "retired", index): face}}
    entered by the coach, other dice rolled with `dice` (a rulebook.dice.Dice). Everything is checked
    before any die is rolled.

    Side effects: the re-hired players lose their miss-next-game, maybe Niggling Injuries and lasting
    injuries (gaining Niggling Injuries), and temporarily retired ones come back; players not re-hired
    leave the team (fired, or retired for good when they were temporarily retired); the team's re-rolls,
    staff and treasury are set; team value is recomputed; one ledger entry of kind "redraft" (which undo
    reverses) holds the budget, the costs and every roll. Raises ValidationError, changing nothing.
    """
    edition = get_edition(team.edition)
    settings = edition.settings
    with transaction.atomic():
        Team.objects.select_for_update().filter(pk=team.pk).first()
        if team.is_draft:
            _fail(_("A team still being drafted cannot be re-drafted."))
        if already_redrafted(team, record.season_id):
            _fail(_("The team has already been re-drafted for this season."))
        players = list(team.players.on_roster())
        candidates = {player.pk: player for player in rehirable(team, players)}
        rehire = {int(pk) for pk in rehire}
        if rehire - set(candidates):
            _fail(_("Only players on the roster can be re-hired."))
        if len(rehire) > settings.max_players:
            _fail(_("A team may have at most %(max)d players."), max=settings.max_players)
        if not 0 <= rerolls <= settings.max_rerolls:
            _fail(_("A team may have at most %(max)d team re-rolls."), max=settings.max_rerolls)
        staff = {
            "assistant_coaches": assistant_coaches,
            "cheerleaders": cheerleaders,
            "apothecary": bool(apothecary),
        }
        _check_staff(team, staff, settings)
        fans = _check_fans(team, dedicated_fans, edition)
        kept = [candidates[pk] for pk in sorted(rehire, key=lambda pk: candidates[pk].number)]
        prices = {p.pk: rehire_cost(player_value(p), seasons.get(p.pk, 0), edition=edition) for p in kept}
        budget = raise_funds(
            treasury=team.treasury,
            games_played=record.games_played,
            league_games=record.league_games,
            league_wins=record.league_wins,
            league_draws=record.league_draws,
            capped=capped,
            edition=edition,
        )
        cost = redraft_cost(
            rehired=[(player_value(p), seasons.get(p.pk, 0)) for p in kept],
            rerolls=rerolls,
            staff=staff,
            reroll_cost=team.rules.reroll_cost,
            edition=edition,
            dedicated_fans=fans,
        )
        if cost > budget.total:
            _fail(
                _("The re-draft costs %(cost)s gp but the budget is %(budget)s gp."),
                cost=f"{cost:,}",
                budget=f"{budget.total:,}",
            )
        faces = faces or {}
        for player in kept:
            for what, index in recovery_dice(player):
                face = faces.get(player.pk, {}).get((what, index))
                if face:
                    roll_die(None, rules(edition).recovery(what), face, "check")
        dice = dice or Dice()
        with ledger.change(
            team, actor=actor, kind=Kind.REDRAFT, players=players, as_commissioner=as_commissioner
        ) as change:
            recovery = [rest_and_recovery(team, p, dice=dice, faces=faces.get(p.pk)) for p in kept]
            for player in kept:
                if player.status == Player.Status.TEMPORARILY_RETIRED:
                    player.status = Player.Status.ACTIVE
            released = [player for player in players if player.pk not in rehire]
            for player in released:
                retired = player.status == Player.Status.TEMPORARILY_RETIRED
                player.status = Player.Status.RETIRED if retired else Player.Status.FIRED
            carried = 0 if rules(edition).add_treasury else team.treasury
            team.treasury = carried + budget.total - cost
            team.rerolls = rerolls
            team.assistant_coaches = assistant_coaches
            team.cheerleaders = cheerleaders
            team.apothecary = bool(apothecary)
            team.dedicated_fans = fans
            change.details = {
                "season": record.season_id,
                "season_name": record.season_name,
                "record": asdict(record),
                "budget": asdict(budget),
                "cost": cost,
                "rehired": [
                    {"player": p.name, "id": p.pk, "cost": prices[p.pk], "seasons": seasons.get(p.pk, 0)}
                    for p in kept
                ],
                "released": [player.name for player in released],
                "rerolls": rerolls,
                "staff": staff,
                "dedicated_fans": fans,
                "recovery": recovery,
            }
    return change.details
