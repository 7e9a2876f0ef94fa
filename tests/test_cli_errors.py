"""One wording for one mistake: the command line and the API, policies, records, --version."""

from __future__ import annotations

import json
import re

import pytest

import simlab
from simlab.cli import main
from simlab.cli_catalog import policy_forms, policy_line
from simlab.core.checks import whole_number


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("option", "value", "call"),
    [
        ("--jobs", "0", {"jobs": 0}),
        ("--jobs", "-1", {"jobs": -1}),
        ("--games", "0", {"games": 0}),
        ("--seed", "-3", {"seed": -3}),
        ("--jobs", "two", {"jobs": "two"}),
    ],
)
def test_command_line_and_api_word_a_bad_count_alike(option, value, call, capsys):
    code, _, err = run(["study", "bedpans-movement", option, value], capsys)
    with pytest.raises(simlab.ConfigError) as api:
        simlab.run_study("bedpans-movement", **call)
    assert code == 2
    assert err == f"simlab study: argument {option}: {api.value}\n"


def test_whole_number_accepts_integral_values_only():
    assert whole_number(4.0, "games", low=1) == 4
    for bad in (True, 2.5, "1e3", None, [1]):
        with pytest.raises(simlab.ConfigError, match="games must be a whole number >= 1"):
            whole_number(bad, "games", low=1)


def test_version(capsys):
    code, out, err = run(["--version"], capsys)
    assert code == 0 and err == ""
    assert out == f"simlab {simlab.__version__}\n"
    assert re.fullmatch(r"simlab \d+\.\d+\.\d+\n", out)


def test_list_params_prints_defaults_as_typed(capsys):
    code, out, _ = run(["study", "broom-service-steals", "--list-params"], capsys)
    assert code == 0
    assert "players=2,3,4,5\n" in out and "policies=brave,cowardly\n" in out
    assert "by_role=false\n" in out
    assert "(" not in out.split("\n")[0] and "'" not in out  # no Python tuple or repr
    study = simlab.core.study.get_study("broom-service-steals")
    for p in study.params:  # what is printed is what --param takes back
        line = next(x for x in out.splitlines() if x.startswith(f"{p.name}="))
        assert p.convert(line.partition("=")[2]) == p.convert(p.default)


def test_policy_names_are_listed_one_way_everywhere(capsys):
    _, games_out, _ = run(["games"], capsys)
    _, info_out, _ = run(["info", "broom_service"], capsys)
    code, _, err = run(["play", "broom_service", "--policy", "genius"], capsys)
    line = policy_line(simlab.load_game("broom_service").policy_names())
    assert line.startswith("random, brave, cowardly, brave-P, heuristic, mcts, mcts-N, "
                           "mcts-brave, mcts-cowardly (brave-P: ")
    assert "; mcts-N: search player with N iterations a decision" in line
    assert f"policies: {line}\n" in games_out
    assert f"policies: {line}\n" in info_out
    assert code == 2
    assert err == f"simlab: error: broom_service has no policy 'genius'; policies: {line}\n"
    assert "brave-0.25" not in games_out + info_out + err


def test_every_listed_policy_form_is_playable():
    for name in simlab.game_names():
        game = simlab.load_game(name)
        for seat, form in enumerate(policy_forms(game.policy_names())):
            game.make_policy(form.replace("-P", "-0.3").replace("-N", "-3"), seat % game.players)


def test_a_known_family_with_a_bad_number_keeps_its_own_words(capsys):
    code, _, err = run(["play", "broom_service", "--policy", "brave-2"], capsys)
    assert code == 2 and err == "simlab: error: brave-P needs 0 <= P <= 1, not 'brave-2'\n"


def _record_file(tmp_path, game, seed=3):
    record = simlab.play(simlab.load_game(game), seed=seed)
    path = tmp_path / f"{game}.json"
    record.save(path)
    return path, record


def test_record_error_names_chance_not_minus_one(tmp_path, capsys):
    path, _ = _record_file(tmp_path, "broom_service")
    data = json.loads(path.read_text())
    first_chance = next(i for i, (actor, _) in enumerate(data["actions"]) if actor == -1)
    data["actions"][first_chance][0] = 0
    path.write_text(json.dumps(data))
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 2
    assert f"broom_service record, action {first_chance + 1}" in err
    seat = simlab.load_game("broom_service").seat_names()[0]
    assert f"the record says {seat} acts, but chance is to act" in err
    assert "-1 is" not in err and "by -1" not in err and len(err.splitlines()) == 1


def test_record_of_another_game_says_whose_it_is(tmp_path, capsys):
    path, _ = _record_file(tmp_path, "broom_service")
    data = json.loads(path.read_text())
    data["game"] = "bad_doctor"
    data["options"] = {}
    data["players"] = 4
    path.write_text(json.dumps(data))
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 2 and len(err.splitlines()) == 1
    assert "bad_doctor record, action 1" in err
    assert "is this a broom_service record?" in err
