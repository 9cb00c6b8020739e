"""Pages that are never stale, kept whole under the versions of what they show, with conditional GET.

A *scope* is what a page shows, named `(kind, id)`: ("team", 3), ("season", 7), ("league", 2),
("match", 11). Every scope has a version in the shared cache (settings.CACHES: Redis in production, a
folder for the embedded default, so every process on every host sees the same one).

- changes.py: versions, changes (begun before a write, ended when it is visible to all), the epoch,
  fan-outs (a team's change reaches its seasons' pages) and remembered relations;
- signals.py: `watch(model, scopes_of)`, the changes made by the models' signals, connected by each app's
  <app>/freshness.py in its AppConfig.ready; services that write around the signals (a queryset's
  update, bulk_create) call `bump` themselves;
- pages.py: `fresh_page(scopes)`, the GET views kept by their scopes' versions;
- verify.py: the verification mode of the test suite (a kept page must equal a fresh render).
"""

from dugout.freshness.changes import (
    FreshnessUnavailable,
    bump,
    expand,
    new_epoch,
    register_fanout,
    remembered,
    rolled_back,
    versions,
)
from dugout.freshness.pages import fresh_page, viewer
from dugout.freshness.signals import watch

__all__ = [
    "FreshnessUnavailable",
    "bump",
    "expand",
    "fresh_page",
    "new_epoch",
    "register_fanout",
    "remembered",
    "rolled_back",
    "versions",
    "viewer",
    "watch",
]
