from league.standings.compute import Game, compute_standings, points_by_round, standings_by_round

SCORING = {"win": 3, "draw": 1, "loss": 0, "bonus": None}
NAMES = {1: "Ants", 2: "Bats", 3: "Cats", 4: "Dogs"}


def table(games, tiebreakers, *, entries=NAMES, scoring=SCORING):
    return compute_standings(entries, games, scoring=scoring, tiebreakers=tiebreakers, seed=7)


def order(rows):
    return [row.name for row in rows]


def test_standings_count_points_and_statistics_when_results_are_confirmed():
    rows = table([Game(1, 2, 2, 0, 1, 3), Game(3, 4, 1, 1)], [])
    ants = rows[0]
    assert (
        ants.name,
        ants.points,
        ants.won,
        ants.td_for,
        ants.td_against,
        ants.cas_for,
        ants.cas_against,
    ) == (
        "Ants",
        3,
        1,
        2,
        0,
        1,
        3,
    )
    assert [row.points for row in rows] == [3, 1, 1, 0]
    assert [row.position for row in rows] == [1, 2, 3, 4]


def test_standings_count_bonus_points_when_the_league_uses_them():
    bonus = {"three_plus_touchdowns": 1, "no_touchdown_conceded": 1, "three_plus_casualties": 1}
    rows = table([Game(1, 2, 3, 0, 3, 0)], [], scoring={**SCORING, "bonus": bonus})
    assert (rows[0].points, rows[0].bonus) == (6, 3)


def test_standings_give_the_conceding_team_a_loss_whatever_the_score():
    rows = table([Game(1, 2, 2, 0, conceded_by=1)], [])
    assert order(rows)[0] == "Bats"


def test_td_difference_breaks_a_tie_and_says_so():
    rows = table([Game(1, 3, 3, 0), Game(2, 4, 1, 0)], ["td_difference"])
    assert order(rows)[:2] == ["Ants", "Bats"]
    assert (rows[0].tiebreaker, rows[0].tiebreaker_value, rows[0].tied_with) == ("td_difference", 3, ["Bats"])


def test_touchdowns_scored_breaks_a_tie_when_difference_is_equal():
    rows = table([Game(1, 3, 3, 2), Game(2, 4, 2, 1)], ["td_difference", "touchdowns_scored"])
    assert order(rows)[:2] == ["Ants", "Bats"]
    assert rows[0].tiebreaker == "touchdowns_scored"


def test_casualties_tiebreakers_order_teams_on_same_points():
    games = [Game(1, 3, 1, 0, 1, 4), Game(2, 4, 1, 0, 3, 0)]
    assert order(table(games, ["casualties_inflicted"]))[:2] == ["Bats", "Ants"]
    assert order(table(games, ["cas_difference"]))[:2] == ["Bats", "Ants"]


def test_fewest_conceded_prefers_the_tighter_defence():
    rows = table([Game(1, 3, 4, 2), Game(2, 4, 2, 0)], ["fewest_conceded"])
    assert order(rows)[:2] == ["Bats", "Ants"]
    assert rows[0].tiebreaker_value == 0


def test_head_to_head_points_decides_between_two_tied_teams():
    # Ants beat Bats; Bats beat Cats by more; both on 3 points.
    games = [Game(1, 2, 1, 0), Game(2, 3, 5, 0), Game(3, 1, 1, 0)]
    rows = table(games, ["head_to_head_points", "td_difference"], entries={1: "Ants", 2: "Bats", 3: "Cats"})
    # Three-way tie on 3 points, each won once against the others: head-to-head is level.
    assert [row.points for row in rows] == [3, 3, 3]
    assert order(rows) == ["Bats", "Ants", "Cats"]
    assert rows[0].tiebreaker == "td_difference"


def test_three_way_head_to_head_recurses_on_the_teams_still_tied():
    # Ants, Bats and Cats end on 7 points. Among the three: Ants 4 head-to-head points, Bats 4, Cats 0.
    # Between Ants and Bats alone it is a draw (1 each), so their own mini-league is level and the
    # next tie-breaker (td_difference) decides; Cats are third on head-to-head points.
    entries = {1: "Ants", 2: "Bats", 3: "Cats", 4: "Dogs"}
    games = [
        Game(1, 2, 1, 1),  # Ants draw Bats
        Game(1, 3, 1, 0),  # Ants beat Cats
        Game(2, 3, 3, 0),  # Bats beat Cats
        Game(1, 4, 1, 0),  # Ants beat Dogs
        Game(2, 4, 1, 0),  # Bats beat Dogs
        Game(3, 4, 2, 0),  # Cats beat Dogs twice and draw once
        Game(3, 4, 2, 0),
        Game(4, 3, 0, 0),
    ]
    rows = table(games, ["head_to_head_points", "td_difference"], entries=entries)
    points = {row.name: row.points for row in rows}
    assert points["Ants"] == points["Bats"] == points["Cats"] == 7
    assert order(rows)[:3] == ["Bats", "Ants", "Cats"]
    by_name = {row.name: row for row in rows}
    assert (by_name["Cats"].tiebreaker, by_name["Cats"].tiebreaker_value) == ("head_to_head_points", 0)
    assert (by_name["Bats"].tiebreaker, by_name["Bats"].tiebreaker_value) == ("td_difference", 4)
    assert (by_name["Ants"].tiebreaker, by_name["Ants"].tiebreaker_value) == ("td_difference", 2)
    assert sorted(by_name["Bats"].tied_with) == ["Ants", "Cats"]


def test_head_to_head_td_difference_decides_when_points_between_them_are_level():
    games = [Game(1, 2, 3, 0), Game(2, 1, 1, 0), Game(3, 4, 0, 0)]
    rows = table(games, ["head_to_head_points", "head_to_head_td_difference"], entries={1: "Ants", 2: "Bats"})
    assert order(rows) == ["Ants", "Bats"]
    assert (rows[0].tiebreaker, rows[0].tiebreaker_value) == ("head_to_head_td_difference", 2)


def test_coin_flip_settles_any_tie_the_same_way_every_time():
    first = order(table([], ["coin_flip"]))
    assert first == order(table([], ["coin_flip"]))
    assert {row.tiebreaker for row in table([], ["coin_flip"])} == {"coin_flip"}


def test_teams_still_tied_are_marked_when_tiebreakers_run_out():
    rows = table([], ["td_difference"])
    assert all(row.still_tied for row in rows)


def test_standings_by_round_show_the_table_after_each_round():
    games = [Game(1, 2, 1, 0, round=1), Game(2, 1, 2, 0, round=2)]
    tables = standings_by_round({1: "Ants", 2: "Bats"}, games, scoring=SCORING, tiebreakers=["td_difference"])
    assert [number for number, _rows in tables] == [1, 2]
    assert order(tables[0][1]) == ["Ants", "Bats"]
    assert order(tables[1][1]) == ["Bats", "Ants"]


def test_standings_count_points_adjustments_when_given():
    rows = compute_standings(
        NAMES, [Game(1, 2, 1, 0)], scoring=SCORING, tiebreakers=[], adjustments={1: -3, 3: 2, 99: 5}
    )
    assert [(row.name, row.points, row.adjustment) for row in rows] == [
        ("Cats", 2, 2),
        ("Ants", 0, -3),
        ("Bats", 0, 0),
        ("Dogs", 0, 0),
    ]


def test_head_to_head_counts_match_points_only_when_an_adjustment_makes_the_tie():
    # Ants beat Bats, then lose three points: level on 0, Ants still ahead on the game between them.
    rows = compute_standings(
        {1: "Ants", 2: "Bats"},
        [Game(1, 2, 1, 0)],
        scoring=SCORING,
        tiebreakers=["head_to_head_points"],
        adjustments={1: -3},
    )
    assert [(row.name, row.points, row.tiebreaker, row.tiebreaker_value) for row in rows] == [
        ("Ants", 0, "head_to_head_points", 3),
        ("Bats", 0, "head_to_head_points", 0),
    ]


def test_tables_after_each_round_and_the_race_count_every_adjustment():
    games = [Game(1, 2, 1, 0, round=1), Game(2, 1, 1, 0, round=2)]
    tables = standings_by_round(
        {1: "Ants", 2: "Bats"}, games, scoring=SCORING, tiebreakers=["coin_flip"], adjustments={2: -1}
    )
    assert [[(row.name, row.points) for row in rows] for _number, rows in tables] == [
        [("Ants", 3), ("Bats", -1)],
        [("Ants", 3), ("Bats", 2)],
    ]
    race = points_by_round([1, 2], games, scoring=SCORING, rounds=[1, 2], adjustments={2: -1})
    assert race == {1: [3, 3], 2: [-1, 2]}
