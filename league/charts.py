"""Server-side SVG charts (no JavaScript): the standings race and team value over a season.

Pure functions from plain series to an SVG string; colours come from a fixed palette and every
line carries a <title> so the chart is readable with a screen reader too.
"""

from xml.sax.saxutils import escape

PALETTE = [
    "#1b9e77",
    "#d95f02",
    "#7570b3",
    "#e7298a",
    "#66a61e",
    "#e6ab02",
    "#a6761d",
    "#666666",
    "#1f78b4",
    "#b2df8a",
    "#fb9a99",
    "#cab2d6",
]
WIDTH, HEIGHT = 720, 360
MAX_SERIES = 12  # lines drawn at most
LEFT, RIGHT, TOP, BOTTOM = 60, 170, 20, 40
TEAM_VALUE_STEP = 50000  # the team value axis spans whole steps of this many gold pieces


def line_chart(series, *, x_labels, title, y_label="", max_series=MAX_SERIES, y_step=None):
    """An SVG line chart. `series`: [(name, [y or None per x label])], drawn in order (first on top
    of the legend); only the first `max_series` are drawn. The y axis starts at zero, or with `y_step`
    spans the values only, widened to whole steps (team values all sit near a million: from zero
    their lines would be flat)."""
    series = series[:max_series]
    values = [value for _name, points in series for value in points if value is not None]
    low, high = (min(values), max(values)) if values else (0, 1)
    if y_step:
        low, high = y_step * (low // y_step), y_step * (high // y_step + 1)
    else:
        low = min(low, 0)
    if high == low:
        high = low + 1
    count = max(len(x_labels), 2)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index):
        return LEFT + plot_w * index / (count - 1)

    def y(value):
        return TOP + plot_h * (1 - (value - low) / (high - low))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" class="chart">',
        f"<title>{escape(title)}</title>",
        f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999"/>',
    ]
    for step in range(5):
        value = low + (high - low) * step / 4
        parts.append(
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" font-size="11" '
            f'text-anchor="end">{_number(value)}</text>'
        )
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#ddd"/>'
        )
    for index, label in enumerate(x_labels):
        parts.append(
            f'<text x="{x(index):.1f}" y="{HEIGHT - BOTTOM + 16}" font-size="11" '
            f'text-anchor="middle">{escape(str(label))}</text>'
        )
    if y_label:
        parts.append(f'<text x="12" y="{TOP + 10}" font-size="11">{escape(y_label)}</text>')
    for number, (name, points) in enumerate(series):
        colour = PALETTE[number % len(PALETTE)]
        coords = [f"{x(index):.1f},{y(value):.1f}" for index, value in enumerate(points) if value is not None]
        if coords:
            parts.append(
                f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(coords)}">'
                f"<title>{escape(name)}</title></polyline>"
            )
        legend_y = TOP + 14 * number + 8
        parts.append(
            f'<rect x="{WIDTH - RIGHT + 10}" y="{legend_y - 8}" width="10" height="10" fill="{colour}"/>'
            f'<text x="{WIDTH - RIGHT + 26}" y="{legend_y + 1}" font-size="11">{escape(name[:22])}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _number(value):
    if abs(value) >= 10000:
        return f"{value / 1000:.0f}k"
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def standings_race(series, *, rounds, title):
    """Points after each round per team. `series`: [(team name, [points after each of `rounds`])], in
    the order of the table (standings.points_by_round computes the points)."""
    return line_chart(series, x_labels=rounds, title=title)


def team_value_over_season(results, names, *, title):
    """Team value after each round, from confirmed results' recorded team values.

    `results`: [(round number, home entry, away entry, home TV, away TV)]; `names`: {entry: name}.
    """
    rounds = sorted({number for number, *_rest in results if number is not None})
    values = {entry: {} for entry in names}
    for number, home, away, home_tv, away_tv in results:
        if number is None:
            continue
        for entry, value in ((home, home_tv), (away, away_tv)):
            if entry in values and value is not None:
                values[entry][number] = value
    series = []
    for entry, name in names.items():
        if values[entry]:
            series.append((name, [values[entry].get(number) for number in rounds]))
    series.sort(key=lambda item: -max(value for value in item[1] if value is not None))
    return line_chart(series, x_labels=rounds, title=title, y_step=TEAM_VALUE_STEP)
