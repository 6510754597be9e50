# Two commands matter: `make lab` and `make test` (see README). Everything else supports them.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
LAB_ARGS ?=
PYTEST_ARGS ?=
STAMP_LAB := $(VENV)/.installed-lab
STAMP_TEST := $(VENV)/.installed-test
SOURCES := pyproject.toml $(shell find labextension -maxdepth 2 -name 'package.json' -o -maxdepth 2 -name '*.ts' -o -maxdepth 2 -name '*.css' 2>/dev/null)

.PHONY: help lab test install install-test chromium redis lint bench clean

help:  ## list targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | sed 's/:.*##/\t/'

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(STAMP_LAB): $(PY) $(SOURCES)
	$(PIP) install --quiet -e ".[notebook]"
	touch $@

$(STAMP_TEST): $(PY) $(SOURCES)
	$(PIP) install --quiet -e ".[test]"
	touch $@ $(STAMP_LAB)

install: $(STAMP_LAB)  ## venv with the package, the notebook front end and the labextension

install-test: $(STAMP_TEST)  ## venv with test extras

chromium:  ## Debian's chromium for the browser tests (skipped when present)
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

redis:  ## Debian's redis-server for the fleet tests (skipped when present); tests start their own
	@command -v redis-server >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

lab: install  ## JupyterLab on notebooks/quickstart.ipynb over the bundled sample estate
	$(VENV)/bin/cloudg-lab lab $(LAB_ARGS)

test: install-test chromium redis  ## the whole suite, as CI runs it
	$(PY) -m pytest -n 2 --dist loadscope $(PYTEST_ARGS)

lint:  ## ruff and mypy
	$(VENV)/bin/ruff check cloudg_lab tests benchmarks
	$(VENV)/bin/mypy

bench: install-test  ## every benchmark script, one after the other
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist *.egg-info cloudg_lab/labextension labextension/node_modules labextension/lib
