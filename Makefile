# simlab: the two set-up commands are `make run` and `make test`.
# Both build the virtual environment .venv from pyproject.toml first.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
EXTRAS := notebooks,test,cluster

.PHONY: install run test test-fast lint bench notebooks browser report mutate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

install: $(STAMP)

# The main job: JupyterLab on notebooks/ where a browser can reach it;
# on a machine without a display, a headless run of every registered study
# that writes its table and figure to results/.
run: $(STAMP)
	@if [ -n "$$DISPLAY$$BROWSER$$SIMLAB_LAB" ]; then \
		$(VENV)/bin/jupyter lab notebooks/ $$( [ "$$(id -u)" = 0 ] && echo --allow-root ); \
	else \
		echo "no display: running every registered study headless into results/"; \
		$(VENV)/bin/simlab report --out results; \
	fi

# The whole test suite: unit, conformance, doctests, CLI, widgets, real-browser tests
# (tests/browser: Debian chromium, skipped outside CI when missing), then the notebooks'
# stored outputs (nbval, second pytest run).
NBVAL := --nbval notebooks/ --nbval-current-env --nbval-sanitize-with tests/notebooks/sanitize.cfg

# Debian's chromium for the real-browser tests (never a browser download).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's chromium for the browser tests"; \
			apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "no chromium: browser tests will skip (sudo apt-get install chromium)"; \
		fi; }

test: $(STAMP) browser
	$(PY) -m ruff check simlab tests benchmarks
	$(PY) -m mypy simlab
	$(PY) -m pytest -q
	$(PY) -m pytest -q $(NBVAL)

test-fast: $(STAMP)
	$(PY) -m pytest -q -x

lint: $(STAMP)
	$(PY) -m ruff check simlab tests benchmarks

# The benchmarks; bench_peers.py measures against catanatron, the optional extra
# `peers` (installed here when it can be; without it that benchmark says so and skips).
bench: $(STAMP)
	@$(PY) -c "import catanatron" 2>/dev/null || \
		$(PY) -m pip install --quiet -e ".[peers]" || \
		echo "could not install the extra 'peers': bench_peers.py will skip"
	$(PY) benchmarks/run_all.py

# Re-store the notebooks' outputs after a change of a game or a study.
notebooks: $(STAMP)
	$(PY) tests/notebooks/build_notebooks.py

# Mutation testing, on demand and never in CI (docs/mutation.md): the files and the tests
# are chosen in [tool.mutmut] of pyproject.toml. `make mutate FILE=simlab/core/stats.py`
# tries that file's mutants only (FILE may be a folder); without FILE, every file in scope.
# Runs under nice with one child (a shared machine); results stay in mutants/, and
# `$(PY) -m mutmut show NAME` prints a mutant's diff.
MUTMUT   := $(PY) -c "import sys; from mutmut.__main__ import cli; sys.argv[0] = 'mutmut'; cli()"
MUTANTS  := $(if $(FILE),"$(subst /,.,$(patsubst %.py,%,$(patsubst %/,%,$(FILE)))).*",)
mutate: $(STAMP)
	@$(PY) -c "import mutmut, sys; sys.exit(int(mutmut.__version__.split('.')[0]) < 3)" \
		2>/dev/null || $(PY) -m pip install --quiet -e ".[mutate]"
	nice -n 10 $(MUTMUT) run --max-children 1 $(MUTANTS)
	@$(MUTMUT) results --all true | awk -F': ' '{ split($$1, p, /\.x(_|ǁ)/); \
		sub(/^ +/, "", p[1]); n[p[1]]++; s[p[1] " " $$2]++ } END { \
		printf "%-44s %7s %7s %8s %7s %7s\n", "module", "mutants", "killed", "survived", \
			"no tests", "timeout"; \
		for (m in n) printf "%-44s %7d %7d %8d %7d %7d\n", m, n[m], s[m " killed"], \
			s[m " survived"], s[m " no tests"], s[m " timeout"] }' | sort

report: $(STAMP)
	$(VENV)/bin/simlab report --out results

clean:
	rm -rf $(VENV) results build *.egg-info
