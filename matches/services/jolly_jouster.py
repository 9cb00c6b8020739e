"""The Jolly Jouster Cup (BB2025's optional league rule of Spike! Journal 19) in a match, beyond its
regional weather and kick-off tables (common.match_table): what its Dukedom gives, the Honourable
Referees' bribe prices, and who holds the Jouster's Chalice. Read-only helpers: the pre-match steps that
roll the Dukedom and the Chalice are in prematch.jouster.

The Dukedoms of Bretonnia (optional.toml [dukedoms_of_bretonnia]): one D8 at the start of each game,
kept on the match (Match.dukedom). Its row may give each team inducements for free
(`free_inducements`: added to what the team has for the game at no cost, the free ones filling the
inducement's limit), forbid buying one (`no_bought`), give skills for the game or for each drive
(`skills`, `duration`; to every player of the match without a `target`, which Dugout carries out: a
Regeneration roll on each casualty), a Rush modifier or Rush falls without injury: those last are
played on the pitch (the data marks them `pitch_only`); Dugout shows them for as long as they last.
"""

from collections import Counter

from rulebook.coverage import carries_out

RULE = "jolly_jouster_cup"
DUKEDOMS = "dukedoms_of_bretonnia"
CHALICE = "jousters_chalice"
HONOURABLE_REFEREES = "honourable_referees"
BRIBE = "bribe"


@carries_out("optional_rule", row=RULE)
def plays(match):
    """Whether the match is played with the Jolly Jouster Cup (an optional rule of its league, or of
    the friendly)."""
    return RULE in match.optional_rules and RULE in match.edition.optional_tables


def rule_row(edition, row_id):
    """A row of the rule itself (optional.toml [jolly_jouster_cup] rows): honourable_referees,
    jousters_chalice."""
    return edition.table(RULE).row(row_id)


def dukedom_row(match):
    """The row of the Dukedom the match is played in, or None before it is rolled (or without the
    rule)."""
    if not match.dukedom or not plays(match):
        return None
    return match.edition.table(DUKEDOMS).row(match.dukedom)


@carries_out("optional_rule", key="free_inducements")
def free_inducements(match):
    """The inducement items each team gets for free from the Dukedom: [{"id", "choice", "count",
    "price": 0, "free": dukedom id}], one per inducement (Bordeleaux: two kegs), as the match stores
    what a team has for the game (Match.<side>_inducements). The same for both teams."""
    row = dukedom_row(match)
    if row is None:
        return []
    counts = Counter(row.get("free_inducements", ()))
    return [
        {"id": inducement, "choice": "", "count": count, "price": 0, "free": row["id"]}
        for inducement, count in counts.items()
    ]


def free_count(match, inducement_id):
    """How many of `inducement_id` each team has for free (0 without)."""
    return sum(item["count"] for item in free_inducements(match) if item["id"] == inducement_id)


@carries_out("optional_rule", key="no_bought")
def not_for_sale(match):
    """The inducements no team may buy in this game (Bordeleaux: Blitzer's Best Kegs)."""
    row = dukedom_row(match)
    return set(row.get("no_bought", ())) if row else set()


def skills_of_every_player(match):
    """The skills every player of both teams has for the game from the Dukedom (Mousillon:
    Regeneration): a row's `skills` without a `target` and lasting the game."""
    row = dukedom_row(match)
    if row is None or row.get("target") or row.get("duration") != "game":
        return set()
    return set(row.get("skills", ()))


@carries_out("optional_rule", row=HONOURABLE_REFEREES)
def first_bribe_price(match, team, inducement_id):
    """What the first one of `inducement_id` costs `team` where the Honourable Referees make it dearer
    than the next ones (a Bribery and Corruption team's first Bribe at 100,000): (first, each further
    one), or None where every one costs the same."""
    if inducement_id != BRIBE or not plays(match):
        return None
    row = rule_row(match.edition, HONOURABLE_REFEREES)
    if not team.has_rule(row["for_rule"]):
        return None
    return row["first_bribe_cost"], row["later_bribe_cost"]


def bought_cost(item):
    """What an inducement item bought costs in all: its price times the count, the first one at its
    `first_price` where it has one (the Honourable Referees' first Bribe)."""
    cost = item["price"] * item["count"]
    if item["count"] and "first_price" in item:
        cost += item["first_price"] - item["price"]
    return cost


def chalice_side(match):
    """The side holding the Jouster's Chalice in this match ("" for none)."""
    return match.chalice.get("side", "") if plays(match) else ""


def chalice_winner(match):
    """{"side", "key", "name", "skills"} of the player the Chalice gave its skills for the game, or
    None (not rolled yet, or no nominee had the number rolled)."""
    if not chalice_side(match) or not match.chalice.get("player"):
        return None
    return {"side": match.chalice["side"], **match.chalice["player"], "skills": match.chalice["skills"]}
