import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_home_page_in_english_has_landmarks_and_no_inline_script(client):
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert '<main id="main"' in html
    assert "<script>" not in html
    assert "style=" not in html
    assert "Skip to content" in html


def test_home_page_in_french(client):
    html = client.get("/", headers={"accept-language": "fr"}).content.decode()
    assert '<html lang="fr">' in html
    assert "Aller au contenu" in html
    assert "Se connecter" in html


def test_home_page_in_korean(client):
    html = client.get("/", headers={"accept-language": "ko"}).content.decode()
    assert '<html lang="ko">' in html
    assert "본문으로 건너뛰기" in html


def test_home_page_shows_the_demo_logins_in_demo_mode(client):
    with override_settings(DEMO_MODE=True):
        html = client.get("/").content.decode()
    assert "coach_orc" in html
    assert "dugout-demo" in html
    assert "coach_orc" not in client.get("/").content.decode()


def test_pages_send_a_strict_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
