"""Counting a newcomer's taps: every click, choice, tick and typed field is one, and each step of a
journey has a budget it must not overrun.

The journey tests built on this open no address but the site's root and read no database: they go
where the pages send them, by the labels a person sees.
"""

from contextlib import contextmanager
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page


@dataclass
class Taps:
    """The taps of one journey, step by step."""

    spent: dict[str, int] = field(default_factory=dict)
    step: str = ""

    def count(self):
        self.spent[self.step] = self.spent.get(self.step, 0) + 1

    @contextmanager
    def within(self, step: str, budget: int):
        """Counts the taps of `step` and fails when they overrun `budget`."""
        outer, self.step = self.step, step
        try:
            yield
        finally:
            self.step = outer
        spent = self.spent.get(step, 0)
        assert spent <= budget, f"{step}: {spent} taps and fields, over its budget of {budget}"

    @property
    def total(self):
        return sum(self.spent.values())

    def report(self):
        return ", ".join(f"{step} {spent}" for step, spent in self.spent.items()) + f"; total {self.total}"


@dataclass
class Newcomer:
    """A person with a phone: everything they do goes through these verbs, and each costs a tap."""

    page: Page
    taps: Taps

    def tap(self, target: Locator):
        self.taps.count()
        target.click()

    def type(self, target: Locator, text: str):
        self.taps.count()
        target.fill(text)

    def choose(self, target: Locator, **option):
        self.taps.count()
        target.select_option(**option)

    def tick(self, target: Locator):
        self.taps.count()
        target.check()
