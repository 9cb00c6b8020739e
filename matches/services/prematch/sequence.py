"""Creating a match and walking its pre-match steps in order: which steps it has, which one is
current, and starting the match once none is left."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from matches.models import SIDES, Match
from matches.services import jolly_jouster
from matches.services.common import require_status
from matches.services.prematch.pending import pending_prayers
from rulebook.edition import get_edition


def prayers_bought_as_inducement(match):
    """Whether the match's edition sells Prayers to Nuffle as an inducement (BB2025) instead of granting
    them for a CTV gap."""
    return match.edition.settings.prayers.source == "inducement"


def prayers_bought(match, side):
    """How many Prayers to Nuffle `side` bought as inducements (0 where the edition grants them)."""
    if not prayers_bought_as_inducement(match):
        return 0
    inducement = match.edition.settings.prayers.inducement
    return sum(item["count"] for item in match.side_value("inducements", side) if item["id"] == inducement)


def create_match(*, home_team, away_team, created_by, petty_cash_procedure=None, optional_rules=()):
    """Start a friendly between two ready teams. Side effects: creates the Match."""
    if home_team.pk == away_team.pk:
        raise ValidationError(_("A team cannot play itself."))
    if home_team.is_draft or away_team.is_draft:
        raise ValidationError(_("Both teams must be ready to play."))
    if home_team.edition != away_team.edition:
        raise ValidationError(_("Both teams must play the same edition of the rules."))
    edition = get_edition(home_team.edition)
    procedure = petty_cash_procedure or edition.settings.inducements.petty_cash_default
    if procedure not in {p.id for p in edition.settings.petty_cash_procedure}:
        raise ValidationError(_("Unknown petty cash procedure."))
    unknown = set(optional_rules) - set(edition.optional_rules)
    if unknown:
        raise ValidationError(_("Unknown optional rule."))
    return Match.objects.create(
        home_team=home_team,
        away_team=away_team,
        created_by=created_by,
        petty_cash_procedure=procedure,
        optional_rules=list(optional_rules),
    )


def steps(match):
    """The pre-match steps of this match, in seed 002's order. Where the edition sells Prayers to Nuffle
    as an inducement ([prayers] source = "inducement"), the prayers step only rolls what was bought:
    it is there once a team bought some. The Jolly Jouster Cup starts with its Dukedom (and the
    Jouster's Chalice, where a team of the match holds it: prematch.jouster)."""
    names = ["fans", "weather", "journeymen", "inducements", "kicking"]
    if not prayers_bought_as_inducement(match) or any(prayers_bought(match, side) for side in SIDES):
        names.insert(4, "prayers")
    if "stadium" in match.optional_rules:
        names.insert(0, "stadium")
    if jolly_jouster.plays(match):  # both at the start of the game
        names[0:0] = ["dukedom", "chalice"] if jolly_jouster.chalice_side(match) else ["dukedom"]
    if "match_balls" in match.optional_rules:
        names.append("match_ball")
    return names


def _done(match, step):
    return {
        "stadium": bool(match.stadium),
        "fans": match.home_fan_factor is not None,
        "weather": bool(match.weather),
        "journeymen": match.journeymen_done,
        "inducements": match.home_inducements_done and match.away_inducements_done,
        "prayers": match.prayers_done and not pending_prayers(match),
        "kicking": bool(match.kicking),
        "match_ball": bool(match.match_ball),
        "dukedom": bool(match.dukedom),
        "chalice": "roll" in match.chalice,
    }[step]


def next_step(match):
    """The first pre-match step not done yet, or None when the match may kick off."""
    return next((step for step in steps(match) if not _done(match, step)), None)


def require_step(match, step):
    """Raises ValidationError unless the match is in its pre-match and `step` is the current step."""
    require_status(match, Match.Status.PRE_MATCH)
    if next_step(match) != step:
        raise ValidationError(_("This pre-match step is not the current one."))


def start_if_ready(match):
    """Once every step is done the match is in progress (the caller saves it)."""
    if next_step(match) is None:
        match.status = Match.Status.IN_PROGRESS
