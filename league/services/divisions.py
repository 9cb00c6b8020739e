"""A season's divisions: create, rename, reorder and delete them, and place the teams in them (by hand,
balanced by team value or by last season's table, or from last season's divisions with promotion and
relegation applied).

Which division a team plays in decides its fixtures and its table, so teams stay where they are once
the season has started, and once its league fixtures are drawn (they were drawn inside the divisions).
Each function is one transaction: a refusal (a ValidationError with a translated reason) changes
nothing. Placing teams recomputes the season's stored table (league.standings.store), whose rows know
each team's division.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from league import divisions as dividing
from league.models import Division, Season, SeasonEntry
from league.permissions import require_commissioner
from league.standings.read import stored_division_tables, stored_table
from league.standings.store import recompute_standings

BALANCE_BY = ("team_value", "last_season")


def locked_reason(season):
    """Why the season's teams may no longer change divisions (a translated sentence), or "" while they
    may: once it has started, or once its league fixtures are drawn (one query at most)."""
    if season.has_started:
        return _("The season has started: its teams stay in their divisions until it ends.")
    if season.fixtures.league_stage().exists():
        return _("The fixtures are drawn inside the divisions: remove them before changing the divisions.")
    return ""


def _require_open(season):
    """Refuse a change of who plays in which division once it would change games already drawn."""
    reason = locked_reason(season)
    if reason:
        raise ValidationError(reason)


def _clean_name(name):
    name = (name or "").strip()
    if not name:
        raise ValidationError(_("Give the division a name."))
    if len(name) > Division._meta.get_field("name").max_length:
        raise ValidationError(_("A division's name has at most 80 characters."))
    return name


def _require_unique_name(season, name, exclude=None):
    taken = Division.objects.for_season(season).filter(name__iexact=name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if taken.exists():
        raise ValidationError(_("This season already has a division named “%(name)s”.") % {"name": name})


def create_division(*, season, by, name, conference=""):
    """A new division of `season`, after the others. Refused once the season has started or its
    fixtures are drawn.

    Side effects: creates a Division.
    """
    require_commissioner(by, season.league)
    name, conference = _clean_name(name), (conference or "").strip()[:80]
    with transaction.atomic():
        _require_open(season)
        _require_unique_name(season, name)
        last = Division.objects.for_season(season).aggregate(last=Max("order"))["last"] or 0
        return Division.objects.create(season=season, name=name, conference=conference, order=last + 1)


def rename_division(*, division, by, name, conference=None):
    """A division's new name (and conference, when given): allowed at any time, it changes no game.

    Side effects: saves Division.name and Division.conference.
    """
    require_commissioner(by, division.season.league)
    name = _clean_name(name)
    with transaction.atomic():
        _require_unique_name(division.season, name, exclude=division)
        division.name = name
        if conference is not None:
            division.conference = conference.strip()[:80]
        division.save(update_fields=["name", "conference"])
    return division


def reorder_divisions(*, season, by, order):
    """Put the season's divisions in `order` (their ids, the top division first): the order promotion
    and relegation follow. Allowed at any time, it changes no game.

    Side effects: saves Division.order of each division.
    """
    require_commissioner(by, season.league)
    with transaction.atomic():
        divisions = {division.pk: division for division in Division.objects.for_season(season)}
        if sorted(order) != sorted(divisions):
            raise ValidationError(_("Name every division of the season once."))
        for number, pk in enumerate(order, start=1):
            division = divisions[pk]
            if division.order != number:
                division.order = number
                division.save(update_fields=["order"])
    return [divisions[pk] for pk in order]


def move_division(*, division, by, step):
    """Move a division one place up (`step` -1) or down (+1) in the season's order (reorder_divisions)."""
    season = division.season
    ids = list(Division.objects.for_season(season).values_list("pk", flat=True))
    index = ids.index(division.pk)
    other = index + step
    if step not in (-1, 1) or not 0 <= other < len(ids):
        raise ValidationError(_("This division cannot move further."))
    ids[index], ids[other] = ids[other], ids[index]
    return reorder_divisions(season=season, by=by, order=ids)


def delete_division(*, division, by):
    """Remove a division; its teams are left without one, to place again. Refused once the season has
    started or its fixtures are drawn.

    Side effects: deletes the Division, clears SeasonEntry.division of its teams, recomputes the
    season's stored table.
    """
    season = division.season
    require_commissioner(by, season.league)
    with transaction.atomic():
        _require_open(season)
        SeasonEntry.objects.filter(division=division).update(division=None)
        division.delete()
        recompute_standings(season=season)


def division_groups(season, entries):
    """The accepted `entries` of `season` in its divisions ([[entries]], divisions in order), or None for
    a season without divisions: what league.services.scheduling pairs inside each division. Refused
    while a team is in no division, or a division has fewer than two teams (one query)."""
    divisions = list(Division.objects.for_season(season))
    if not divisions:
        return None
    unplaced = sorted(entry.display_name for entry in entries if entry.division_id is None)
    if unplaced:
        raise ValidationError(
            _("Place every team in a division first: %(teams)s.") % {"teams": ", ".join(unplaced)}
        )
    groups: dict[int, list] = {division.pk: [] for division in divisions}
    for entry in entries:
        groups[entry.division_id].append(entry)
    for division in divisions:
        if len(groups[division.pk]) < 2:
            raise ValidationError(
                _("The division %(name)s needs at least two teams.") % {"name": division.name}
            )
    return [groups[division.pk] for division in divisions]


def _entries(season):
    return list(season.entries.accepted().select_related("team").order_by("created_at", "id"))


def place_team(*, entry, division, by):
    """Put a team in `division` (None: in none). Refused once the season has started or its fixtures
    are drawn, for a division of another season, and for a withdrawn team.

    Side effects: saves SeasonEntry.division; recomputes the season's stored table.
    """
    season = entry.season
    require_commissioner(by, season.league)
    if division is not None and division.season_id != season.pk:
        raise ValidationError(_("Choose a division of this season."))
    if entry.status == SeasonEntry.Status.WITHDRAWN:
        raise ValidationError(_("This team has withdrawn from the season."))
    with transaction.atomic():
        _require_open(season)
        entry.division = division
        entry.save(update_fields=["division"])
        recompute_standings(season=season)
    return entry


def _place(season, placement):
    """Save each entry's division ({entry: division}) and the table that follows."""
    for entry, division in placement.items():
        if entry.division_id != (division.pk if division else None):
            entry.division = division
            entry.save(update_fields=["division"])
    recompute_standings(season=season)


def previous_season(season):
    """The league's latest finished season before `season`, or None."""
    return (
        Season.objects.filter(league_id=season.league_id, status=Season.Status.FINISHED)
        .exclude(pk=season.pk)
        .filter(created_at__lte=season.created_at)
        .order_by("-created_at", "-id")
        .first()
    )


def _same_team(entry):
    """What identifies a team from one season to the next: its roster, else its name."""
    return ("team", entry.team_id) if entry.team_id else ("name", entry.name.casefold())


def _same_team_as(row):
    """_same_team of a stored table's row (StandingsRowQuerySet.with_names: its `team_id` and `name`)."""
    return ("team", row.team_id) if row.team_id else ("name", row.name.casefold())


def _last_positions(season):
    """{team key (_same_team): its position in the previous season's table} (two queries)."""
    last = previous_season(season)
    if last is None:
        return {}
    return {_same_team_as(row): row.position for row in stored_table(last)}


def _ranked(season, entries, way):
    """The entries best first: by team value, or by last season's table (teams that did not play it
    after those that did, by team value)."""

    def value(entry):
        return entry.team.team_value if entry.team_id else 0

    if way == "last_season":
        positions = _last_positions(season)
        if not positions:
            raise ValidationError(_("The league has no finished season before this one to balance from."))
        missing = len(positions) + 1
        return sorted(
            entries, key=lambda entry: (positions.get(_same_team(entry), missing), -value(entry), entry.pk)
        )
    return sorted(entries, key=lambda entry: (-value(entry), entry.display_name.casefold(), entry.pk))


def balance_divisions(*, season, by, way="team_value"):
    """Share the accepted teams between the season's divisions in a snake draft (league.divisions), from
    a ranking `way`: "team_value" (highest first) or "last_season" (last season's table). Refused once
    the season has started or its fixtures are drawn, and without divisions.

    Side effects: saves SeasonEntry.division of every accepted team; recomputes the stored table.
    Returns {division: [entries]}.
    """
    require_commissioner(by, season.league)
    if way not in BALANCE_BY:
        raise ValidationError(_("Balance by team value or by last season's table."))
    with transaction.atomic():
        _require_open(season)
        divisions = list(Division.objects.for_season(season))
        if not divisions:
            raise ValidationError(_("Create the divisions first."))
        drawn = dividing.snake_draft(_ranked(season, _entries(season), way), len(divisions))
        placement = {
            entry: division for division, group in zip(divisions, drawn, strict=True) for entry in group
        }
        _place(season, placement)
    return dict(zip(divisions, drawn, strict=True))


@dataclass(frozen=True)
class Move:
    """One team in a promotion proposal: where it played last season and where it goes."""

    entry: SeasonEntry
    last_division: str  # its division's name last season ("" for a team new to the league)
    last_position: int | None  # its place in that division's table
    division: Division | None  # where it goes (None: to place by hand)
    went_up: bool = False

    @property
    def change(self):
        """ "up", "down", "same" or "new" (a team that played in no division last season)."""
        if not self.last_division or self.division is None:
            return "new"
        if self.division.name == self.last_division:
            return "same"
        return "up" if self.went_up else "down"


def _copied_divisions(season, last_divisions):
    """The season's divisions, created like last season's (names, order, conferences) when it has none."""
    existing = list(Division.objects.for_season(season))
    if existing:
        return existing
    return [
        Division.objects.create(
            season=season, name=division.name, order=division.order, conference=division.conference
        )
        for division in last_divisions
    ]


def promotion_proposal(*, season, up=1, down=1):
    """What league.divisions.promotion_and_relegation proposes for `season` (a new season) from the
    divisions of the previous finished season: [Move] for each accepted team, in next season's division
    order. Teams are matched by roster (by name for teams without one). Reads only; the divisions of
    `season` are matched to last season's by order (or, when `season` has none yet, shown by name).
    """
    last = previous_season(season)
    if last is None or not last.divisions.exists():
        raise ValidationError(_("The league's previous season had no divisions to promote from."))
    tables = stored_division_tables(last)
    try:
        target = dividing.promotion_and_relegation(
            [[_same_team_as(row) for row in rows] for _division, rows in tables], up=up, down=down
        )
    except ValueError:
        raise ValidationError(_("A division has too few teams to promote and relegate that many.")) from None
    was = {
        _same_team_as(row): (index, division, row.division_position)
        for index, (division, rows) in enumerate(tables)
        for row in rows
    }
    current = list(Division.objects.for_season(season)) or [division for division, _teams in tables]
    moves = []
    for entry in _entries(season):
        key = _same_team(entry)
        if key not in was:
            moves.append(Move(entry=entry, last_division="", last_position=None, division=None))
            continue
        index, division, position = was[key]
        goes = target[key]
        moves.append(
            Move(
                entry=entry,
                last_division=division.name,
                last_position=position,
                division=current[goes] if goes < len(current) else None,
                went_up=goes < index,
            )
        )
    order = {division.name: number for number, division in enumerate(current)}
    return sorted(
        moves, key=lambda move: (order.get(getattr(move.division, "name", ""), len(order)), move.entry.pk)
    )


def place_from_last_season(*, season, by, up=1, down=1, changes=None):
    """Start `season`'s divisions from the previous season's, with its promotion and relegation applied
    (promotion_proposal): the divisions are created like last season's when the season has none yet,
    and each team returning is placed where the proposal sends it, or where `changes` ({entry id:
    division name}, the commissioner's edits) says. Teams new to the league stay to be placed by hand.
    Refused once the season has started or its fixtures are drawn.

    Side effects: may create Divisions; saves SeasonEntry.division of the teams placed; recomputes the
    stored table. Returns {entry: division} of the teams placed.
    """
    require_commissioner(by, season.league)
    changes = changes or {}
    with transaction.atomic():
        _require_open(season)
        last = previous_season(season)
        proposal = promotion_proposal(season=season, up=up, down=down)
        divisions = {division.name: division for division in _copied_divisions(season, last.divisions.all())}
        placement = {}
        for move in proposal:
            name = changes.get(move.entry.pk, getattr(move.division, "name", None))
            if name and name not in divisions:
                raise ValidationError(_("Choose a division of this season."))
            if name or move.division is not None:
                placement[move.entry] = divisions.get(name) if name else None
        _place(season, placement)
    return placement
