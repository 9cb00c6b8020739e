import io
import textwrap
import uuid

import pytest
from pypdf import PdfWriter

from dugout.celery import app as celery_app
from sheets import catalogue


@pytest.fixture(autouse=True)
def own_cache(settings):
    """Each test a cache of its own: the anonymous clients' counts (sheets.limits) of earlier tests and
    runs stay out."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": uuid.uuid4().hex}
    }


@pytest.fixture
def eager_celery():
    """Tasks run at once, in the test's process (set on the Celery app: it has read its settings)."""
    previous = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield celery_app
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = previous


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def blank_pdf(pages=1):
    writer = PdfWriter()
    for _page in range(pages):
        writer.add_blank_page(width=595, height=842)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


class FakeRenderer:
    """Stands in for render_sheet_pdf: counts its calls, returns a blank PDF or raises `error`."""

    def __init__(self):
        self.calls = []
        self.leagues = []
        self.error = None

    def __call__(self, sheet, *, language, paper, league=None):
        self.calls.append((sheet.slug, language, paper))
        self.leagues.append(league)
        if self.error:
            raise self.error
        return blank_pdf()


@pytest.fixture
def fake_renderer(monkeypatch):
    renderer = FakeRenderer()
    monkeypatch.setattr("sheets.jobs.render_sheet_pdf", renderer)
    return renderer


def write_game(root, game_id, sheets_toml, texts, edition=None):
    """A game folder under `root`: sheets.toml and text/<lang>.toml from {lang: toml text}."""
    folder = root / game_id
    (folder / "text").mkdir(parents=True)
    header = f'[game]\ntitle = "game.title"\n{f"edition = {edition!r}" if edition else ""}\n'
    (folder / "sheets.toml").write_text(header + textwrap.dedent(sheets_toml), encoding="utf-8")
    for language, text in texts.items():
        (folder / "text" / f"{language}.toml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@pytest.fixture
def content(tmp_path, monkeypatch):
    """Temporary sheet content standing in for sheets/content/: call it to write a game."""
    root = tmp_path / "content"
    root.mkdir()
    monkeypatch.setattr(catalogue, "CONTENT_DIR", root)
    catalogue.get_catalogue.cache_clear()

    def write(*args, **kwargs):
        folder = write_game(root, *args, **kwargs)
        catalogue.get_catalogue.cache_clear()
        return folder

    yield write
    catalogue.get_catalogue.cache_clear()
