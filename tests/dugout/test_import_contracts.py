"""The import contracts of pyproject.toml ([tool.importlinter], CONTRIBUTING "Layers"): the project keeps
them, and a forbidden import breaks them, even one written inside a function.

The broken cases run `lint-imports` on a copy of the project's Python files with one import added, so
the working tree is never touched."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("dugout", "web", "accounts", "rulebook", "rosters", "league", "matches", "sheets")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(folder):
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _python_only(folder, names):
    return [
        name
        for name in names
        if name == "__pycache__" or not (name.endswith(".py") or Path(folder, name).is_dir())
    ]


@pytest.fixture
def project_copy(tmp_path):
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=_python_only)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def _append(path, code):
    with path.open("a", encoding="utf-8") as file:
        file.write(code)


def test_lint_imports_on_the_project_keeps_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_lint_imports_when_rosters_imports_the_league_inside_a_function_breaks_the_layers(project_copy):
    _append(
        project_copy / "rosters" / "models.py",
        "\n\ndef _seasons_played(team):\n"
        "    from league.models import Season\n\n"
        "    return Season.objects.filter(entries__team=team).count()\n",
    )
    result = lint_imports(project_copy)
    assert result.returncode == 1
    assert "rosters is not allowed to import league" in result.stdout
    assert "rosters.models -> league.models" in result.stdout


def test_lint_imports_when_the_rulebook_imports_the_orm_breaks_its_independence(project_copy):
    _append(project_copy / "rulebook" / "dice.py", "\n\nfrom django.db import models  # noqa\n")
    result = lint_imports(project_copy)
    assert result.returncode == 1
    assert "The rulebook stands alone: no Django ORM, no app BROKEN" in " ".join(result.stdout.split())
    assert "rulebook.dice -> django.db" in result.stdout


def test_lint_imports_when_a_page_uses_any_apps_domain_keeps_the_layers(project_copy):
    """The web layer is above every app: the team page may read the league's domain directly."""
    _append(
        project_copy / "web" / "rosters" / "views" / "teams.py",
        "\n\nfrom league.models import Season  # noqa\nfrom matches.models import Match  # noqa\n",
    )
    result = lint_imports(project_copy)
    assert result.returncode == 0, result.stdout
    assert "0 broken" in result.stdout


def test_lint_imports_when_the_domain_imports_a_page_breaks_the_layers(project_copy):
    _append(
        project_copy / "league" / "services" / "results.py",
        "\n\ndef _page():\n    from web.league.views import fixture_detail\n\n    return fixture_detail\n",
    )
    result = lint_imports(project_copy)
    assert result.returncode == 1
    assert "league is not allowed to import web" in result.stdout
    assert "league.services.results -> web.league.views" in result.stdout
