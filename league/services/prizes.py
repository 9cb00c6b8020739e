"""Season prizes: when a commissioner finishes a Blood Bowl season, its final places (the playoff
final's champion and runner-up first, then the table) win the rulebook's [league] prizes (gold paid
into the team's treasury through the rosters ledger, so it shows in the team's history), and the
champion takes the League Trophy; reopening the season takes them back.

league.services.leagues.set_season_status calls award_prizes and take_back_prizes in its transaction.
The trophy's extra team re-roll is not added to any roster: pages show it as a note.
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from league.models import PLACE_LABELS, PRIZE_PLACES, Season, SeasonPrize, StandingsRow
from league.permissions import require_commissioner
from league.services import scheduling
from rosters import ledger
from rosters.models import LedgerEntry, Team
from rulebook.settings.league_play import LeagueRules

REASON_LENGTH = LedgerEntry._meta.get_field("reason").max_length


@dataclass(frozen=True)
class Prize:
    """What a place of a season earns."""

    place: int
    gold: int
    trophy: bool

    @property
    def place_label(self):
        return PLACE_LABELS.get(self.place, self.place)


def _league_rules(league) -> LeagueRules:
    """The [league] section of the league's edition."""
    return league.rulebook.settings.league


def prize_table(league):
    """The prizes a season of `league` gives (its edition's), best place first: none outside Blood Bowl."""
    if not league.is_blood_bowl:
        return []
    prizes = [
        Prize(place=PRIZE_PLACES[name], gold=gold, trophy=PRIZE_PLACES[name] == 1)
        for name, gold in _league_rules(league).prizes.items()
    ]
    return sorted(prizes, key=lambda prize: prize.place)


def trophy_rerolls(league):
    """The extra team re-rolls the League Trophy's holder takes into each game (the league's edition's;
    0 outside Blood Bowl)."""
    return _league_rules(league).trophy_extra_rerolls if league.is_blood_bowl else 0


def trophy_holder(league):
    """The SeasonPrize of the League Trophy's holder (the champion of the league's latest finished
    season), with its season, entry, team and coach; None when no season gave it (one query, none outside
    Blood Bowl)."""
    if not league.is_blood_bowl:
        return None
    return (
        SeasonPrize.objects.with_related()
        .filter(season__league=league, trophy=True)
        .order_by("-awarded_at", "-id")
        .first()
    )


def trophies_held(team):
    """The leagues whose League Trophy `team` holds now (one query)."""
    latest = (
        SeasonPrize.objects.filter(season__league=OuterRef("season__league"), trophy=True)
        .order_by("-awarded_at", "-id")
        .values("pk")[:1]
    )
    held = SeasonPrize.objects.filter(entry__team=team, trophy=True, pk=Subquery(latest))
    return [prize.season.league for prize in held.select_related("season__league")]


# A division title is an honour, not a prize: the rulebook's [league] prizes pay the season's final
# places only, so a division winner gets no gold and no trophy (inventing some would change what the
# league's edition says a season is worth). Nor is it stored apart: a finished season's stored division
# tables already name each division's winner, and follow a reopened season without anything to take
# back. The pages show it from there (the season's page and the team's).


def division_winners(season):
    """[(division, entry)] of a finished season with divisions, the divisions in order: the first of each
    division's stored table, when it played; [] for a season not finished or without divisions (one
    query)."""
    if season.status != Season.Status.FINISHED:
        return []
    rows = (
        StandingsRow.objects.for_season(season)
        .filter(division_position=1, played__gt=0)
        .select_related("division", "entry__team", "entry__coach")
        .order_by("division__order", "division_id")
    )
    return [(row.division, row.entry) for row in rows]


def division_titles(team):
    """[(season, division)] the divisions `team` won in finished seasons, newest first, each season with
    its league (one query)."""
    rows = (
        StandingsRow.objects.filter(
            entry__team=team, division_position=1, played__gt=0, season__status=Season.Status.FINISHED
        )
        .select_related("season__league", "division")
        .order_by("-season__created_at", "-season_id")
    )
    return [(row.season, row.division) for row in rows]


def _change_treasury(*, team_id, gold, by, reason, details):
    """Add `gold` (taken back when negative) to a team's treasury and return the LedgerEntry saying so.

    Side effects: saves the team (its treasury) and creates a "gold" LedgerEntry made by `by`, as a
    commissioner unless `by` coaches the team.
    """
    team = Team.objects.select_for_update().get(pk=team_id)
    acting = {"actor": by, "as_commissioner": team.coach_id != by.pk}
    with ledger.change(team, kind=LedgerEntry.Kind.GOLD, reason=reason[:REASON_LENGTH], **acting) as change:
        team.treasury += gold
        change.details.update(details)
    return team.ledger.first()


def _details(prize, season):
    return {"season": season.pk, "season_name": str(season), "place": prize.place, "gold": prize.gold}


def final_places(season, count):
    """{place: entry} of the season's first `count` places: a decided playoff final's champion and
    runner-up first, then the best teams of the stored table that played (the table alone without
    playoffs). A team that played no game has no place. In a season with divisions the table is the
    whole season's (`position`), as for the wild cards: the divisions' winners are honours
    (division_winners), not places."""
    final = scheduling.playoff_final(season)
    ranked = list(final or ())
    taken = {entry.pk for entry in ranked}
    rows = StandingsRow.objects.for_season(season).filter(played__gt=0).select_related("entry")
    best = rows.order_by("position")[: count + len(taken)]
    ranked += [row.entry for row in best if row.entry_id not in taken]
    return dict(enumerate(ranked[:count], start=1))


def award_prizes(*, season, by):
    """Give the season's prizes to its final places (final_places: the playoff final's two teams first
    when there was one), once: nothing when the season has its prizes already, or outside Blood Bowl.

    Side effects: creates a SeasonPrize per place won; for an entry with a roster team, adds the gold to
    its treasury with a "gold" LedgerEntry (see _change_treasury) that the SeasonPrize links to.
    Returns the SeasonPrizes created.
    """
    require_commissioner(by, season.league)
    prizes = prize_table(season.league)
    awarded: list[SeasonPrize] = []
    with transaction.atomic():
        if not prizes or season.prizes.exists():
            return awarded
        entries = final_places(season, len(prizes))
        for prize in prizes:
            entry = entries.get(prize.place)
            if entry is None:
                continue
            payment = None
            if entry.team_id:
                reason = _("Season prize: %(place)s place in %(season)s") % {
                    "place": prize.place_label,
                    "season": season,
                }
                payment = _change_treasury(
                    team_id=entry.team_id,
                    gold=prize.gold,
                    by=by,
                    reason=reason,
                    details={"season_prize": _details(prize, season)},
                )
            awarded.append(
                SeasonPrize.objects.create(
                    season=season,
                    entry=entry,
                    place=prize.place,
                    gold=prize.gold,
                    trophy=prize.trophy,
                    payment=payment,
                )
            )
    return awarded


def take_back_prizes(*, season, by):
    """Take back what finishing the season gave: the gold still paid, and the League Trophy (which goes
    back to the champion of the season finished before).

    Side effects: for each SeasonPrize whose payment is still in the team's ledger, takes the gold out
    of the treasury with a "gold" LedgerEntry (the treasury may go below zero if it was spent); deletes
    the season's SeasonPrizes.
    """
    require_commissioner(by, season.league)
    with transaction.atomic():
        for prize in season.prizes.filter(payment__isnull=False).select_related("entry"):
            reason = _("Season prize taken back: %(place)s place in %(season)s, which was reopened") % {
                "place": prize.place_label,
                "season": season,
            }
            _change_treasury(
                team_id=prize.entry.team_id,
                gold=-prize.gold,
                by=by,
                reason=reason,
                details={"season_prize_taken_back": _details(prize, season)},
            )
        season.prizes.all().delete()
