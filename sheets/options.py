"""What a league changes in its reference sheets: the optional rules printed and a "League rules" section.

`league_options(league)` takes a snapshot of the league's settings as plain data (`LeagueOptions`), so
that a PDF job stores exactly what its content hash was made from and renders it without the database.
"""

import hashlib
import json
from dataclasses import dataclass

from django.utils.translation import gettext as _

from league.models import TIEBREAKERS
from sheets.document import Definitions, Items, SectionView, Text


@dataclass(frozen=True)
class LeagueOptions:
    """A league's settings that its sheets print. `optional_rules` None means every optional rule."""

    league_id: int
    slug: str
    name: str
    game: str
    edition: str  # "" for another game than Blood Bowl
    optional_rules: tuple[str, ...] | None
    points: tuple[int, int, int]  # win, draw, loss
    bonus: tuple[int, int, int] | None  # 3+ touchdowns, no touchdown conceded, 3+ casualties; None: off
    tiebreakers: tuple[str, ...]
    petty_cash: str | None  # a petty cash procedure id (Blood Bowl only)

    def as_data(self):
        """Plain JSON-able data (stored on the job, and hashed)."""
        return {
            "league_id": self.league_id,
            "slug": self.slug,
            "name": self.name,
            "game": self.game,
            "edition": self.edition,
            "optional_rules": None if self.optional_rules is None else list(self.optional_rules),
            "points": list(self.points),
            "bonus": None if self.bonus is None else list(self.bonus),
            "tiebreakers": list(self.tiebreakers),
            "petty_cash": self.petty_cash,
        }

    @classmethod
    def from_data(cls, data):
        rules = data["optional_rules"]
        return cls(
            league_id=data["league_id"],
            slug=data["slug"],
            name=data["name"],
            game=data["game"],
            # Jobs stored before the league's game and edition were split have no edition (their game
            # was the edition's id); it is kept for the digest only, not for rendering.
            edition=data.get("edition", ""),
            optional_rules=None if rules is None else tuple(rules),
            points=tuple(data["points"]),
            bonus=None if data["bonus"] is None else tuple(data["bonus"]),
            tiebreakers=tuple(data["tiebreakers"]),
            petty_cash=data["petty_cash"],
        )

    @property
    def digest(self):
        """A short hash of every setting: changes whenever one of them changes."""
        return hashlib.sha256(json.dumps(self.as_data(), sort_keys=True).encode()).hexdigest()[:16]


def league_options(league):
    """The snapshot of `league` (a league.models.League) its sheets depend on. Runs no query."""
    blood_bowl = league.is_blood_bowl
    return LeagueOptions(
        league_id=league.pk,
        slug=league.slug,
        name=league.name,
        game=league.game,
        edition=league.edition,
        optional_rules=tuple(sorted(league.optional_rules)) if blood_bowl else (),
        points=(league.points_win, league.points_draw, league.points_loss),
        bonus=(
            (
                league.bonus_three_plus_touchdowns,
                league.bonus_no_touchdown_conceded,
                league.bonus_three_plus_casualties,
            )
            if league.bonus_points
            else None
        ),
        tiebreakers=tuple(league.tiebreakers),
        petty_cash=league.petty_cash_procedure if blood_bowl else None,
    )


def _signed(number):
    return f"+{number}" if number > 0 else str(number)


def league_section(options, *, edition, language):
    """The "League rules" section: points, bonus points, tie-breakers in order, petty cash procedure and
    the optional rules used. Interface words come from gettext: call it under translation.override.
    `edition` (a rulebook Edition, or None for games without one) names the petty cash procedure and the
    optional rules in `language`."""
    win, draw, loss = options.points
    items = [
        (
            _("Points"),
            _("Win %(win)s · Draw %(draw)s · Loss %(loss)s") % {"win": win, "draw": draw, "loss": loss},
        )
    ]
    if options.bonus is not None:
        touchdowns, clean_sheet, casualties = options.bonus
        items.append(
            (
                _("Bonus points"),
                _(
                    "3+ touchdowns scored %(touchdowns)s · no touchdown conceded %(clean_sheet)s · "
                    "3+ casualties inflicted %(casualties)s"
                )
                % {
                    "touchdowns": _signed(touchdowns),
                    "clean_sheet": _signed(clean_sheet),
                    "casualties": _signed(casualties),
                },
            )
        )
    if edition is not None and options.petty_cash:
        items.append(
            (
                edition.text(f"petty_cash.{options.petty_cash}.name", language),
                edition.text(f"petty_cash.{options.petty_cash}.desc", language),
            )
        )
    if edition is not None and options.optional_rules is not None:
        names = [edition.text(f"optional.{rule}.name", language) for rule in options.optional_rules]
        items.append((_("Optional rules"), ", ".join(names) if names else _("none")))
    blocks = [Definitions(title=options.name, items=tuple(items)), Text("p", _("Tie-breakers, in order:"))]
    if options.tiebreakers:
        names = tuple(str(TIEBREAKERS.get(name, name)) for name in options.tiebreakers)
        blocks.append(Items("steps", names))
    else:
        blocks.append(Text("note", _("None: teams level on points share their place.")))
    return SectionView(heading=_("League rules"), blocks=tuple(blocks))
