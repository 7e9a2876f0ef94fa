"""Component folders: ``load_game(data=...)``, hashes in records, studies on a folder."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

import simlab
from simlab.core import data as cdata
from simlab.core import stats
from simlab.core.data import component_set, content_hash, data_dir, export_data
from simlab.core.errors import ConfigError, DataError
from simlab.core.record import GameRecord, replay
from simlab.core.study import Study, per_game, register_study

GAMES = ("bedpans", "bad_doctor", "broom_service", "hospital_rush")


def _more_cube_spaces(folder: Path) -> None:
    """Bad Doctor: one more cube space on every Patient and Starting Patient side."""
    path = folder / "patients.txt"
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(\S+\s+\S+\s+\S+\s+)(\d)(\s.*)$", line)
        out.append(line if line.startswith("#") or m is None
                   else f"{m[1]}{int(m[2]) + 1}{m[3]}")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> Path:
    """A copy of every game's shipped files, and a Bad Doctor set with more cube spaces."""
    root = tmp_path_factory.mktemp("sets")
    for game in GAMES:
        export_data(game, root / "copy" / game)
    export_data("bad_doctor", root / "roomy")
    _more_cube_spaces(root / "roomy")
    return root


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_of_the_shipped_files_plays_the_same_game(copies, game):
    shipped = simlab.load_game(game)
    mine = simlab.load_game(game, data=copies / "copy" / game)
    assert not mine.component_set.is_shipped
    assert mine.component_set.hash == shipped.component_set.hash
    assert mine == shipped
    a, b = simlab.play(shipped, seed=5), simlab.play(mine, seed=5)
    assert a.actions == b.actions and a.outcome == b.outcome
    assert a.components is b.components is None  # the shipped components: nothing to store


def test_a_data_tree_holding_the_game_folder_is_accepted(copies):
    game = simlab.load_game("bedpans", data=copies / "copy")
    assert game.component_set.folder == (copies / "copy" / "bedpans").resolve()


def test_the_folder_travels_into_states_clones_and_views(copies):
    game = simlab.load_game("bad_doctor", data=copies / "roomy")
    state = game.new_initial_state()
    for other in (state.clone(), state.view(0)):
        assert other.game.component_set == game.component_set
    shipped = simlab.load_game("bad_doctor").parts.patients["P11"].cube_spaces
    assert game.parts.patients["P11"].cube_spaces == shipped + 1


def test_more_cube_spaces_reach_the_patients_in_play(copies):
    """The Starting Patients come into the hospital with the folder's cube spaces."""
    shipped = simlab.load_game("bad_doctor", players=2).parts
    for folder, extra in ((None, 0), (copies / "roomy", 1)):
        state = simlab.load_game("bad_doctor", players=2, data=folder).new_initial_state()
        while state.is_chance:  # set-up: Starting Patients and hands
            state.apply(state.chance_outcomes()[0][0])
        assert len(state.hospital) == 4
        for patient in state.hospital:
            assert patient.cube_spaces == shipped.card(patient.id, patient.side).cube_spaces + extra


def test_another_set_changes_the_hash_and_a_record_refuses_it(copies):
    roomy = simlab.load_game("bad_doctor", data=copies / "roomy")
    assert roomy.component_set.hash != component_set("bad_doctor").hash
    assert roomy != simlab.load_game("bad_doctor")
    record = simlab.play(roomy, seed=2)
    assert record.components == roomy.component_set.hash
    back = GameRecord.from_json(record.to_json())
    assert replay(back, data=copies / "roomy").outcome == record.outcome
    with pytest.raises(DataError) as err:
        replay(back)
    message = str(err.value)
    assert "\n" not in message and "cannot replay against shipped" in message
    shipped_record = simlab.play(simlab.load_game("bad_doctor"), seed=2)
    with pytest.raises(DataError, match="made with the shipped components"):
        replay(shipped_record, data=copies / "roomy")
    assert replay(shipped_record, data=copies / "copy" / "bad_doctor").is_terminal


def test_a_record_of_another_set_keeps_its_hash_and_folder(copies):
    record = simlab.play(simlab.load_game("bad_doctor", data=copies / "roomy"), seed=1)
    doc = GameRecord.from_json(record.to_json()).to_dict()
    assert doc["components"] == record.components and doc["data"].endswith("roomy")


def test_bad_folders_are_one_line_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="is not a folder"):
        simlab.load_game("bedpans", data=tmp_path / "nowhere")
    with pytest.raises(ConfigError, match="holds no component files"):
        simlab.load_game("bedpans", data=tmp_path)
    with pytest.raises(ConfigError, match="already holds component files"):
        export_data("bedpans", data_dir("bedpans"))


def test_a_broken_file_names_file_and_line(tmp_path):
    export_data("hospital_rush", tmp_path)
    path = tmp_path / "supplies.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("bucks"))
    lines[number - 1] = "bucks | many | rulebook"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        simlab.load_game("hospital_rush", data=tmp_path)
    assert f"supplies.txt:{number}:" in str(err.value)


def test_comments_do_not_change_the_hash(tmp_path):
    export_data("bedpans", tmp_path)
    before = content_hash(tmp_path)
    path = tmp_path / "components.txt"
    path.write_text("# my own note\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert content_hash(tmp_path) == before


def test_an_edited_folder_is_read_again_by_the_next_game(tmp_path):
    export_data("bad_doctor", tmp_path)
    first = simlab.load_game("bad_doctor", data=tmp_path).parts.patients["P11"].cube_spaces
    _more_cube_spaces(tmp_path)
    again = simlab.load_game("bad_doctor", data=tmp_path).parts.patients["P11"].cube_spaces
    assert again == first + 1


def test_a_scope_gives_its_folder_to_games_built_without_one(copies):
    with cdata.components_scope(cdata.ANY_GAME, copies / "roomy"):
        assert not simlab.load_game("bad_doctor").component_set.is_shipped
    assert simlab.load_game("bad_doctor").component_set.is_shipped


def _one_game(params, rng, index):
    """A Bad Doctor game with random seats: its deaths and cures."""
    final = simlab.run(simlab.load_game("bad_doctor", players=2), "random", seed=rng)
    died = sum(1 for d in final.departures if d.how == "died")
    return {"deaths": died, "cures": sum(1 for d in final.departures if d.how == "cured")}


def _summary(games, params):
    return stats.summarize(games, means=["deaths", "cures"])


DATA_STUDY = register_study(Study("test-data-deaths", "Deaths and cures", (),
                                  run_chunk=per_game(_one_game), summarize=_summary,
                                  chunk_size=2, default_games=6))


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_study_on_a_copy_gives_the_shipped_numbers(copies, jobs):
    plain = simlab.run_study("test-data-deaths", games=6, seed=4)
    mine = simlab.run_study("test-data-deaths", games=6, seed=4, jobs=jobs,
                            data=copies / "copy" / "bad_doctor")
    assert mine.summary.equals(plain.summary)
    assert mine.games.equals(plain.games)


def test_a_study_on_another_set_reaches_every_worker(copies):
    one = simlab.run_study("test-data-deaths", games=6, seed=4, data=copies / "roomy")
    two = simlab.run_study("test-data-deaths", games=6, seed=4, jobs=2, data=copies / "roomy")
    plain = simlab.run_study("test-data-deaths", games=6, seed=4)
    assert one.games.equals(two.games)
    assert one.summary.loc[0, "estimate"] < plain.summary.loc[0, "estimate"]  # fewer deaths
    assert one.params["data"] == str((copies / "roomy").resolve())


def test_a_dask_executor_builds_the_games_on_the_folder(copies):
    distributed = pytest.importorskip("distributed")
    with (distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.ERROR) as cluster,
          distributed.Client(cluster) as client):
        on_dask = simlab.run_study("test-data-deaths", games=6, seed=4,
                                   executor=client.get_executor(), data=copies / "roomy")
    here = simlab.run_study("test-data-deaths", games=6, seed=4, data=copies / "roomy")
    assert on_dask.games.equals(here.games)


def test_there_is_no_active_component_set():
    # components are values held by games: nothing process- or thread-wide names a set
    for name in ("activate", "active_set", "active_sets", "restore_active_sets", "_LOCAL"):
        assert not hasattr(cdata, name), name
    assert not {n for n in cdata.__all__ if "activ" in n}


def test_load_components_without_a_folder_is_the_shipped_set_whatever_was_built(copies,
                                                                                 tmp_path):
    # neither a game built on another folder nor one that failed to load changes it
    from simlab.games.bad_doctor.components import load_components as bad_doctor_parts
    from simlab.games.hospital_rush.components import load_components

    roomy = simlab.load_game("bad_doctor", data=copies / "roomy")
    simlab.play(roomy, seed=1)
    export_data("hospital_rush", tmp_path)
    (tmp_path / "supplies.txt").write_text("bucks | many | rulebook\n", encoding="utf-8")
    with pytest.raises(DataError):
        simlab.load_game("hospital_rush", data=tmp_path)
    assert load_components().supply["bucks"] == 33
    shipped = bad_doctor_parts()
    assert shipped is bad_doctor_parts(data_dir("bad_doctor"))
    assert roomy.parts is not shipped
    assert roomy.parts.patients["P11"].cube_spaces == shipped.patients["P11"].cube_spaces + 1


@pytest.mark.parametrize("game", GAMES)
def test_each_loader_documents_its_folder_parameter_once_after_its_summary(game):
    import importlib

    loader = importlib.import_module(f"simlab.games.{game}.components").load_components
    doc = loader.__doc__
    assert doc.count("Parameters\n    ----------") == 1
    lines = [line.strip() for line in doc.splitlines()]
    start = lines.index("Parameters")
    assert lines[start + 2] == "folder : path, ComponentSet or None"
    assert f"``data/{game}/``" in doc
    assert "" in lines[:start] and lines[0], "the summary comes first, then a blank line"
    later = [s for s in ("Raises", "Examples") if s in lines]
    assert all(lines.index(s) > start for s in later), "Parameters before Raises and Examples"


def test_with_folder_parameter_keeps_the_sections_that_follow():
    doc = cdata.with_folder_parameter("Load.\n\n    Raises\n    ------\n    DataError\n", "g")
    lines = [line.strip() for line in doc.splitlines()]
    assert lines[:4] == ["Load.", "", "Parameters", "----------"]
    assert lines[-3:] == ["Raises", "------", "DataError"]
    assert cdata.with_folder_parameter(None, "g").startswith("\n\n    Parameters")
