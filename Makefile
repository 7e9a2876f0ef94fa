# simlab: the two set-up commands are `make run` and `make test`.
# Both build the virtual environment .venv from pyproject.toml first.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
EXTRAS := notebooks,test,cluster

.PHONY: install run test test-fast lint bench notebooks browser report findings mutate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[$(EXTRAS)]"
	touch $(STAMP)

install: $(STAMP)

# The main job: JupyterLab on notebooks/ where a browser can reach it;
# on a machine without a display, a quick headless run of every registered study
# (minutes on 2 cores; `simlab report --full` is the long run) that writes its table
# and figure to results/, and results/index.md with the findings first.
run: $(STAMP)
	@if [ -n "$$DISPLAY$$BROWSER$$SIMLAB_LAB" ]; then \
		$(VENV)/bin/jupyter lab notebooks/ $$( [ "$$(id -u)" = 0 ] && echo --allow-root ); \
	else \
		echo "no display: a quick headless run of every registered study into results/"; \
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

# Mutation testing, on demand and never in CI (docs/mutation.md): mutmut 3, the files in
# scope and the tests in pyproject.toml ([tool.mutmut], [tool.simlab.mutate.tests]).
# `make mutate FILE=simlab/core/stats.py` tries that file's mutants (FILE may be a folder or
# several files; none: every file in scope), each with its file's tests, under nice with one
# child; results stay in mutants/ (a second run resumes; RERUN=1 tries the survivors and the
# untested mutants again after new tests), then a table per file. `$(PY) -m mutmut show NAME` prints a mutant.
mutate: $(STAMP)
	@$(PY) -c "import mutmut, sys; sys.exit(int(mutmut.__version__.split('.')[0]) < 3)" \
		2>/dev/null || $(PY) -m pip install --quiet -e ".[mutate]"
	nice -n 10 $(PY) tests/mutation.py run --max-children 1 $(if $(RERUN),--rerun-survivors) $(FILE)
	$(PY) tests/mutation.py table $(FILE)

report: $(STAMP)
	$(VENV)/bin/simlab report --out results

# docs/studies/<game>.md, regenerated from balance reports under mcts on every seat, and
# docs/studies/<game>/studies.md, the designer studies (simlab/lab/study_pages.py)
# (hours of CPU: FINDINGS_ARGS="--jobs 8" or "--scheduler ADDR" to spread the games).
FINDINGS_ARGS ?=
findings: $(STAMP)
	$(VENV)/bin/simlab balance --all --out docs/studies $(FINDINGS_ARGS)
	$(PY) -m simlab.lab.headline README.md docs/studies

clean:
	rm -rf $(VENV) results build *.egg-info
