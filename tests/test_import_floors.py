"""The import rules of docs/architecture.md, read from the source with ``ast``.

Every ``import`` counts: at the top of a module, inside a function (a lazy
import is still an arrow) and under ``TYPE_CHECKING``.  ``from . import x``
is resolved against the module's package, and ``from pkg import name`` is an
arrow to ``pkg.name`` when that is a module, else to ``pkg``.  Importing a
module by a path string (the registries' ``"module:attribute"``) is no arrow:
that is how a lower floor reaches a higher one, by registration.

The rules:

- no circle in ``simlab/core``, and its floors in order: a module never
  imports one of a higher floor (:data:`CORE_FLOORS`);
- nothing in ``simlab.core`` imports ``simlab`` itself, the games, the
  figures, the balance lab, the notebook layer or the command;
- no game imports ``simlab.widgets``;
- in each game folder, no module of the rules floor imports one of the
  players floor (:data:`PLAYERS_FLOOR`): the package table in its
  ``__init__`` names them by path; and no circle among its modules.
"""

from __future__ import annotations

import ast
import fnmatch
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

import simlab

ROOT = Path(simlab.__file__).parent

#: Core, lowest floor first: (floor name, module patterns).  A module takes the
#: first floor one of whose patterns matches it.
CORE_FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("api", ("simlab.core", "simlab.core.errors", "simlab.core.checks", "simlab.core.dice",
             "simlab.core.stats", "simlab.core.chance", "simlab.core.lazy_view",
             "simlab.core.data", "simlab.core.data_bundle", "simlab.core.policies",
             "simlab.core.search_settings", "simlab.core.roster", "simlab.core.api",
             "simlab.core.action_text")),
    ("play", ("simlab.core.play",)),
    ("record and registry", ("simlab.core.record", "simlab.core.registry")),
    ("search and studies", ("simlab.core.search", "simlab.core.ladder", "simlab.core.study",
                            "simlab.core.study.*")),
)

#: What core never imports (the root package imports the games).
ABOVE_CORE = ("simlab", "simlab.games", "simlab.figures", "simlab.lab", "simlab.widgets",
              "simlab.cli")

#: The modules of a game folder above its rules (by name in the folder).
PLAYERS_FLOOR = ("policies", "evaluate", "candidates", "stuff_policy", "routes", "ladder",
                 "studies", "*_studies", "render")

def module_name(path: Path, root: Path) -> str:
    """``simlab.core.api`` for ``<root>/core/api.py`` (a package: its folder's name)."""
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> Iterator[str]:
    """Every module of ``modules`` that the module ``name`` (its ``tree``) imports."""
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules
                       else source for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # import a.b.c of a module a.b
                target = target.rpartition(".")[0]
            if target:
                yield target


def import_graph(root: Path) -> nx.DiGraph:
    """Module -> the modules it imports, for every module under ``root`` (``simlab/``)."""
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph = nx.DiGraph()
    graph.add_nodes_from(files)
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for target in imported(tree, name, path.name == "__init__.py", set(files)):
            if target != name:
                graph.add_edge(name, target)
    return graph


@cache
def graph() -> nx.DiGraph:
    return import_graph(ROOT)


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def core_floor(name: str) -> int:
    """The floor number of a core module (0 the lowest)."""
    for number, (_, patterns) in enumerate(CORE_FLOORS):
        if any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
            return number
    raise AssertionError(f"{name} has no floor in CORE_FLOORS: place it (tests/test_import_floors)")


def circles(graph: nx.DiGraph, package: str) -> list[list[str]]:
    """The circles among the modules of ``package``: strongly connected sets of 2 or more."""
    inside = graph.subgraph(n for n in graph if within(n, package))
    return sorted(sorted(c) for c in nx.strongly_connected_components(inside) if len(c) > 1)


def arrows_to(graph: nx.DiGraph, source: str, target: str) -> list[tuple[str, str]]:
    """Every arrow from a module of package ``source`` to one of package ``target``
    (``simlab``: to the root package itself, which imports the games)."""
    def hit(b: str) -> bool:
        return b == target if target == "simlab" else within(b, target)

    return sorted((a, b) for a, b in graph.edges if within(a, source) and hit(b))


def game_folders() -> list[str]:
    return sorted(f"simlab.games.{p.parent.name}" for p in (ROOT / "games").glob("*/__init__.py"))


def on_players_floor(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name.rpartition(".")[2], p) for p in PLAYERS_FLOOR)


def upward_arrows(graph: nx.DiGraph) -> list[str]:
    """Arrows in core from a floor to a higher one, in words."""
    out = []
    for a, b in graph.edges:
        if within(a, "simlab.core") and within(b, "simlab.core") and core_floor(b) > core_floor(a):
            out.append(f"{a} ({CORE_FLOORS[core_floor(a)][0]}) -> "
                       f"{b} ({CORE_FLOORS[core_floor(b)][0]})")
    return sorted(out)


def players_arrows(graph: nx.DiGraph, game: str) -> list[tuple[str, str]]:
    """Arrows from a module of ``game``'s rules floor to one of its players floor."""
    return sorted((a, b) for a, b in graph.edges
                  if within(a, game) and within(b, game) and b != game
                  and not on_players_floor(a) and on_players_floor(b))


# -- the reader itself --------------------------------------------------------------------


def test_reader_counts_lazy_typing_and_relative_imports(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "low.py").write_text("def f():\n    from . import high\n")
    (pkg / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import deep\n")
    (pkg / "sub" / "deep.py").write_text("from ..low import f\nimport pkg.high.something\n")
    g = import_graph(pkg)
    assert set(g.edges) == {("pkg.low", "pkg.high"), ("pkg.high", "pkg.sub.deep"),
                            ("pkg.sub.deep", "pkg.low"), ("pkg.sub.deep", "pkg.high")}
    assert circles(g, "pkg") == [["pkg.high", "pkg.low", "pkg.sub.deep"]]


def test_every_core_module_has_a_floor():
    for name in graph():
        if within(name, "simlab.core"):
            core_floor(name)


def test_a_planted_lazy_import_is_caught(tmp_path):
    """An arrow from the API floor up to the search, inside a function, breaks both rules."""
    copy = tmp_path / "simlab"
    for path in ROOT.rglob("*.py"):
        target = copy / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    api = copy / "core" / "api.py"
    api.write_text(api.read_text(encoding="utf-8")
                   + "\n\ndef _planted():\n    from simlab.core.search import search\n")
    planted = import_graph(copy)
    assert ["simlab.core.api", "simlab.core.search"] in circles(planted, "simlab.core")
    assert "simlab.core.api (api) -> simlab.core.search (search and studies)" in (
        upward_arrows(planted))


# -- the rules ----------------------------------------------------------------------------


def test_no_circle_in_core():
    assert circles(graph(), "simlab.core") == []


def test_core_floors_in_order():
    assert upward_arrows(graph()) == []


@pytest.mark.parametrize("above", ABOVE_CORE)
def test_core_imports_nothing_above_it(above):
    found = arrows_to(graph(), "simlab.core", above)
    if above == "simlab.cli":  # the command's modules: simlab.cli and simlab.cli_*
        found = [(a, b) for a, b in graph().edges
                 if within(a, "simlab.core") and b.startswith("simlab.cli")]
    assert found == []


@pytest.mark.parametrize("game", game_folders())
def test_games_do_not_import_the_notebook_layer(game):
    assert arrows_to(graph(), game, "simlab.widgets") == []


def test_shared_game_drawing_does_not_import_the_notebook_layer():
    assert [(a, b) for a, b in arrows_to(graph(), "simlab.games", "simlab.widgets")
            if a.count(".") == 2 and a not in game_folders()] == []


@pytest.mark.parametrize("game", game_folders())
def test_rules_do_not_import_their_players(game):
    assert players_arrows(graph(), game) == []


@pytest.mark.parametrize("game", game_folders())
def test_no_circle_in_a_game_folder(game):
    assert circles(graph(), game) == []


@pytest.mark.parametrize("game", game_folders())
def test_no_game_imports_another(game):
    others = [g for g in game_folders() if g != game]
    assert [(a, b) for a, b in graph().edges
            if within(a, game) and any(within(b, o) for o in others)] == []


def test_every_game_folder_has_both_floors():
    for game in game_folders():
        names = [n for n in graph() if within(n, game) and n != game]
        assert any(on_players_floor(n) for n in names), game
        assert any(n.endswith(".rules") for n in names), game
