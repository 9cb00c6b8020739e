"""Building and keeping a team by the rules: draft, hiring, firing, re-rolls, staff, fans, readiness.

Every function takes keyword-only arguments, checks the rules first (raising ValidationError with
translated messages and changing nothing), then records the change in the ledger.
"""

from typing import NoReturn

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rosters import dedication, ledger, names
from rosters.captain import CAPTAIN_RULE
from rosters.models import LedgerEntry, Player, Team
from rulebook import dedication as dedication_rules
from rulebook.edition import get_edition
from rulebook.settings import EditionSettings

Kind = LedgerEntry.Kind


def _settings(team) -> EditionSettings:
    return get_edition(team.edition).settings


def _fail(message, **params) -> NoReturn:
    raise ValidationError(message % params if params else message)


# --- creating a team ------------------------------------------------------------------------------


def draft_choice_problems(rules, *, chosen_league="", chosen_rule=""):
    """Why the League and special rule chosen do not fit the team list `rules` (empty when they do)."""
    problems = []
    if len(rules.leagues) > 1 and chosen_league not in rules.leagues:
        problems.append(_("Choose one of the Leagues this team list may play for."))
    if rules.special_rule_options and chosen_rule not in rules.special_rule_options:
        problems.append(_("Choose one of the special rules this team list offers."))
    return problems


def create_team(
    *,
    coach,
    roster,
    name,
    edition,
    chosen_rule="",
    chosen_league="",
    treasury=None,
    optional_rules=(),
    dedication_id="",
    dedication_position="",
):
    """Start a draft team from a rulebook team list of `edition` (an edition id, always named by the
    caller: there is no default edition) with that edition's starting treasury.

    `chosen_league` and `chosen_rule` are the draft choices the team list offers (a League where it may
    play for several, a Favoured of ...). A team drafted for a league names the league's
    `optional_rules`: a league variant may set the budget, take only teams of some Leagues (refused
    here), and have each team dedicated to one of its rows (`dedication_id`, favouring the player type
    `dedication_position`: rosters.dedication).

    Side effects: creates the Team and its first ledger entry.
    """
    try:
        rules_of_edition = get_edition(edition)
    except LookupError:
        _fail(_("Unknown edition."))
    rules = rules_of_edition.teams.get(roster)
    if rules is None:
        _fail(_("Unknown team list."))
    problems = draft_choice_problems(rules, chosen_league=chosen_league, chosen_rule=chosen_rule)
    if problems:
        raise ValidationError(problems)
    # A choice the team list does not offer means nothing: it is not stored.
    if len(rules.leagues) <= 1:
        chosen_league = ""
    if not rules.special_rule_options:
        chosen_rule = ""
    in_force = rules.rules_in_force((chosen_league, chosen_rule))
    problems = dedication.entry_problems(rules_of_edition, optional_rules, rules, in_force)
    problems += dedication.dedication_problems(
        rules_of_edition, rules, dedication_id, dedication_position, optional_rules=optional_rules
    )
    if problems:
        raise ValidationError(problems)
    if treasury is None:
        treasury = dedication_rules.draft_budget(rules_of_edition, optional_rules)
    if not name.strip():
        _fail(_("Give the team a name."))
    settings = rules_of_edition.settings
    with transaction.atomic():
        team = Team.objects.create(
            edition=edition,
            roster=roster,
            chosen_rule=chosen_rule,
            chosen_league=chosen_league,
            dedication=dedication_id,
            dedication_position=dedication_position if dedication_id else "",
            name=name.strip(),
            coach=coach,
            treasury=settings.starting_treasury if treasury is None else treasury,
            dedicated_fans=settings.dedicated_fans.start,
        )
        with ledger.change(team, actor=coach, kind=Kind.CREATED) as change:
            change.details = {"roster": roster, "treasury": team.treasury, "edition": edition}
            if dedication_id:
                change.details["dedication"] = dedication_id
    return team


# --- players ----------------------------------------------------------------------------------------


def _roster_players(team):
    return list(team.players.on_roster())


def next_free_number(team, players=None):
    taken = {player.number for player in (players if players is not None else _roster_players(team))}
    return next(number for number in range(1, 100) if number not in taken)


def hiring_problems(team, position_id, players=None):
    """Why this position cannot be hired now (empty when it can)."""
    players = players if players is not None else _roster_players(team)
    settings = _settings(team)
    try:
        position = team.rules.position(position_id)
    except KeyError:
        return [_("This team list has no such position.")]
    permanent = [p for p in players if not p.journeyman]
    problems = []
    if len(permanent) >= settings.max_players:
        problems.append(_("A team may have at most %(max)d players.") % {"max": settings.max_players})
    most = position_max(team, position)
    if sum(1 for p in permanent if p.position == position_id) >= most:
        problems.append(_("This team may have at most %(max)d of this position.") % {"max": most})
    if position.big_guy and team.rules.max_big_guys is not None:
        big_guys = sum(1 for p in permanent if team.rules.position(p.position).big_guy)
        if big_guys >= team.rules.max_big_guys:
            problems.append(
                _("This team may have at most %(max)d big guys.") % {"max": team.rules.max_big_guys}
            )
    if not team.is_draft and team.treasury < position.cost:
        problems.append(_("The treasury cannot pay for this player."))
    return problems


def position_max(team, position):
    """How many players of `position` the team may have (its dedication may allow one more)."""
    return dedication_rules.position_max(team.dedication_row, team.rules, position, team.dedication_position)


def generated_name(team, position, number, taken=None):
    """A name from the team's people's list, none of `taken` (by default: every name the team ever
    had); "Player 8" without a list."""
    taken = taken if taken is not None else team.players.values_list("name", flat=True)
    generated = names.new_name(
        roster=team.roster, position=position, team_key=team.pk, number=number, taken=taken
    )
    return generated or _("Player %(number)d") % {"number": number}


def hire_player(*, team, actor, position, name, number=None, as_commissioner=False):
    """Hire a player of `position`, paid from the treasury (the draft budget while drafting). Without
    a `name`, the player gets one from the team's people's list (rosters.names).

    Side effects: creates the Player, lowers the treasury, writes a ledger entry.
    """
    players = _roster_players(team)
    problems = hiring_problems(team, position, players)
    if problems:
        raise ValidationError(problems)
    number = number or next_free_number(team, players)
    if any(p.number == number for p in players):
        _fail(_("Number %(number)d is already taken."), number=number)
    if not 1 <= number <= 99:
        _fail(_("Numbers go from 1 to 99."))
    rules = team.rules.position(position)
    with ledger.change(team, actor=actor, kind=Kind.HIRE, as_commissioner=as_commissioner) as change:
        player = Player.objects.create(
            team=team,
            number=number,
            name=name.strip() or generated_name(team, position, number),
            position=position,
            **rules.profile.as_dict(),
        )
        change.track(player)
        team.treasury -= rules.cost
        change.details = {"player": player.name, "position": position, "cost": rules.cost}
    return player


def fire_player(*, team, actor, player, as_commissioner=False):
    """Remove a player. While drafting the cost comes back; after the draft there is no refund.

    Side effects: deletes the player (draft) or marks them fired, writes a ledger entry.
    """
    if player.team_id != team.pk or player.status in {Player.Status.DEAD, Player.Status.FIRED}:
        _fail(_("This player is not on the team."))
    if not team.is_draft:
        problems = firing_problems(team, player)
        if problems:
            raise ValidationError(problems)
    with ledger.change(
        team, actor=actor, kind=Kind.FIRE, players=[player], as_commissioner=as_commissioner
    ) as c:
        c.details = {"player": player.name, "refund": 0}
        if team.is_draft:
            refund = team.rules.position(player.position).cost
            team.treasury += refund
            c.details["refund"] = refund
            c.forget(player)
            player.delete()
        else:
            player.status = Player.Status.FIRED


def eligible_players(team, players=None):
    """Permanently hired players who may play the next game (not injured, not retired)."""
    players = players if players is not None else _roster_players(team)
    return [p for p in players if not p.journeyman and p.is_available]


def firing_problems(team, player):
    """Why `player` may not be fired after the draft (empty when they may), by the edition's [hiring]:
    a floor of players eligible for the next game (BB2025: 11), and a Team Captain only once a lasting
    injury reduced a characteristic."""
    rules = _settings(team).hiring
    problems = []
    if not rules.may_fire:
        problems.append(_("Players may not be fired."))
    floor = rules.fire_floor
    eligible = eligible_players(team)
    if floor and player.pk in {p.pk for p in eligible} and len(eligible) - 1 < floor:
        problems.append(
            _("Firing this player would leave fewer than %(floor)d players eligible for the next game.")
            % {"floor": floor}
        )
    if player.is_captain and team.has_rule(CAPTAIN_RULE) and not player.lasting_injuries:
        problems.append(_("A Team Captain can only be fired after an injury reduced a characteristic."))
    if not dedication_rules.may_fire(
        team.dedication_row,
        advanced=bool(player.advancements),
        spp_earned=player.spp_earned,
        reductions=characteristic_reductions(team, player),
    ):
        problems.append(
            _(
                "The team's dedication keeps this player: it advanced or earned too many SPP, and injuries "
                "have not reduced enough of its characteristics."
            )
        )
    return problems


def characteristic_reductions(team, player):
    """How many of the player's lasting injuries reduced a characteristic."""
    table = get_edition(team.edition).table("lasting_injury")
    reducing = {row["id"] for row in table.rows if row.get("characteristic")}
    return sum(1 for injury in player.lasting_injuries if injury in reducing)


def rename_player(*, team, actor, player, name, number, as_commissioner=False):
    """Rename and renumber a player. Side effects: saves the player, writes a ledger entry."""
    name = name.strip()
    if not name:
        _fail(_("A player needs a name."))
    if not 1 <= number <= 99:
        _fail(_("Numbers go from 1 to 99."))
    if team.players.on_roster().filter(number=number).exclude(pk=player.pk).exists():
        _fail(_("Number %(number)d is already taken."), number=number)
    with ledger.change(
        team, actor=actor, kind=Kind.EDIT, players=[player], as_commissioner=as_commissioner
    ) as c:
        c.details = {"player": player.name, "new_name": name, "number": number}
        player.name, player.number = name, number


def retire_player(*, team, actor, player, temporarily=False, as_commissioner=False):
    """Retire a player for good, or temporarily (only with a lasting injury, to recover from it).

    Side effects: changes the player's status, writes a ledger entry.
    """
    if temporarily and not player.lasting_injuries:
        _fail(_("Only a player with a lasting injury may retire temporarily."))
    if player.status != Player.Status.ACTIVE:
        _fail(_("Only an active player can retire."))
    status = Player.Status.TEMPORARILY_RETIRED if temporarily else Player.Status.RETIRED
    with ledger.change(
        team, actor=actor, kind=Kind.RETIRE, players=[player], as_commissioner=as_commissioner
    ) as c:
        c.details = {"player": player.name, "temporarily": temporarily}
        player.status = status


def return_from_retirement(*, team, actor, player, as_commissioner=False):
    """Bring a temporarily retired player back. Side effects: player status, ledger entry."""
    if player.status != Player.Status.TEMPORARILY_RETIRED:
        _fail(_("This player is not temporarily retired."))
    with ledger.change(
        team, actor=actor, kind=Kind.EDIT, players=[player], as_commissioner=as_commissioner
    ) as c:
        c.details = {"player": player.name, "returned": True}
        player.status = Player.Status.ACTIVE


# --- re-rolls, staff, fans -----------------------------------------------------------------------------


def reroll_price(team):
    """The roster price while drafting; double after (the edition's multiplier), or the price the
    team's dedication sets after the draft (Vaul, Lileath)."""
    if team.is_draft:
        return team.rules.reroll_cost
    price = team.rules.reroll_cost * _settings(team).reroll_price_multiplier_after_draft
    return dedication_rules.reroll_price_after_draft(team.dedication_row, price)


def buy_reroll(*, team, actor, as_commissioner=False):
    """Buy one team re-roll. Side effects: treasury, re-rolls, ledger entry."""
    price = reroll_price(team)
    if not dedication_rules.may_buy_rerolls(team.dedication_row):
        _fail(_("A team of this dedication may not buy team re-rolls."))
    if team.rerolls >= _settings(team).max_rerolls:
        _fail(_("A team may have at most %(max)d team re-rolls."), max=_settings(team).max_rerolls)
    if not team.is_draft and team.treasury < price:
        _fail(_("The treasury cannot pay for a team re-roll (%(price)s gp)."), price=f"{price:,}")
    with ledger.change(team, actor=actor, kind=Kind.REROLL, as_commissioner=as_commissioner) as change:
        team.rerolls += 1
        team.treasury -= price
        change.details = {"cost": price}


def drop_reroll(*, team, actor, as_commissioner=False):
    """Give back a re-roll: refunded while drafting, lost afterwards. Side effects: as buy_reroll."""
    if team.rerolls == 0:
        _fail(_("The team has no team re-roll."))
    if not team.is_draft and _settings(team).hiring.may_remove_rerolls is False:
        _fail(_("Team re-rolls, once bought, cannot be removed from the roster."))
    with ledger.change(team, actor=actor, kind=Kind.REROLL, as_commissioner=as_commissioner) as change:
        refund = team.rules.reroll_cost if team.is_draft else 0
        team.rerolls -= 1
        team.treasury += refund
        change.details = {"cost": -refund, "dropped": True}


STAFF = ("assistant_coaches", "cheerleaders", "apothecary")
_STAFF_RULES = {
    "assistant_coaches": "assistant_coach",
    "cheerleaders": "cheerleader",
    "apothecary": "apothecary",
}


def staff_cost(team, staff):
    """What one member of `staff` costs the team now: nothing for an apothecary drafted by a team whose
    dedication gives it one (Isha; it still counts in Team Value)."""
    if staff == "apothecary" and team.is_draft and dedication_rules.free_apothecary(team.dedication_row):
        return 0
    return _settings(team).staff[_STAFF_RULES[staff]].cost


def change_staff(*, team, actor, staff, delta, as_commissioner=False):
    """Hire (delta +1) or let go (delta -1) one member of staff: assistant coaches, cheerleaders or an
    apothecary. Letting go refunds the cost only while drafting.

    Side effects: treasury, staff count, ledger entry.
    """
    if staff not in STAFF or delta not in (1, -1):
        _fail(_("Unknown staff."))
    rules = _settings(team).staff[_STAFF_RULES[staff]]
    current = int(getattr(team, staff))
    new = current + delta
    if staff == "apothecary" and delta > 0 and not team.rules.apothecary:
        _fail(_("This team may not hire an apothecary."))
    if new < 0:
        _fail(_("There is no one to let go."))
    if new > rules.max:
        _fail(_("At most %(max)d of these may be hired."), max=rules.max)
    cost = staff_cost(team, staff)
    if delta > 0 and not team.is_draft and team.treasury < cost:
        _fail(_("The treasury cannot pay for this."))
    with ledger.change(team, actor=actor, kind=Kind.STAFF, as_commissioner=as_commissioner) as change:
        setattr(team, staff, bool(new) if staff == "apothecary" else new)
        if delta > 0:
            team.treasury -= cost
        elif team.is_draft:
            team.treasury += cost
        change.details = {"staff": staff, "delta": delta}


def set_dedicated_fans(*, team, actor, dedicated_fans, as_commissioner=False):
    """While drafting, buy Dedicated Fans from 1 up to the draft maximum (10,000 each above 1).

    Side effects: dedicated fans, treasury, ledger entry.
    """
    rules = _settings(team).dedicated_fans
    if not team.is_draft:
        _fail(_("Dedicated fans can only be bought while drafting."))
    if not rules.start <= dedicated_fans <= rules.max_draft:
        _fail(
            _("Dedicated fans must be between %(min)d and %(max)d."),
            min=rules.start,
            max=rules.max_draft,
        )
    with ledger.change(team, actor=actor, kind=Kind.FANS, as_commissioner=as_commissioner) as change:
        team.treasury -= (dedicated_fans - team.dedicated_fans) * rules.cost
        change.details = {"from": team.dedicated_fans, "to": dedicated_fans}
        team.dedicated_fans = dedicated_fans


# --- readiness --------------------------------------------------------------------------------------


def draft_problems(team, players=None):
    """Every rule the team breaks, in plain words (empty when it may be marked ready)."""
    players = players if players is not None else _roster_players(team)
    settings = _settings(team)
    permanent = [p for p in players if not p.journeyman]
    problems = []
    if len(permanent) < settings.min_players:
        problems.append(
            _("The team needs at least %(min)d players (it has %(count)d).")
            % {"min": settings.min_players, "count": len(permanent)}
        )
    if len(permanent) > settings.max_players:
        problems.append(_("A team may have at most %(max)d players.") % {"max": settings.max_players})
    if team.treasury < 0:
        problems.append(_("The team is %(amount)s gp over budget.") % {"amount": f"{-team.treasury:,}"})
    edition = get_edition(team.edition)
    for position in team.rules.positions:
        count = sum(1 for p in permanent if p.position == position.id)
        most = position_max(team, position)
        if count > most:
            problems.append(
                _("%(position)s: %(count)d players, at most %(max)d.")
                % {"position": edition.name(position, get_language()), "count": count, "max": most}
            )
    if team.rules.max_big_guys is not None:
        big_guys = sum(1 for p in permanent if team.rules.position(p.position).big_guy)
        if big_guys > team.rules.max_big_guys:
            problems.append(
                _("Too many big guys: %(count)d, at most %(max)d.")
                % {"count": big_guys, "max": team.rules.max_big_guys}
            )
    if team.rerolls > settings.max_rerolls:
        problems.append(_("A team may have at most %(max)d team re-rolls.") % {"max": settings.max_rerolls})
    if team.rerolls and not dedication_rules.may_buy_rerolls(team.dedication_row):
        problems.append(_("A team of this dedication may not have team re-rolls."))
    if team.apothecary and not team.rules.apothecary:
        problems.append(_("This team may not hire an apothecary."))
    # Team Captain (BB2025): "When drafting, one player [...] is named Team Captain": a draft needs one.
    if team.has_rule(CAPTAIN_RULE) and not any(p.is_captain for p in permanent):
        problems.append(_("The team needs a Team Captain: nominate one of its players."))
    return problems


def draft_purchases(team, players=None):
    """What the draft budget left can still pay for, among ("players", "rerolls", "staff", "fans"), in
    that order: a position that may be hired, a re-roll, a member of staff, one more Dedicated Fan (each
    within its maximum). Empty when nothing is left to spend, or after the draft."""
    if not team.is_draft or team.treasury <= 0:
        return []
    players = players if players is not None else _roster_players(team)
    settings = _settings(team)
    budget = team.treasury
    bought = []
    if any(
        position.cost <= budget and not hiring_problems(team, position.id, players)
        for position in team.rules.positions
    ):
        bought.append("players")
    if (
        team.rerolls < settings.max_rerolls
        and reroll_price(team) <= budget
        and dedication_rules.may_buy_rerolls(team.dedication_row)
    ):
        bought.append("rerolls")
    if any(
        int(getattr(team, staff)) < settings.staff[rule].max
        and staff_cost(team, staff) <= budget
        and (staff != "apothecary" or team.rules.apothecary)
        for staff, rule in _STAFF_RULES.items()
    ):
        bought.append("staff")
    fans = settings.dedicated_fans
    if team.dedicated_fans < fans.max_draft and fans.cost <= budget:
        bought.append("fans")
    return bought


def mark_ready(*, team, actor, as_commissioner=False):
    """End the draft: the team is valid and can play. Side effects: status, ledger entry."""
    if not team.is_draft:
        _fail(_("The team is already ready."))
    problems = draft_problems(team)
    if problems:
        raise ValidationError(problems)
    with ledger.change(team, actor=actor, kind=Kind.READY, as_commissioner=as_commissioner):
        team.status = Team.Status.READY
