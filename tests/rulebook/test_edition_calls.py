"""No code outside the rulebook picks an edition by itself: every `get_edition(...)` call names the
edition of a team, a league, a match or a sheet, never nothing and never a literal id."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
APPS = ("accounts", "rosters", "league", "matches", "sheets", "web", "dugout", "templates", "benchmarks")


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


def bad_calls(source, filename="<test>"):
    problems = []
    for call in edition_calls(ast.parse(source, filename)):
        arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
        if not arguments:
            problems.append(f"{filename}:{call.lineno}: get_edition() without an edition")
        elif any(isinstance(argument, ast.Constant) for argument in arguments):
            problems.append(f"{filename}:{call.lineno}: get_edition() with a literal edition id")
    return problems


def test_no_app_calls_get_edition_without_an_edition_or_with_a_literal_id():
    problems = [problem for path in python_files() for problem in bad_calls(path.read_text(), str(path))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("get_edition()", 1),
        ("get_edition('bb2020')", 1),
        ("rulebook.edition.get_edition(edition_id='bb2025')", 1),
        ("get_edition(team.edition)", 0),
        ("get_edition(edition_id=league.edition)", 0),
    ],
)
def test_the_check_finds_what_it_should(source, found):
    assert len(bad_calls(source)) == found
