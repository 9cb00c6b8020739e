# Dugout: `make run` installs and starts the app with demo data; `make test` installs and runs every test.
SHELL := /bin/bash
PYTHON ?= $(shell scripts/find-python.sh)
VENV := .venv
PY := $(VENV)/bin/python
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/dugout
REDIS_TEST_URL ?= redis://127.0.0.1:6379/15
TEST_VAR := $(CURDIR)/var/test
# The suite runs in one process per core (pytest-xdist); each test file stays in one process.
TEST_PROCESSES ?= auto

.PHONY: run test lint fmt i18n-check messages bench system-deps test-deps services clean

$(VENV)/.installed: requirements.txt
	@test -n "$(PYTHON)" || exit 1
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

system-deps:
	scripts/system-deps.sh

test-deps: $(VENV)/.installed-dev
	scripts/system-deps.sh --test

run: system-deps $(VENV)/.installed
	scripts/run.sh

services:
	scripts/services.sh

# lint-imports: the layers of CONTRIBUTING ("Layers") and the rulebook's independence, pyproject.toml.
# mypy: the types of the rulebook and the services ([tool.mypy] in pyproject.toml).
lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

fmt: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Fails on any missing, empty or fuzzy translation, checking a fresh extraction of the sources
# (made in a copy, so the committed catalogues are not rewritten).
i18n-check: $(VENV)/.installed
	scripts/i18n-check.sh

# Update the committed catalogues from the sources.
messages: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py makemessages --all --no-obsolete --ignore=.venv/* --ignore=var/*

test: test-deps lint i18n-check
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run
	DEBUG=1 $(PY) manage.py compilemessages -v 0 --ignore=.venv
	rm -rf $(TEST_VAR)
	@echo "== Unit, view, browser tests and the embedded default (SQLite + filesystem broker)"
	DUGOUT_VAR_DIR=$(TEST_VAR) $(VENV)/bin/pytest -m "not integration" -n $(TEST_PROCESSES) --dist loadfile
	@echo "== Integration tests (PostgreSQL + Redis + a real Celery worker)"
	@if scripts/services.sh; then \
		DUGOUT_VAR_DIR=$(TEST_VAR) DATABASE_URL=$(PG_TEST_URL) CELERY_BROKER_URL=$(REDIS_TEST_URL) \
			$(VENV)/bin/pytest -m integration; \
	elif [ "$${CI:-}" = "true" ]; then \
		echo "PostgreSQL or Redis cannot be reached: under CI the integration tests must run." >&2; exit 1; \
	else \
		echo "WARNING: PostgreSQL or Redis cannot be reached here: integration tests NOT run." >&2; \
	fi

# benchmarks/http_bench.py also needs ab (apache2-utils) and the local PostgreSQL and Redis;
# benchmarks/lighthouse_bench.py chromium, Node.js and npm (it installs npm's lighthouse under var/).
bench: $(VENV)/.installed-dev
	scripts/system-deps.sh --bench
	scripts/services.sh
	@for script in benchmarks/*.py; do DEBUG=1 $(PY) $$script || exit 1; done

clean:
	rm -rf var $(VENV)
