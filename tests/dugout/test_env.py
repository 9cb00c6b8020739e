import pytest
from django.core.exceptions import ImproperlyConfigured

from dugout.env import env_bool, env_int, env_list, env_str, env_url


def test_env_bool_reads_the_usual_spellings(monkeypatch):
    for text, expected in [("1", True), ("yes", True), ("ON", True), ("0", False), ("off", False)]:
        monkeypatch.setenv("FLAG", text)
        assert env_bool("FLAG") is expected


def test_env_bool_rejects_anything_else(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG")


def test_env_bool_uses_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG", True) is True


def test_env_int_rejects_text_and_values_below_the_minimum(monkeypatch):
    monkeypatch.setenv("PORT", "eighty")
    with pytest.raises(ImproperlyConfigured, match="not a whole number"):
        env_int("PORT", 1)
    monkeypatch.setenv("PORT", "-1")
    with pytest.raises(ImproperlyConfigured, match="below the minimum of 0"):
        env_int("PORT", 1, minimum=0)
    monkeypatch.setenv("PORT", "8080")
    assert env_int("PORT", 1, minimum=0) == 8080


def test_env_str_required_fails_loudly_when_missing(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env_str("SECRET_KEY", required=True)


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS") == ["a.example", "b.example"]


def test_env_url_rejects_an_unknown_scheme(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "mysql://db/dugout")
    with pytest.raises(ImproperlyConfigured, match="no supported scheme"):
        env_url("DATABASE_URL", "sqlite:///x", schemes={"sqlite", "postgres"})
    monkeypatch.setenv("DATABASE_URL", "postgres://db/dugout")
    assert env_url("DATABASE_URL", "sqlite:///x", schemes={"sqlite", "postgres"}) == "postgres://db/dugout"
