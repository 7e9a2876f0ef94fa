"""A fault planted in a shipped component file: loading names the file, the line and the fault.

One table for the games whose component files are tables of rows (Bedpans' tile art
is checked in ``bedpans/test_components.py``); each row copies the game's folder,
plants one fault and loads the game from the copy with ``load_game(data=...)``.
"""

from __future__ import annotations

import pytest

import simlab
from simlab.core.errors import DataError
from tests.helpers.data_folders import check_fault, copy_data

FAULTS = [  # game, file, text that starts a line, what it becomes, words of the error
    ("bad_doctor", "tiles.txt", "T18  red/green ", "T18  red/purple", "purple"),
    ("bad_doctor", "tiles.txt", "T20  red/yellow          -",
     "T20  red/yellow          Heal All", "unknown bonus"),
    ("bad_doctor", "tiles.txt", "T21  red/blue", "T20  red/blue", "listed twice"),
    ("bad_doctor", "tiles.txt", "T05  green ", "X05  green ", "T<number>"),
    ("bad_doctor", "tiles.txt", "T30  green/yellow/blue   -", "T30  -", "expected: id"),
    ("bad_doctor", "patients.txt", "P03  -   red/blue             2",
     "P03  -   red/blue             two", "whole number"),
    ("bad_doctor", "patients.txt", "P03  -   red/blue             2",
     "P03  -   red/blue             0", "at least 1"),
    ("bad_doctor", "patients.txt", "S2   B", "S2   C", "side must be"),
    ("bad_doctor", "patients.txt", "P04  -   green/yellow ", "P04  -   green/wild   ",
     "unknown malady"),
    ("bad_doctor", "components.txt", "complication_cubes   15", "complication_cubes   lots",
     "whole number"),
    ("bad_doctor", "components.txt", "variation_removes    T36 T37",
     "variation_removes    T36 T01", "not a wild tile"),
    ("broom_service", "regions.txt", "Goblin Hill | hill", "Goblin Hill | swamp", "landscape"),
    ("broom_service", "towers.txt", "T3 | Frostpeak | circular | purple",
     "T3 | Frostpeak | circular | pink", "colour"),
    ("broom_service", "towers.txt", "T4 | Elder Grove", "T4 | Nowhere", "unknown region"),
    ("broom_service", "borders.txt", "Frostpeak | Elder Grove | C2",
     "Frostpeak | Elder Grove | C1", "used twice"),
    ("broom_service", "clouds.txt", "5 | 1 | 1", "5 | x | 1", "whole number"),
    ("broom_service", "events.txt", "Heavy Skies | round | charm_cost",
     "Heavy Skies | round | rain", "effect"),
    ("broom_service", "roles.txt", "Weather Fairy", "Storm Fairy", "unknown role"),
    ("broom_service", "lightning.txt", "3 | 7", "3 | 7 | 9", "expected 2 fields"),
    ("hospital_rush", "patients.txt", "Jim Caries | 1 patch", "Jim Caries | 1 bandage",
     "tiles must read"),
    ("hospital_rush", "patients.txt", "Al Furry | 2 patch, 1 green | 2",
     "Al Furry | 2 patch, 1 green | x", "whole number"),
    ("hospital_rush", "patients.txt", "Amadeus Tinnitus | 2 patch, 2 yellow | 4 | 2 patch",
     "Amadeus Tinnitus | 2 patch, 2 yellow | 4 | 3 patch", "part of its left side"),
    ("hospital_rush", "patients.txt", "Polly Pox", "Jim Caries", "listed twice"),
    ("hospital_rush", "spaces.txt", "sabotage | sabotage | both | red",
     "sabotage | sabotage | both | pink", "kind must be"),
    ("hospital_rush", "spaces.txt", "study | study | both", "study | study | 6", "side must be"),
    ("hospital_rush", "spaces.txt", "fetch_medicine_1 | fetch medicine (1 free, 1 for a buck)",
     "fetch_medicine_2 | fetch medicine (1 free, 1 for a buck)", "listed twice"),
    ("hospital_rush", "spaces.txt", "night_shift_1 |", "night_shift_9 |", "unknown action space"),
    ("hospital_rush", "boards.txt", "Theo Goodberg | my_patient_now",
     "Theo Goodberg | steal_skill", "board action 'steal_skill' is listed twice"),
    ("hospital_rush", "boards.txt", "Otto Claves | overtime", "Otto Claves | nap",
     "unknown player board"),
    ("hospital_rush", "supplies.txt", "bucks | 33", "bucks | 33 | 4", "expected 3 fields"),
]

SHORT = [  # game, file whose last row is cut, what the error says
    ("bad_doctor", "tiles.txt", "expected 37 Treatment Tiles"),
    ("broom_service", "clouds.txt", r"clouds.txt:\d+: expected 24 heavy clouds"),
    ("hospital_rush", "patients.txt", r"patients.txt:\d+: expected 23 patient cards, found 22"),
]


@pytest.mark.parametrize(("game", "name", "old", "new", "words"), FAULTS)
def test_a_planted_fault_names_file_and_line(tmp_path, game, name, old, new, words):
    folder = copy_data(tmp_path, game)
    check_fault(lambda data: simlab.load_game(game, data=data), folder, name, old, new, words)


@pytest.mark.parametrize(("game", "name", "words"), SHORT)
def test_a_missing_row_is_counted(tmp_path, game, name, words):
    path = copy_data(tmp_path, game) / name
    path.write_text("\n".join(path.read_text().splitlines()[:-1]) + "\n")
    with pytest.raises(DataError, match=words):
        simlab.load_game(game, data=path.parent)


@pytest.mark.parametrize(("game", "name"), [("bad_doctor", "tiles.txt"),
                                            ("broom_service", "events.txt"),
                                            ("hospital_rush", "boards.txt")])
def test_a_missing_file_is_named(tmp_path, game, name):
    folder = copy_data(tmp_path, game)
    (folder / name).unlink()
    with pytest.raises(DataError, match=rf"{name.replace('.', '[.]')}: cannot read file"):
        simlab.load_game(game, data=folder)
