"""The shapes of the JSON API, as pydantic models: django-ninja checks every answer against them and
describes them in the OpenAPI schema (/leagues/api/openapi.json). docs/league-api.md says what the values
mean."""

from typing import Literal

from ninja import Field, Schema

from league import models

# The values the models allow, so that the schema cannot drift from them.
SeasonStatus = Literal[tuple(models.Season.Status.values)]
SeasonFormat = Literal[tuple(models.Season.Format.values)]
Stage = Literal[tuple(models.Fixture.Stage.values)]
ResultStatus = Literal[tuple(models.Result.Status.values)]


class Error(Schema):
    detail: str = Field(description="Why the request failed, in the language of the request.")


class PageError(Error):
    error: str | None = Field(
        None, description="For a page that is not one: the same message (as before `detail` was)."
    )


class InvalidRequest(Error):
    errors: list[dict] = Field(description="Each refused field and why, as django-ninja reports it.")


class InvalidResult(Error):
    errors: dict[str, list[str]] = Field(description="The messages of each refused field, by field.")


class Points(Schema):
    win: int
    draw: int
    loss: int


class BonusPoints(Schema):
    three_plus_touchdowns: int
    no_touchdown_conceded: int
    three_plus_casualties: int


class League(Schema):
    slug: str
    name: str
    game: str = Field(
        description="A Blood Bowl league's rulebook edition id (as in `edition`), or `rugby` or "
        "`hexfootball`: the API's meaning of `game` since its first version."
    )
    edition: str | None = Field(
        description="The rulebook edition a Blood Bowl league plays; null for another game."
    )
    public: bool
    points: Points
    bonus_points: BonusPoints | None
    tiebreakers: list[str]
    optional_rules: list[str]
    petty_cash_procedure: str
    starting_treasury: int


class Division(Schema):
    id: int
    name: str
    order: int = Field(description="1 is the top division: promotion goes towards it.")
    conference: str = Field(description='The conference the division belongs to ("" for none).')


class Season(Schema):
    id: int
    league: str
    name: str
    status: SeasonStatus
    format: SeasonFormat
    divisions: list[Division] = Field(description="In order; empty for a season of one table.")


class LeagueDetail(League):
    seasons: list[Season] = Field(description="Newest first.")


class Row(Schema):
    position: int
    entry: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    td_for: int
    td_against: int
    cas_for: int
    cas_against: int
    bonus: int
    points: int
    tiebreaker: str | None
    tiebreaker_value: int | None
    still_tied: bool
    division: int | None = Field(description="The team's division (null in a season of one table).")
    division_position: int | None = Field(
        description="The place in its division; `position` is the place in the whole season's table."
    )


class Result(Schema):
    status: ResultStatus
    home_score: int
    away_score: int
    home_cas: int
    away_cas: int
    conceded_by: int | None = Field(description="The entry id of the team that conceded, if one did.")


class Fixture(Schema):
    id: int
    round: int | None
    stage: Stage
    scheduled_at: str | None = Field(description="ISO 8601 date and time, if set.")
    date: str | None = Field(description="The round's date (ISO 8601), if set.")
    home: int
    away: int
    home_name: str
    away_name: str
    result: Result | None = Field(description="Only a confirmed result; null otherwise.")


class ConfirmedResult(Result):
    fixture: int
    round: int | None
    home: int
    away: int


class Team(Schema):
    entry: int
    name: str
    coach: str | None = Field(description="The coach's username (null when the entry has no coach).")
    team: int | None
    roster: str | None
    team_value: int | None
    division: int | None = Field(description="The division's id (null in a season of one table).")


class Page(Schema):
    count: int = Field(description="Items in the whole list.")
    page: int
    pages: int = Field(description="At least 1: an empty list has one empty page.")
    next: str | None = Field(description="Absolute link to the next page; null on the last.")
    previous: str | None = Field(description="Absolute link to the previous page; null on the first.")


class LeaguePage(Page):
    leagues: list[League]


class SeasonPage(Page):
    season: int


class StandingsPage(SeasonPage):
    standings: list[Row]


class FixturePage(SeasonPage):
    fixtures: list[Fixture]


class ResultPage(SeasonPage):
    results: list[ConfirmedResult]


class TeamPage(SeasonPage):
    teams: list[Team]


class ResultIn(Schema):
    """A result as a coach of one side reports it (the fields of the fixture page's form)."""

    home_score: int = Field(description="Home touchdowns, 0 to 99.")
    away_score: int = Field(description="Away touchdowns, 0 to 99.")
    home_cas: int = Field(0, description="Casualties the home team inflicted, 0 to 99.")
    away_cas: int = Field(0, description="Casualties the away team inflicted, 0 to 99.")
    conceded: Literal["", "home", "away"] | None = Field(
        None, description="The side that conceded, if one did."
    )
    comment: str = ""


class SubmittedResult(Result):
    fixture: int
