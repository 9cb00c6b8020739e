"""The SVG charts: axis ranges and what they draw (league.charts is pure: no database)."""

import re

from league import charts


def _axis_labels(svg):
    return re.findall(r'text-anchor="end">([^<]+)</text>', svg)


def test_standings_race_axis_starts_at_zero():
    svg = charts.standings_race([("Reavers", [3, 6]), ("Eye", [1, 2])], rounds=[1, 2], title="Race")
    labels = _axis_labels(svg)
    assert (labels[0], labels[-1]) == ("0", "6")


def test_team_value_axis_spans_the_values_in_whole_steps():
    results = [(1, "a", "b", 1_010_000, 960_000), (2, "a", "b", 1_090_000, 940_000)]
    svg = charts.team_value_over_season(results, {"a": "Reavers", "b": "Eye"}, title="TV")
    labels = _axis_labels(svg)
    # 940k..1,090k widened to whole 50k steps: 900k..1,100k, not from zero (flat lines).
    assert (labels[0], labels[-1]) == ("900k", "1100k")
    assert svg.count("<polyline") == 2


def test_team_value_axis_when_every_value_is_equal_still_has_a_height():
    results = [(1, "a", "b", 1_000_000, 1_000_000)]
    svg = charts.team_value_over_season(results, {"a": "A", "b": "B"}, title="TV")
    labels = _axis_labels(svg)
    assert (labels[0], labels[-1]) == ("1000k", "1050k")
