"""Dugout's settings: one file, driven by environment variables (see the README's table).

With no variable set, Dugout runs the embedded default: SQLite under var/ and Celery on kombu's
filesystem transport, also under var/. Production sets DATABASE_URL, CELERY_BROKER_URL, SECRET_KEY and
ALLOWED_HOSTS.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from dugout.env import env_bool, env_choice, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("DUGOUT_VAR_DIR", str(BASE_DIR / "var")))
# The test suite runs in several processes (pytest-xdist): each keeps its own database, cache and broker
# folders, or one process would serve another's kept pages and take its tasks.
if _TEST_WORKER := os.environ.get("PYTEST_XDIST_WORKER"):
    VAR_DIR = VAR_DIR / _TEST_WORKER

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY", required=not DEBUG) or "dev-only-insecure-key-never-used-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# Shows the demo logins on the home page; `make run` sets it.
DEMO_MODE = env_bool("DEMO_MODE", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    # The site's own commands (invalidate_pages) and the epoch bumped after every migration.
    "dugout.apps.DugoutConfig",
    "accounts",
    "rulebook",
    "rosters",
    "league",
    "matches",
    "sheets",
    # Every app's pages (views, forms, urls, template tags, the API): the layer above all the domain.
    "web",
]

MIDDLEWARE = [
    # /healthz answers here, before sessions, authentication and the rest (dugout/health.py).
    "dugout.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and API answers gzipped (Django's, with its BREACH mitigation: random bytes in each gzip
    # header; the CSRF token is masked anew in each response). Below WhiteNoise, which answers static
    # files before it with its own precompressed copies (and leaves images alone); above everything that
    # writes a body. It makes a kept page's strong ETag weak (W/"..."): dugout.freshness compares weakly.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lock-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "dugout.urls"
WSGI_APPLICATION = "dugout.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: SQLite in WAL mode by default. IMMEDIATE transactions and a timeout keep a Celery worker
# and the web process from failing with "database is locked" (measured, see PLATFORM.md).
_SQLITE_DEFAULT = f"sqlite:///{VAR_DIR / 'dugout.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        env_url("DATABASE_URL", _SQLITE_DEFAULT, schemes={"sqlite", "postgres", "postgresql"}),
        # Persistent connections with a health check: each web or worker process keeps one connection
        # (PostgreSQL max_connections >= web processes + worker processes + a few for admin work);
        # opening one per request cost more than the page (README, "Production").
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env_int(
        "DATABASE_CONNECT_TIMEOUT", 3, minimum=1
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite creates the file but not its folder: a fresh clone has no var/ yet.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file, not memory, so that a Celery worker process started by the tests sees the same data.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: the eight languages of the catalogue, chosen by cookie, profile or browser.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("fr", _("French")),
    ("de", _("German")),
    ("ko", _("Korean")),
    ("es", _("Spanish")),
    ("it", _("Italian")),
    ("pt", _("Portuguese")),
    ("el", _("Greek")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
# Generated files (sheet PDFs and packs, the `sheets` storage; `default` alike): a folder under var/ in the
# embedded default; with DUGOUT_STORAGE=s3, a private S3-compatible bucket (django-storages) that every
# web host and worker shares, so that no machine's disk holds anything another one needs. Credentials
# left unset are found by boto3 itself (instance role, ~/.aws).
_FILE_STORAGE = env_choice("DUGOUT_STORAGE", "filesystem", choices={"filesystem", "s3"})
if _FILE_STORAGE == "s3":
    _FILES = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": env_str("AWS_STORAGE_BUCKET_NAME", required=True),
            "endpoint_url": env_str("AWS_S3_ENDPOINT_URL"),  # MinIO, R2, Ceph...; unset: AWS
            "region_name": env_str("AWS_S3_REGION_NAME"),
            "access_key": env_str("AWS_ACCESS_KEY_ID"),
            "secret_key": env_str("AWS_SECRET_ACCESS_KEY"),
            "location": env_str("AWS_LOCATION", ""),  # a key prefix, to share a bucket
            "addressing_style": env_str("AWS_S3_ADDRESSING_STYLE"),  # "path" for some emulators
            "default_acl": None,  # private objects: only Dugout reads them, or whoever gets a signed URL
            "querystring_expire": env_int("AWS_QUERYSTRING_EXPIRE", 300, minimum=1),
        },
    }
else:
    _FILES = {"BACKEND": "django.core.files.storage.FileSystemStorage"}
# Downloads redirect to a signed URL of the bucket instead of streaming through the web process
# (sheets/storage.py says when that is worth it).
SHEETS_DOWNLOAD_REDIRECT = env_bool("DUGOUT_STORAGE_REDIRECT", False)
if SHEETS_DOWNLOAD_REDIRECT and _FILE_STORAGE != "s3":
    raise ImproperlyConfigured("DUGOUT_STORAGE_REDIRECT=1 needs DUGOUT_STORAGE=s3 (a local file has no URL).")
STORAGES = {
    "default": _FILES,
    "sheets": _FILES,
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Email: printed on the console unless an SMTP host is configured.
_EMAIL_HOST = env_str("EMAIL_HOST")
MAILERS = {
    "default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": _EMAIL_HOST,
            "port": env_int("EMAIL_PORT", 587, minimum=1),
            "username": env_str("EMAIL_HOST_USER", ""),
            "password": env_str("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS", True),
        },
    }
    if _EMAIL_HOST
    else {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Dugout <noreply@localhost>")

# Security. Production defaults are strict; DEBUG relaxes what a plain-HTTP laptop needs.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
_HTTPS = env_bool("HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = _HTTPS
CSRF_COOKIE_SECURE = _HTTPS
LANGUAGE_COOKIE_SECURE = _HTTPS
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", _HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if _HTTPS else 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = _HTTPS
SECURE_HSTS_PRELOAD = _HTTPS
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None

# Logins (django-axes, a well-kept library, rather than counters of our own): after LOGIN_FAILURE_LIMIT
# failed attempts for one account, or from one client address, every attempt of that account or address
# is refused for LOGIN_COOLOFF_MINUTES, the right password included; a successful login resets the
# count; an administrator unlocks in the admin (Access attempts) or with `manage.py axes_reset`.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "web.accounts.views.locked_out"
AXES_CLIENT_IP_CALLABLE = "accounts.client.client_ip"
AXES_VERBOSE = False
AXES_DISABLE_ACCESS_LOG = True  # count failures only: a row per successful login is not needed
# The password reset form: at most this many requests per client address and per e-mail address an hour.
PASSWORD_RESET_LIMIT = env_int("PASSWORD_RESET_LIMIT", 5, minimum=1)
# The JSON API (league/api/): requests allowed per API token, and per client address without one,
# counted in the shared cache ("N/s", "N/min", "N/hour", "N/day").
API_TOKEN_RATE = env_str("API_TOKEN_RATE", "120/min")
API_ANONYMOUS_RATE = env_str("API_ANONYMOUS_RATE", "120/min")

# Celery. The embedded default is kombu's filesystem transport under var/ (named with a host, which it
# ignores, so that kombu does not warn on every connection), tuned to poll quickly
# (about 45 ms a round trip instead of about 1 s with the defaults).
_CELERY_DIR = VAR_DIR / "celery"
CELERY_BROKER_URL = env_url(
    "CELERY_BROKER_URL", "filesystem://localhost//", schemes={"filesystem", "redis", "rediss", "amqp"}
)
CELERY_RESULT_BACKEND = env_str(
    "CELERY_RESULT_BACKEND",
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else f"file://{_CELERY_DIR / 'results'}",
)
CELERY_BROKER_TRANSPORT_OPTIONS = (
    {
        "data_folder_in": str(_CELERY_DIR / "queue"),
        "data_folder_out": str(_CELERY_DIR / "queue"),
        "control_folder": str(_CELERY_DIR / "control"),
        "polling_interval": 0.05,
    }
    if CELERY_BROKER_URL.startswith("filesystem")
    else {}
)
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600

# One cache shared by every process: Redis in production (by default the Redis of the broker), a folder
# under var/ for the embedded default, where the web server and the worker are two processes of one machine.
_CACHE_URL = env_url(
    "CACHE_URL",
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith("redis") else f"file://{VAR_DIR / 'cache'}",
    schemes={"redis", "rediss", "file", "locmem"},
)
if _CACHE_URL.startswith("redis"):
    # Short socket timeouts: a Redis that hangs must not hang a page.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": _CACHE_URL,
            "KEY_PREFIX": "dugout",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
elif _CACHE_URL.startswith("file://"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": _CACHE_URL.removeprefix("file://"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# A worker writes a heartbeat into the cache this often; /healthz calls a worker alive while its latest
# heartbeat is younger than WORKER_HEARTBEAT_MAX_AGE.
WORKER_HEARTBEAT_INTERVAL = env_int("WORKER_HEARTBEAT_INTERVAL", 10, minimum=1)
WORKER_HEARTBEAT_MAX_AGE = env_int("WORKER_HEARTBEAT_MAX_AGE", 35, minimum=2)
# /healthz runs its checks at most once every HEALTH_CHECK_TTL seconds per process (0: on every call).
HEALTH_CHECK_TTL = env_int("HEALTH_CHECK_TTL", 2, minimum=0)
# The most a league archive may create on this site (league.archive.check_limits): a file over any of
# them is refused before anything is written. A league of 60 coaches over ten seasons stays far below.
LEAGUE_ARCHIVE_LIMITS = {
    "teams": env_int("LEAGUE_ARCHIVE_MAX_TEAMS", 2_000, minimum=1),
    "players": env_int("LEAGUE_ARCHIVE_MAX_PLAYERS", 60_000, minimum=1),
    "fixtures": env_int("LEAGUE_ARCHIVE_MAX_FIXTURES", 20_000, minimum=1),
    "matches": env_int("LEAGUE_ARCHIVE_MAX_MATCHES", 20_000, minimum=1),
    "match_rows": env_int("LEAGUE_ARCHIVE_MAX_MATCH_ROWS", 2_000_000, minimum=1),
}
# Every kept page and 304 checked against a fresh render of its view (dugout.freshness.verify): on in the
# test suite, off in production (it draws every page twice).
FRESHNESS_VERIFY = env_bool("FRESHNESS_VERIFY", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # WeasyPrint and fontTools are chatty at INFO.
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
    },
}
