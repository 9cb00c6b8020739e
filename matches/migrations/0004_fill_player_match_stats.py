"""Fill PlayerMatchStats for the matches applied before they were stored: the events each player is
credited with, and the SPP and MVP that the match's stored outcome gave them (as
matches.services.postmatch.player_stats does; journeymen hired by a match are named by their match key
only and left out). Reversed by deleting every row (the schema migration before drops the table)."""

from django.db import migrations

STAT_EVENTS = {
    "touchdown": "touchdowns",
    "casualty": "casualties",
    "completion": "completions",
    "deflection": "deflections",
    "interception": "interceptions",
}
KILLED = "dead"
SIDES = ("home", "away")


def _key(player_id, journeyman):
    return f"p{player_id}" if player_id else journeyman


def fill(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Event = apps.get_model("matches", "Event")
    Player = apps.get_model("rosters", "Player")
    PlayerMatchStats = apps.get_model("matches", "PlayerMatchStats")
    matches = Match.objects.filter(status="applied").exclude(player_stats__isnull=False).order_by("pk")
    for match in matches.iterator(chunk_size=500):
        teams = [match.home_team_id, match.away_team_id]
        known = {f"p{pk}": pk for pk in Player.objects.filter(team_id__in=teams).values_list("pk", flat=True)}
        rows = {}

        def row(side, key, match=match, known=known, rows=rows):
            player_id = known.get(key)
            if player_id is None:
                return None
            if player_id not in rows:
                rows[player_id] = PlayerMatchStats(match_id=match.pk, player_id=player_id, side=side)
            return rows[player_id]

        events = Event.objects.filter(drive__match=match, kind__in=STAT_EVENTS).values_list(
            "side", "kind", "player_id", "journeyman", "outcome"
        )
        for side, kind, player_id, journeyman, outcome in events:
            stats = row(side, _key(player_id, journeyman))
            if stats is None:
                continue
            field = STAT_EVENTS[kind]
            setattr(stats, field, getattr(stats, field) + 1)
            if kind == "casualty" and outcome == KILLED:
                stats.kills += 1
        for side in SIDES:
            summary = (match.outcome or {}).get(side) or {}
            for key, entry in (summary.get("spp") or {}).items():
                if (stats := row(side, key)) is not None:
                    stats.spp = entry.get("spp", 0)
            if (stats := row(side, summary.get("mvp"))) is not None:
                stats.mvp = 1
        PlayerMatchStats.objects.bulk_create(rows.values())


def empty(apps, schema_editor):
    apps.get_model("matches", "PlayerMatchStats").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0003_player_match_stats"),
        ("rosters", "0001_initial"),
    ]

    operations = [migrations.RunPython(fill, empty)]
