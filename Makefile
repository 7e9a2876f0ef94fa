# simlab: the two set-up commands are `make run` and `make test`.
# Both build the virtual environment .venv from pyproject.toml first.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
EXTRAS := notebooks,test,cluster

.PHONY: install run test test-fast lint bench notebooks browser report clean

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
		$(VENV)/bin/jupyter lab notebooks/; \
	else \
		echo "no display: running every registered study headless into results/"; \
		$(VENV)/bin/simlab report --out results; \
	fi

# The whole test suite: unit, conformance, doctests, CLI, notebooks (nbval).
test: $(STAMP)
	$(PY) -m ruff check simlab tests benchmarks
	$(PY) -m pytest -q

test-fast: $(STAMP)
	$(PY) -m pytest -q -x

lint: $(STAMP)
	$(PY) -m ruff check simlab tests benchmarks

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

report: $(STAMP)
	$(VENV)/bin/simlab report --out results

clean:
	rm -rf $(VENV) results build *.egg-info
