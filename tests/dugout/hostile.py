"""Tools of the hostile-input walk (test_hostile_input.py): the forms and links of a page read from its
HTML, the hostile values an attacker types, and Hypothesis strategies that mix them into submissions.

The stdlib HTMLParser is enough: Dugout's templates write plain forms (no JavaScript builds them).
"""

import math
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qs, urljoin, urlsplit

from hypothesis import strategies as st

# What an attacker types (issue #14, point 6), each kind named so a failure says which one it was.
HOSTILE = {
    "empty": "",
    "blank": "   ",
    "long": "x" * 5000,
    "long digits": "9" * 5000,
    "negative": "-1",
    "big negative": "-99999999999",
    "zero": "0",
    "10^20": str(10**20),
    "int64+1": str(2**63),
    "1e309": "1e309",
    "NaN": "NaN",
    "-inf": "-inf",
    "decimal": "1.5",
    "hex": "0x1F",
    "fullwidth digits": "１２",
    "arabic digits": "٣",
    "superscript digit": "²",  # str.isdigit() says yes, int() says no
    "markup": "<script>alert(1)</script>",
    "attribute": '"><img src=x onerror=alert(1)>',
    "NUL": "\x00",
    "NUL inside": "a\x00b",
    "emoji": "🏈💀🧌",
    "SQL": "' OR 1=1 --",
    "RTL": "\u202egnp.exe\u202c",
    "zero width": "\u200b",
    "combining": "e\u0301\u0301\u0301",
    "path": "../../etc/passwd",
    "slash": "a/b",
    "percent": "%00%2F",
    "newline": "a\r\nb",
    "bad date": "2026-02-30",
    "far date": "99999-12-31",
    "json": '{"a": [1, 2',
    "deep nesting": "[" * 5000 + "]" * 5000,
    "uuid": "00000000-0000-0000-0000-000000000000",
    "url": "javascript:alert(1)",
}

# Query-string parameters tried on every page, on top of the names its GET forms use.
QUERY_PARAMETERS = (
    "page",
    "lang",
    "paper",
    "next",
    "sort",
    "q",
    "season",
    "edition",
    "side",
    "team",
    "step",
    "after",
    "round",
    "entry",
    "league",
    "roster",
    "kind",
)


def hostile_values():
    """A hostile value: one of HOSTILE, or text, a number or a float (NaN, infinities, extremes) made up
    by Hypothesis."""
    return st.one_of(
        st.sampled_from(list(HOSTILE.values())),
        st.text(max_size=40),
        st.integers().map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(_float_text),
    )


def _float_text(value):
    return str(value) if math.isfinite(value) else {True: "inf", False: "-inf"}.get(value > 0, "nan")


@dataclass
class Field:
    name: str
    kind: str  # an input's type, "select", "textarea" or "file"
    value: str = ""
    checked: bool = True  # checkboxes and radios: sent as the page stands only when checked


@dataclass
class Form:
    page: str
    method: str
    action: str
    multipart: bool
    fields: list = field(default_factory=list)
    submitter: Field | None = None

    def names(self):
        """The names of the fields an attacker can change (file inputs included), in page order."""
        return list(dict.fromkeys(f.name for f in self.fields if f.kind != "submit"))

    def defaults(self):
        """What the browser sends as the page stands: {name: [values]}."""
        data = {}
        for item in self.fields:
            if item.kind in ("checkbox", "radio") and not item.checked:
                continue
            if item.kind != "file":
                data.setdefault(item.name, []).append(item.value)
        if self.submitter is not None:
            data[self.submitter.name] = [self.submitter.value]
        return data

    def describe(self):
        """The form, after the method and URL a failure names: its button and the page it is on."""
        button = f"[{self.submitter.name}={self.submitter.value}] " if self.submitter else ""
        return f"{button}(form on {self.page})"


class PageParser(HTMLParser):
    """The forms (with every named field and submit button) and the links (href, hx-get) of a page."""

    def __init__(self, url):
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms = []
        self.links = []
        self._form = None
        self._buttons = []
        self._select = None
        self._option = None  # the open <option>: [value or None, text, selected]
        self._textarea = None

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        for link in (attrs.get("href") if tag == "a" else None, attrs.get("hx-get")):
            if link:
                self.links.append(urljoin(self.url, link))
        if tag == "form":
            self._start_form(attrs)
        elif self._form is not None:
            self._form_tag(tag, attrs)

    def _start_form(self, attrs):
        method = (attrs.get("method") or "get").upper()
        action = urljoin(self.url, attrs.get("action") or self.url)
        multipart = attrs.get("enctype", "") == "multipart/form-data"
        self._form = Form(page=self.url, method=method, action=action, multipart=multipart)
        self._buttons = []

    def _form_tag(self, tag, attrs):
        name, kind = attrs.get("name"), attrs.get("type", "").lower()
        if tag == "input" and name:
            kind = kind or "text"
            if kind in ("submit", "image"):
                self._buttons.append(Field(name, "submit", attrs.get("value", "")))
            elif kind not in ("reset", "button"):
                default = "on" if kind in ("checkbox", "radio") else ""
                checked = "checked" in attrs or kind not in ("checkbox", "radio")
                self._form.fields.append(Field(name, kind, attrs.get("value", default), checked))
        elif tag == "button" and name and kind in ("", "submit"):
            self._buttons.append(Field(name, "submit", attrs.get("value", "")))
        elif tag == "select" and name:
            self._select = Field(name, "select", None)
            self._form.fields.append(self._select)
        elif tag == "option" and self._select is not None:
            self._end_option()
            self._option = [attrs.get("value"), "", "selected" in attrs]
        elif tag == "textarea" and name:
            self._textarea = Field(name, "textarea", "")
            self._form.fields.append(self._textarea)

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea.value += data
        elif self._option is not None:
            self._option[1] += data

    def handle_endtag(self, tag):
        if tag == "option":
            self._end_option()
        elif tag == "select" and self._select is not None:
            self._end_option()
            if self._select.value is None:
                self._select.value = ""
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form" and self._form is not None:
            self._end_form()

    def _end_option(self):
        if self._option is None:
            return
        value, text, selected = self._option
        # The browser sends the selected option, else the first one (one value: enough for the walk).
        if self._select.value is None or selected:
            self._select.value = text.strip() if value is None else value
        self._option = None

    def _end_form(self):
        form, buttons = self._form, self._buttons
        # One form per submit button that has a name: each one is a way the view is asked.
        variants = buttons or [None]
        for button in variants:
            self.forms.append(Form(form.page, form.method, form.action, form.multipart, form.fields, button))
        self._form = None


def read_page(url, html):
    """The forms and the same-site links of the page at `url`."""
    parser = PageParser(url)
    parser.feed(html)
    parser.close()
    links = [local_path(link) for link in parser.links if urlsplit(link).netloc in ("", "testserver")]
    for form in parser.forms:
        form.page, form.action = local_path(form.page), local_path(form.action)
    return parser.forms, [link for link in links if link]


def query_names(url, forms, links):
    """The query parameters a page reads, as far as its HTML tells: its own URL's, its links', its GET
    forms' fields."""
    names = [
        name for link in [url, *links] for name in parse_qs(urlsplit(link).query, keep_blank_values=True)
    ]
    names += [field.name for form in forms if form.method == "GET" for field in form.fields]
    return list(dict.fromkeys(names))


def local_path(url):
    """The path and query of a same-site URL (one page, one spelling), without its fragment."""
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path
