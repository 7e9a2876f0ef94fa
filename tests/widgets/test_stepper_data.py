"""The stepper on a component folder: a ``data=`` argument, a text field, the set shown."""

from __future__ import annotations

import re

import pytest

from simlab.core.data import export_data
from simlab.core.errors import DataError
from simlab.core.record import replay
from simlab.widgets.stepper import TurnStepper


@pytest.fixture()
def roomy(tmp_path):
    """Bad Doctor with one more cube space on Patient P11."""
    export_data("bad_doctor", tmp_path)
    path = tmp_path / "patients.txt"
    path.write_text(re.sub(r"^(P11\s+-\s+\S+\s+)2", r"\g<1>3", path.read_text(encoding="utf-8"),
                           flags=re.M), encoding="utf-8")
    return tmp_path


def test_the_stepper_plays_on_a_folder_and_shows_it(roomy):
    stepper = TurnStepper("bad_doctor", players=2, policies="random", seed=1, data=roomy)
    made = stepper.session.game.component_set
    assert stepper.data_field.value == str(made.folder)
    assert str(made.folder) in stepper.data_label.value and made.hash in stepper.data_label.value
    assert stepper.session.game.parts.patients["P11"].cube_spaces == 3
    stepper.session.step()
    stepper.session.step()
    record = stepper.session.record()
    assert record.components == made.hash and len(record.actions) == 2
    with pytest.raises(DataError, match="cannot replay against shipped"):
        replay(record)


def test_the_components_field_and_reset_change_the_set(roomy):
    stepper = TurnStepper("bad_doctor", players=2, policies="random", seed=1)
    assert "playing on: shipped" in stepper.data_label.value
    stepper.data_field.value = str(roomy)
    stepper.reset()
    assert stepper.session.game.parts.patients["P11"].cube_spaces == 3
    assert str(roomy.resolve()) in stepper.data_label.value
    stepper.data_field.value = ""
    stepper.reset()
    assert "playing on: shipped" in stepper.data_label.value


def test_a_bad_folder_is_one_line_and_changes_nothing(roomy, tmp_path_factory):
    stepper = TurnStepper("bad_doctor", players=2, policies="random", seed=1, data=roomy)
    stepper.session.step()
    moves = stepper.session.moves
    stepper.data_field.value = str(tmp_path_factory.mktemp("empty"))
    stepper.reset()
    assert "holds no component files" in stepper.message.value
    assert stepper.session.moves == moves and not stepper.session.game.component_set.is_shipped
