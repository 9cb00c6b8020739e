"""Rules texts: keyed strings with one translation per language, read from `text/<lang>/*.toml`."""

import tomllib
from pathlib import Path

LANGUAGES = ("en", "fr", "de", "ko", "es", "it", "pt", "el")
SOURCE_LANGUAGE = "en"


def flatten(mapping, prefix=""):
    """Nested TOML tables to dotted keys: {"a": {"b": "x"}} gives {"a.b": "x"}."""
    flat = {}
    for key, value in mapping.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def load_language(folder):
    """Every text of one language folder, merged into one dict of dotted keys."""
    texts = {}
    for path in sorted(Path(folder).glob("*.toml")):
        with path.open("rb") as file:
            texts.update(flatten(tomllib.load(file)))
    return texts


class Texts:
    """Look texts up by key and language, falling back to English, then to the key itself."""

    def __init__(self, by_language):
        self.by_language = by_language

    @classmethod
    def from_folder(cls, folder):
        folder = Path(folder)
        return cls({lang: load_language(folder / lang) for lang in LANGUAGES if (folder / lang).is_dir()})

    def get(self, key, language=SOURCE_LANGUAGE):
        base_language = (language or SOURCE_LANGUAGE).split("-")[0]
        for candidate in (base_language, SOURCE_LANGUAGE):
            text = self.by_language.get(candidate, {}).get(key)
            if text:
                return text
        return key

    def has(self, key, language=SOURCE_LANGUAGE):
        return bool(self.by_language.get(language, {}).get(key))

    def all_languages(self, key):
        """{"en": ..., "fr": ...} for the export."""
        return {lang: texts[key] for lang, texts in self.by_language.items() if texts.get(key)}

    def gaps(self, language):
        """Keys of English that `language` lacks or leaves empty, and keys English does not have."""
        source = self.by_language.get(SOURCE_LANGUAGE, {})
        other = self.by_language.get(language, {})
        missing = sorted(key for key, text in source.items() if not str(other.get(key, "")).strip())
        extra = sorted(other.keys() - source.keys())
        return missing, extra
