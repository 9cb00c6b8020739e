"""The one-tap event buttons of the live match page: one short form per kind of event and team, saved
as a plain POST (post/redirect/get) or swapped in place by htmx; and the dice log naming the player a
roll was about."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.choices import flatten_choices

from league.models import SeasonEntry
from matches.models import Event
from matches.services import drives, prematch
from matches.services import league as league_link
from rosters.models import Player
from tests.factories import UserFactory
from tests.league.factories import make_fixture, make_league, make_season
from tests.matches.conftest import NoDice, make_team
from tests.matches.prayers import name_prayer_targets

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "live"}
# Prayers to Nuffle that change nothing here (Friends with the Ref, 2, changes arguing the call).
QUIET_PRAYERS = [3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 1]
KINDS = [
    "touchdown",
    "casualty",
    "knocked_out",
    "completion",
    "interception",
    "deflection",
    "superb_throw",
    "safe_landing",
    "foul",
    "sent_off",
    "secret_weapon_sent_off",
]
# What a BB2020 live page offers: its SPP table rewards neither a superb throw nor a safe landing.
BB2020_KINDS = [kind for kind in KINDS if kind not in ("superb_throw", "safe_landing")]
FIELDS = {
    "touchdown": {"player"},
    "casualty": {"player", "victim", "cause", "injury", "casualty", "lasting"},
    "knocked_out": {"player", "victim", "cause", "injury"},
    "completion": {"player", "catcher"},
    "interception": {"player"},
    "deflection": {"player"},
    "superb_throw": {"player"},
    "safe_landing": {"player"},
    "foul": {"player", "victim"},
    "sent_off": {"player", "argue", "argue_roll"},
    "secret_weapon_sent_off": {"player"},
}


def kick_off(match, user, *, prayers=()):
    """Play the pre-match sequence with entered dice and kick off (Time-out: no rolls of its own)."""
    dice = NoDice()
    prematch.roll_fans(match, dice=dice, user=user, faces={"home": [2], "away": [3]})
    prematch.roll_weather(match, dice=dice, user=user, faces=[3, 4])
    prematch.take_journeymen(match, user=user)
    favourite = prematch.favourite_side(match) or "home"
    for side in (favourite, "away" if favourite == "home" else "home"):
        prematch.buy_inducements(match, side=side, counts={}, user=user)
    count = prematch.prayers_side(match)[1]
    faces = [*prayers, *(face for face in QUIET_PRAYERS if face not in prayers)][:count]
    prematch.roll_prayers(match, dice=dice, user=user, faces=faces or None)
    name_prayer_targets(match, user)
    prematch.choose_kicking(match, user=user, side="home")
    drives.start_drive(match, dice=dice, user=user, faces={"kickoff": [1, 2]})
    match.refresh_from_db()
    return match


@pytest.fixture
def live(match, home_coach):
    return kick_off(match, home_coach)


@pytest.fixture
def logged_in(client, home_coach):
    client.force_login(home_coach)
    return client


def miss_next_game(team, count):
    """`count` linemen of `team` miss this match (so that journeymen fill in)."""
    linemen = team.players.filter(position="lineman").values_list("pk", flat=True)[:count]
    Player.objects.filter(pk__in=list(linemen)).update(miss_next_game=True)


def key(player):
    return f"p{player.pk}"


def detail(match, **params):
    url = reverse("matches:detail", args=[match.pk])
    return f"{url}?kind={params['kind']}&side={params['side']}" if params else url


def add(client, match, **data):
    return client.post(reverse("matches:event_add", args=[match.pk]), data)


def state(match):
    """What a refused event must leave as it was."""
    match.refresh_from_db()
    return (
        Event.objects.filter(drive__match=match).count(),
        match.dice_log.count(),
        match.home_score,
        match.away_score,
        match.current_drive().ended_by,
    )


# --- the buttons and the short forms ----------------------------------------------------------------


def test_live_page_when_a_drive_is_open_has_a_plain_link_per_kind_and_team(logged_in, live):
    response = logged_in.get(detail(live))
    for side in ("home", "away"):
        for kind in BB2020_KINDS:
            url = f"/matches/{live.pk}/?kind={kind}&amp;side={side}"
            assert f'href="{url}" hx-get="{url}"' in response.text
    assert "Undo the last event" in response.text
    assert 'id="scoreboard"' in response.text
    assert "quick-form" not in response.text


@pytest.mark.parametrize("kind", KINDS)
def test_short_form_when_asked_has_only_the_fields_of_its_kind(logged_in, live, kind):
    response = logged_in.get(detail(live, kind=kind, side="home"))
    form = response.context["quick_form"]
    assert {field.name for field in form.visible_fields()} == FIELDS[kind]
    assert 'data-testid="quick-form"' in response.text
    assert ('name="victim"' in response.text) == ("victim" in FIELDS[kind])
    assert ('name="apothecary"' in response.text) is False  # the away team has no apothecary
    assert "Touchdown</a>" not in response.text  # the buttons make way for the form


def test_short_form_of_a_casualty_when_the_victims_team_has_an_apothecary_offers_it(logged_in, live):
    response = logged_in.get(detail(live, kind="casualty", side="away"))
    names = {field.name for field in response.context["quick_form"].visible_fields()}
    assert names == FIELDS["casualty"] | {"apothecary", "apothecary_roll"}
    assert "Use the apothecary" in response.text


def test_short_form_lists_the_players_of_each_side_where_they_belong(logged_in, live, home_team, away_team):
    response = logged_in.get(detail(live, kind="casualty", side="home"))
    form = response.context["quick_form"]
    actors = {value for value, _label in flatten_choices(form.fields["player"].choices) if value}
    victims = {value for value, _label in flatten_choices(form.fields["victim"].choices) if value}
    assert actors == {key(p) for p in home_team.players.all()}
    assert victims == {key(p) for p in away_team.players.all()}
    # Each select groups its players under their team's name: the victims are the other team's.
    assert form.fields["player"].choices[1][0] == home_team.name
    assert form.fields["victim"].choices[1][0] == away_team.name
    assert f'<optgroup label="{away_team.name}">' in response.text


def test_short_form_when_asked_with_htmx_returns_only_the_live_section(logged_in, live):
    response = logged_in.get(detail(live, kind="touchdown", side="away"), headers=HTMX)
    assert response.text.lstrip().startswith('<section id="live"')
    assert "<html" not in response.text
    assert "Touchdown · Bashers" in response.text
    assert 'hx-post="/matches/' in response.text


def test_live_page_when_the_kind_is_unknown_shows_the_buttons(logged_in, live):
    response = logged_in.get(detail(live, kind="kick_off", side="home"))
    assert response.context["quick_form"] is None
    assert "?kind=touchdown&amp;side=home" in response.text


# --- saving -------------------------------------------------------------------------------------------


def test_touchdown_when_saved_scores_ends_the_drive_and_goes_back_to_the_buttons(logged_in, live, away_team):
    scorer = away_team.players.first()
    response = add(logged_in, live, kind="touchdown", side="away", player=key(scorer))
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{live.pk}/"
    live.refresh_from_db()
    assert (live.home_score, live.away_score) == (0, 1)
    event = Event.objects.get(drive__match=live, kind="touchdown")
    assert (event.side, event.player) == ("away", scorer)
    assert live.current_drive().ended_by == "touchdown"
    page = logged_in.get(response["Location"])
    assert "Recorded: Touchdown · Bashers." in page.text
    assert f"Touchdown · Bashers · {scorer}" in page.text  # latest events name the scorer


@pytest.mark.parametrize("kind", ["completion", "interception", "deflection", "secret_weapon_sent_off"])
def test_one_player_event_when_saved_credits_the_player(logged_in, live, home_team, kind):
    player = home_team.players.get(position="thrower")
    add(logged_in, live, kind=kind, side="home", player=key(player))
    event = Event.objects.get(drive__match=live, kind=kind)
    assert (event.side, event.player, event.victim) == ("home", player, None)


def test_casualty_when_saved_with_entered_dice_and_the_apothecary_keeps_the_lighter_result(
    logged_in, live, home_team, away_team
):
    blocker, victim = away_team.players.first(), home_team.players.first()
    data = {"player": key(blocker), "victim": key(victim), "cause": "block"}
    add(
        logged_in,
        live,
        kind="casualty",
        side="away",
        injury="5 6",
        casualty="15",
        apothecary_roll="4",
        **data,
    )
    event = Event.objects.get(drive__match=live, kind="casualty")
    assert (event.player, event.victim, event.cause, event.outcome) == (
        blocker,
        victim,
        "block",
        "badly_hurt",
    )
    assert event.rolls["injury"]["total"] == 11
    assert [roll["total"] for roll in event.rolls["casualty"]] == [15, 4]
    assert event.rolls["apothecary"] is True  # typing the apothecary's die is using it


def test_knocked_out_when_saved_keeps_the_typed_injury_roll(logged_in, live, home_team, away_team):
    victim = away_team.players.first()
    add(logged_in, live, kind="knocked_out", side="home", victim=key(victim), cause="crowd", injury="4 5")
    event = Event.objects.get(drive__match=live, kind="knocked_out")
    assert (event.player, event.victim, event.cause) == (None, victim, "crowd")
    assert event.rolls["injury"]["faces"] == [4, 5]


def test_foul_when_saved_names_the_fouler_and_the_fouled_player(logged_in, live, home_team, away_team):
    fouler, fouled = home_team.players.first(), away_team.players.first()
    add(logged_in, live, kind="foul", side="home", player=key(fouler), victim=key(fouled))
    event = Event.objects.get(drive__match=live, kind="foul")
    assert (event.player, event.victim) == (fouler, fouled)


@pytest.mark.parametrize(
    ("face", "outcome"),
    [(1, "youre_outta_here"), (4, "i_dont_care"), (6, "well_when_you_put_it_like_that")],
)
def test_sent_off_when_the_call_is_argued_keeps_the_argue_result(logged_in, live, home_team, face, outcome):
    player = home_team.players.first()
    add(logged_in, live, kind="sent_off", side="home", player=key(player), argue="on", argue_roll=str(face))
    event = Event.objects.get(drive__match=live, kind="sent_off")
    assert (event.player, event.outcome, event.rolls["argue"]["total"]) == (player, outcome, face)


def test_sent_off_when_not_argued_rolls_nothing(logged_in, live, home_team):
    rolls_before = live.dice_log.count()
    add(logged_in, live, kind="sent_off", side="home", player=key(home_team.players.first()))
    event = Event.objects.get(drive__match=live, kind="sent_off")
    assert (event.rolls, event.outcome) == ({}, "")
    assert live.dice_log.count() == rolls_before


def test_argue_the_call_when_friends_with_the_ref_is_in_force_keeps_the_player_on_a_five(
    match, home_coach, away_team
):
    kick_off(match, home_coach, prayers=[2])  # the away team (underdog) prays for Friends with the Ref
    event = drives.add_event(
        match,
        user=home_coach,
        kind="sent_off",
        side="away",
        player=away_team.players.first(),
        argue=True,
        faces={"argue": [5]},
    )
    assert event.outcome == "well_when_you_put_it_like_that"


def test_argue_the_call_when_the_coach_was_thrown_out_is_refused_and_nothing_changes(
    logged_in, live, home_team
):
    first, second = home_team.players.all()[:2]
    add(logged_in, live, kind="sent_off", side="home", player=key(first), argue_roll="1")
    before = state(live)
    response = add(logged_in, live, kind="sent_off", side="home", player=key(second), argue_roll="6")
    assert state(live) == before
    page = logged_in.get(response["Location"])
    assert "no more arguing the call this game" in page.text


def test_save_when_sent_with_htmx_returns_the_buttons_and_the_new_score(logged_in, live, home_team):
    scorer = home_team.players.first()
    response = logged_in.post(
        reverse("matches:event_add", args=[live.pk]),
        {"kind": "touchdown", "side": "home", "player": key(scorer)},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Push-Url"] == f"/matches/{live.pk}/"
    assert 'hx-swap-oob="true"' in response.text
    assert '<span class="score" data-testid="score">1 – 0</span>' in response.text
    assert "Recorded: Touchdown · Reavers." in response.text
    assert "<html" not in response.text


def test_undo_when_sent_with_htmx_gives_the_point_back_in_place(logged_in, live, home_team):
    drives.add_event(live, user=None, kind="touchdown", side="home", player=home_team.players.first())
    response = logged_in.post(reverse("matches:event_undo", args=[live.pk]), headers=HTMX)
    assert '<span class="score" data-testid="score">0 – 0</span>' in response.text
    assert "The last event was undone." in response.text
    assert "?kind=touchdown&amp;side=home" in response.text  # the drive is open again: the buttons
    live.refresh_from_db()
    assert live.home_score == 0


# --- bad input changes nothing ---------------------------------------------------------------------


def _bad_inputs(home, away):
    """(posted data, message) pairs: each must be refused with its message."""
    return [
        ({"kind": "touchdown", "side": "home"}, "Scorer: This field is required."),
        ({"kind": "touchdown", "side": "home", "player": key(away)}, "Select a valid choice."),
        ({"kind": "casualty", "side": "home", "player": key(home), "cause": "block"}, "Victim: This field"),
        ({"kind": "casualty", "side": "home", "victim": key(away), "cause": "block"}, "made the block"),
        (
            {"kind": "casualty", "side": "home", "victim": key(away), "cause": "crowd", "casualty": "17"},
            "Enter 1 dice from 1 to 16 for D16.",
        ),
        (
            {"kind": "knocked_out", "side": "home", "victim": key(away), "cause": "crowd", "injury": "x"},
            "Type the dice as numbers",
        ),
        ({"kind": "sent_off", "side": "home", "player": key(home), "argue_roll": "7"}, "from 1 to 6"),
    ]


@pytest.mark.parametrize("index", range(7))
def test_bad_input_when_posted_plainly_changes_nothing_and_reopens_the_form(
    logged_in, live, home_team, away_team, index
):
    data, message = _bad_inputs(home_team.players.first(), away_team.players.first())[index]
    before = state(live)
    response = add(logged_in, live, **data)
    assert state(live) == before
    assert response["Location"] == detail(live, kind=data["kind"], side=data["side"])
    page = logged_in.get(response["Location"])
    assert message in page.text
    assert 'data-testid="quick-form"' in page.text


@pytest.mark.parametrize("index", range(7))
def test_bad_input_when_posted_with_htmx_shows_the_form_again_with_its_error(
    logged_in, live, home_team, away_team, index
):
    data, message = _bad_inputs(home_team.players.first(), away_team.players.first())[index]
    before = state(live)
    response = logged_in.post(reverse("matches:event_add", args=[live.pk]), data, headers=HTMX)
    assert state(live) == before
    assert response.status_code == 200
    assert 'class="errorlist' in response.text
    assert message.split(": ")[-1] in response.text
    assert 'data-testid="quick-form"' in response.text


@pytest.mark.parametrize(("kind", "side"), [("kick_off", "home"), ("touchdown", "middle"), ("", "")])
def test_unknown_kind_or_side_when_posted_changes_nothing(logged_in, live, kind, side):
    before = state(live)
    response = add(logged_in, live, kind=kind, side=side)
    assert state(live) == before
    assert "Choose an event and a team." in logged_in.get(response["Location"]).text


def test_apothecary_when_the_victim_is_a_journeyman_is_refused(match, home_coach, home_team, away_coach):
    miss_next_game(home_team, 3)  # 10 players left: one journeyman joins
    kick_off(match, home_coach)
    journeyman = match.journeymen("home")[0]["key"]
    before = state(match)
    with pytest.raises(ValidationError, match="The apothecary cannot treat this player."):
        drives.add_event(
            match,
            user=away_coach,
            kind="casualty",
            side="away",
            victim_journeyman=journeyman,
            apothecary=True,
            faces={"casualty": [15], "apothecary": [3]},
        )
    assert state(match) == before


# --- permissions ------------------------------------------------------------------------------------


@pytest.fixture
def league_live(home_team, away_team, home_coach, away_coach):
    """A league match in progress, with a commissioner of its league and one of another league."""
    commissioner = UserFactory(username="commish")
    make_league(commissioner=UserFactory(username="elsewhere"))
    season, _entries = make_season(make_league(commissioner=commissioner))
    entries = [
        SeasonEntry.objects.create(
            season=season, team=team, name=team.name, coach=team.coach, status="accepted"
        )
        for team in (home_team, away_team)
    ]
    fixture = make_fixture(season, *entries)
    match = league_link.create_league_match(fixture=fixture, created_by=home_coach)
    return kick_off(match, home_coach)


@pytest.mark.parametrize(
    ("persona", "status", "recorded"),
    [
        ("anonymous", 302, False),
        ("outsider", 403, False),
        ("elsewhere", 403, False),
        ("home", 302, True),
        ("away", 302, True),  # both coaches record the match, from either device
        ("commish", 302, True),
    ],
)
def test_saving_an_event_when_posted_by_each_persona(
    client, league_live, away_team, persona, status, recorded
):
    make_team(UserFactory(username="outsider"), name="Others")  # a coach, but of neither team
    if persona != "anonymous":
        client.force_login(UserFactory(username=persona))
    response = add(client, league_live, kind="touchdown", side="away", player=key(away_team.players.first()))
    assert response.status_code == status
    if persona == "anonymous":
        assert "/login" in response["Location"]
    league_live.refresh_from_db()
    assert league_live.away_score == (1 if recorded else 0)
    assert Event.objects.filter(drive__match=league_live, kind="touchdown").exists() is recorded


@pytest.mark.parametrize(("persona", "status"), [("outsider", 403), ("elsewhere", 403), ("commish", 200)])
def test_opening_a_short_form_when_asked_by_each_persona(client, league_live, persona, status):
    client.force_login(UserFactory(username=persona))
    response = client.get(detail(league_live, kind="casualty", side="home"))
    assert response.status_code == status


def test_opening_a_short_form_when_anonymous_asks_to_log_in(client, live):
    response = client.get(detail(live, kind="casualty", side="home"))
    assert response.status_code == 302
    assert "/login" in response["Location"]


# --- queries --------------------------------------------------------------------------------------


def _play(match, user, home_team, away_team, drives_count):
    """`drives_count` drives of a completion, a knock-out, a casualty with entered dice and a touchdown."""
    home, away = home_team.players.first(), away_team.players.first()
    for _ in range(drives_count):
        drives.add_event(match, user=user, kind="completion", side="home", player=home)
        drives.add_event(
            match,
            user=user,
            kind="knocked_out",
            side="away",
            player=away,
            victim=home,
            faces={"injury": [4, 5]},
        )
        drives.add_event(
            match, user=user, kind="casualty", side="home", player=home, victim=away, faces={"casualty": [3]}
        )
        drives.add_event(match, user=user, kind="touchdown", side="home", player=home)
        drives.start_drive(match, dice=NoDice(), user=user, faces={"kickoff": [1, 2]})


def _queries(client, url, **kwargs):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, **kwargs)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize(
    "page",
    ["buttons", "casualty form", "htmx form", "report"],
)
def test_live_pages_when_many_events_were_recorded_run_as_many_queries_as_with_few(
    client, home_coach, away_coach, page
):
    counts = []
    for size, name in ((1, "Few"), (12, "Many")):
        home = make_team(home_coach, name=f"{name} Reavers", extras=("thrower",), apothecary=True)
        away = make_team(away_coach, name=f"{name} Bashers")
        match = kick_off(
            prematch.create_match(home_team=home, away_team=away, created_by=home_coach), home_coach
        )
        _play(match, home_coach, home, away, size)
        client.force_login(home_coach)
        url, kwargs = {
            "buttons": (detail(match), {}),
            "casualty form": (detail(match, kind="casualty", side="away"), {}),
            "htmx form": (detail(match, kind="casualty", side="away"), {"headers": HTMX}),
            "report": (reverse("matches:report", args=[match.pk]), {}),
        }[page]
        counts.append(_queries(client, url, **kwargs))
    assert Event.objects.filter(drive__match__home_team__name="Many Reavers").count() > 40
    assert counts[0] == counts[1]


# --- the dice log, per player ----------------------------------------------------------------------


def test_dice_log_when_a_casualty_is_rolled_names_the_victim(logged_in, live, home_team, away_team):
    victim = home_team.players.first()
    add(
        logged_in,
        live,
        kind="casualty",
        side="away",
        victim=key(victim),
        cause="crowd",
        injury="6 6",
        casualty="13",
        lasting="1",
        apothecary="on",
        apothecary_roll="14",
    )
    rows = list(live.dice_log.filter(step="drive").exclude(purpose="kick_off").order_by("id"))
    assert [(row.purpose, row.player, row.subject) for row in rows] == [
        ("injury", victim, str(victim)),
        ("casualty", victim, str(victim)),
        ("apothecary", victim, str(victim)),
        ("lasting_injury", victim, str(victim)),
    ]
    assert live.dice_log.get(purpose="kick_off").player is None


def test_dice_log_when_knocked_out_players_recover_names_each_one(match, home_coach, home_team, away_team):
    miss_next_game(away_team, 1)  # 10 players left: one journeyman joins
    kick_off(match, home_coach)
    hired = match.journeymen("away")[0]
    player = home_team.players.first()
    drives.end_drive(
        match,
        user=home_coach,
        knocked_out=[("home", player, ""), ("away", None, hired["key"])],
        dice=NoDice(),
        faces=[[5], [2]],
    )
    rows = match.dice_log.filter(purpose="ko_recovery").order_by("id")
    assert [(row.player, row.subject, row.team) for row in rows] == [
        (player, str(player), home_team),
        (None, hired["key"], away_team),  # named when shown (DiceLog.subject_name)
    ]


def test_dice_log_when_the_call_is_argued_names_the_sent_off_player(logged_in, live, home_team):
    player = home_team.players.get(position="catcher")
    add(logged_in, live, kind="sent_off", side="home", player=key(player), argue="on", argue_roll="3")
    row = live.dice_log.get(purpose="argue_the_call")
    assert (row.player, row.subject, row.roll["total"]) == (player, str(player), 3)


def test_report_when_rolls_were_about_players_shows_them_in_the_dice_log(
    client, match, home_coach, home_team, away_team
):
    miss_next_game(away_team, 1)
    kick_off(match, home_coach)
    hired = match.journeymen("away")[0]
    victim = home_team.players.get(position="catcher")
    drives.add_event(
        match,
        user=home_coach,
        kind="casualty",
        side="away",
        victim=victim,
        cause="crowd",
        faces={"casualty": [2]},
    )
    drives.end_drive(match, user=home_coach, knocked_out=[("away", None, hired["key"])], faces=[[6]])
    victim.name = "Renamed Catcher"  # the report names the roster player as they are now
    victim.save()
    response = client.get(reverse("matches:report", args=[match.pk]))
    cells = re.sub(r"\s+", " ", response.text)
    assert "<th>Player</th><th>Dice</th>" in cells

    def roll(purpose, *cells):
        """The first cells of a dice log row, each labelled for a phone's stacked rows."""
        labels = ("Team", "Player", "Dice")[: len(cells)]
        labelled = (f'<td data-label="{name}">{cell}</td>' for name, cell in zip(labels, cells, strict=True))
        return f'<td class="row-title">{purpose}</td>' + "".join(labelled)

    assert roll("Casualty", "Reavers", f"#{victim.number} Renamed Catcher", "D16") in cells
    name = f"#{hired['number']} {hired['name']}"
    assert roll("KO recovery", "Bashers", name, "D6") in cells
    assert roll("Kick-off event", "Reavers", "") in cells
