"""No code outside the rulebook picks an edition by itself: every `get_edition(...)` call names the
edition of a team, a league, a match or a sheet, never nothing and never a literal id; nothing falls back
to an edition (`x or "bb2020"`, `x or SOME_EDITION`, `data.get("edition", "bb2020")`, a parameter
`edition="bb2025"`), and no model field named edition has a default (issue 21)."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

from rulebook.edition import available_editions

ROOT = Path(settings.BASE_DIR)
APPS = ("accounts", "rosters", "league", "matches", "sheets", "web", "dugout", "templates", "benchmarks")
# The forms that propose the newest edition where the user has not chosen one yet (CONTRIBUTING: the new
# league and new team forms): there, and only there, the newest edition may stand in for none.
PROPOSING_FORMS = {"web/league/forms.py", "web/rosters/forms/new_team.py"}


def python_files():
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def edition_calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name == "get_edition":
                yield node


def bad_calls(source, filename="<test>", *, proposes=False):
    """What is wrong in `source`; `proposes`: a form that may propose the newest edition."""
    problems = []
    tree = ast.parse(source, filename)
    for call in edition_calls(tree):
        arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
        if not arguments:
            problems.append(f"{filename}:{call.lineno}: get_edition() without an edition")
        elif any(isinstance(argument, ast.Constant) for argument in arguments):
            problems.append(f"{filename}:{call.lineno}: get_edition() with a literal edition id")
    defaults = edition_defaults(tree, pickers=not proposes)
    problems += [f"{filename}:{node.lineno}: {problem}" for node, problem in defaults]
    return problems


# An edition id as the rulebook's folders spell them ("bb2020"), also one this Dugout no longer has.
EDITION_ID = re.compile(r"bb\d{4}")
# A function that picks an edition by itself (rulebook.edition.newest_edition_id), called or passed.
EDITION_PICKER = re.compile(r"(newest|latest|default|current)_edition\w*")
# Where a value is read by name with a default: mapping.get("edition", ...), getattr(x, "edition", ...).
READ_WITH_DEFAULT = {"get", "pop", "setdefault", "getattr"}
# How the names of model field classes end (models.CharField).
FIELD_SUFFIX = "Field"


def _name(node):
    """The last name of a Name or an attribute (`rosters.models.SOME_EDITION`), else None."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def names_an_edition(node, *, pickers=True):
    """Whether `node` is an edition id written out ("bb2020"), a constant that holds one (a name in
    capitals with EDITION in it), or (`pickers`) a function that picks one (`newest_edition_id`, called
    or not)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in available_editions() or EDITION_ID.fullmatch(node.value) is not None
    name = _name(node.func if isinstance(node, ast.Call) else node)
    if not name:
        return False
    return (name.isupper() and "EDITION" in name) or (pickers and EDITION_PICKER.fullmatch(name) is not None)


def _is_edition_key(node):
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and "edition" in node.value


def _is_edition_name(name):
    return bool(name) and "edition" in name.lower()


def edition_defaults(tree, *, pickers=True):
    """(node, problem) for every fallback to an edition, edition-named parameter defaulting to one, and
    model field named edition with a default; `pickers`: also a fallback to `newest_edition_id()`."""

    def edition(node):
        return names_an_edition(node, pickers=pickers)

    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if any(edition(value) for value in node.values[1:]):
                yield node, "falls back to an edition (`... or <edition>`)"
        elif isinstance(node, ast.IfExp) and edition(node.orelse):
            yield node, "falls back to an edition (`... if ... else <edition>`)"
        elif isinstance(node, ast.Call):
            yield from _call_defaults(node, edition)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield from _parameter_defaults(node, edition)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_is_edition_name(_name(target)) for target in targets) and _is_field(node.value):
                keywords = {keyword.arg for keyword in node.value.keywords}
                if keywords & {"default", "db_default"}:
                    yield node, "a model field named edition has a default"


def _call_defaults(call, edition):
    name = _name(call.func)
    if name in READ_WITH_DEFAULT:
        # getattr(obj, "edition", default) names the key second; mapping.get("edition", default) first.
        key_at = 1 if name == "getattr" else 0
        arguments = call.args
        if (
            len(arguments) > key_at + 1
            and _is_edition_key(arguments[key_at])
            and edition(arguments[key_at + 1])
        ):
            yield call, f'reads the edition with an edition as default (`.{name}("edition", <edition>)`)'
    for keyword in call.keywords:
        if keyword.arg == "default" and edition(keyword.value):
            yield call, "defaults to an edition (`default=<edition>`)"


def _parameter_defaults(function, edition):
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [
        *zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True),
        *(
            (argument, default)
            for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        ),
    ]
    for argument, default in pairs:
        if default is not None and _is_edition_name(argument.arg) and edition(default):
            yield function, f"the parameter {argument.arg} defaults to an edition"


def _is_field(node):
    return isinstance(node, ast.Call) and (_name(node.func) or "").endswith(FIELD_SUFFIX)


def test_no_app_calls_get_edition_without_an_edition_or_with_a_literal_id_or_falls_back_to_one():
    problems = [
        problem
        for path in python_files()
        for problem in bad_calls(
            path.read_text(), str(path), proposes=path.relative_to(ROOT).as_posix() in PROPOSING_FORMS
        )
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("get_edition()", 1),
        ("get_edition('bb2020')", 1),
        ("rulebook.edition.get_edition(edition_id='bb2025')", 1),
        ("get_edition(team.edition)", 0),
        ("get_edition(edition_id=league.edition)", 0),
        # fallbacks to an edition
        ("edition = edition or EDITION_OF_OLD_TEAMS", 1),
        ("edition = edition or models.EDITION_OF_OLD_TEAMS", 1),
        ("edition = team.edition or 'bb2020'", 1),
        ("game = game or 'bb2025'", 1),
        ("edition = a or b or 'bb2025'", 1),
        ("get_edition(team.edition or 'bb2020')", 1),
        ("edition = team.edition if team else 'bb2020'", 1),
        ("edition = data.get('edition', 'bb2020')", 1),
        ("edition = settings.get('edition', DEFAULT_EDITION)", 1),
        ("edition = data.pop('edition', 'bb1987')", 1),  # also an edition this Dugout does not have
        ("edition = getattr(team, 'edition', 'bb2020')", 1),
        ("game = game or newest_edition()", 1),
        ("edition = edition or rulebook.edition.newest_edition_id()", 1),
        ("game = models.CharField(max_length=20, choices=game_choices, default=newest_edition)", 1),
        ("option = forms.ChoiceField(default='bb2025')", 1),
        ("def make(*, edition='bb2025'): pass", 1),
        ("def make(coach, team_edition=NEWEST_EDITION): pass", 1),
        # a model field named edition with a default
        ("class Team:\n    edition = models.CharField(max_length=20, default=newest)", 1),
        ("class Team:\n    edition = models.CharField(max_length=20, db_default='x')", 1),
        ("class League:\n    edition: str = models.CharField(max_length=20, default=pick)", 1),
        # what is fine: naming the edition of something, no default, another default
        ("edition = team.edition or None", 0),
        ("edition = data.get('edition')", 0),
        ("edition = data.get('edition', '')", 0),
        ("name = data.get('name', 'bb2020')", 0),
        ("edition_id = settings.get('edition') or (folder.name if folder.name in known else None)", 0),
        ("def make(*, edition): pass", 0),
        ("def choices(edition=None): pass", 0),
        ("edition = forms.ChoiceField(choices=edition_choices, initial=newest_edition_id)", 0),  # proposed
        ("procedures = petty_cash_choices(edition) or []", 0),
        ("class Team:\n    edition = models.CharField(max_length=20, choices=edition_choices)", 0),
        ("class Team:\n    name = models.CharField(max_length=20, default='bb2020')", 1),  # default= an id
        ("URL = f'/rules/{EDITION_OF_UNVERSIONED_URLS}/'", 0),
        ('DEMO = {"edition": "bb2020"}', 0),
    ],
)
def test_the_check_finds_what_it_should(source, found):
    assert len(bad_calls(source)) == found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("edition = value if value in known else newest_edition_id()", 0),  # the form's proposal
        ("edition = value or newest_edition_id()", 0),
        ("edition = value or 'bb2025'", 1),  # never a literal id
        ("edition = value or NEWEST_EDITION", 1),
    ],
)
def test_a_proposing_form_may_stand_the_newest_edition_in_for_none(source, found):
    assert len(bad_calls(source, proposes=True)) == found
