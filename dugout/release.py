"""The release: one digest of everything a kept page or a generated file is made from, so that a new
deployment (or a corrected translation) never serves what the old one drew."""

import functools
import hashlib
import os
from pathlib import Path

from django.conf import settings
from django.utils.autoreload import file_changed

# Code, templates, rules and sheet texts (toml), compiled translation catalogues (mo), static files.
SUFFIXES = {".py", ".html", ".toml", ".mo", ".css", ".js", ".svg"}
IGNORED = {"var", "tests", "benchmarks", "node_modules", "__pycache__"}


@functools.cache
def release():
    """A digest of the contents of the code, templates, rules data, translations and static files in use
    (their contents, so that every host of one deployment agrees). Read once per process (about 0.2 s);
    settings.RELEASE, when set, saves reading the tree."""
    given = getattr(settings, "RELEASE", "")
    if given:
        return given
    digest = hashlib.sha256()
    root = Path(settings.BASE_DIR)
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(name for name in folders if not _ignored(name))
        for name in sorted(files):
            if Path(name).suffix in SUFFIXES:
                path = Path(folder) / name
                digest.update(f"{path.relative_to(root)}\n".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _ignored(folder):
    return folder.startswith(".") or folder in IGNORED


def _changed(sender, file_path, **kwargs):
    """runserver saw a file change that needs no restart (a template): the next page is a new release."""
    release.cache_clear()


file_changed.connect(_changed, dispatch_uid="dugout.release")
