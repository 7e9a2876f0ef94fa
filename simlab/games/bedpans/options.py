"""The options of Bedpans & Broomsticks: readings of unclear rules (each documented in
``docs/rulings/bedpans.md``, the default first) and the Variations (``variant=True``).

Examples
--------
>>> names = [o.name for o in OPTIONS]
>>> names[:3], sum(o.variant for o in OPTIONS)
(['round_limit', 'start_tile', 'staffers_take_stuff'], 11)
"""

from __future__ import annotations

from simlab.core.api import Option

__all__ = ["OPTIONS"]

#: Every option of :class:`~simlab.games.bedpans.rules.BedpansGame`, in the order
#: ``simlab info bedpans`` lists them.
OPTIONS: tuple[Option, ...] = (
    Option("round_limit", 60, "rounds after which the game ends undecided (a guard for "
           "endless play; ruling B14)"),
    Option("start_tile", "four-beds", "'Special – Start Tiles': the 4-bed tile "
           "('Normally'), or the tile the first Elder-player chooses among those the text "
           "allows (with 2 players a 2-bed tile, with 3 a 3-bed tile, or the 4-bed tile; "
           "ruling B13)", choices=("four-beds", "chosen")),
    Option("staffers_take_stuff", True, "whether Staffers take Stuff they move onto "
           "(ruling B9)"),
    Option("first_nurse", "first-nurse-moved", "which Nurse uses the 2 highest dice: the "
           "first Nurse moved in the Staff turn, or a Nurse only when moved before any "
           "other Staffer (ruling M3)",
           choices=("first-nurse-moved", "first-staffer-moved")),
    Option("hurry_up", "dice+1", "reading of Hurry Up: each movement die counts 1 more "
           "(a move 2 longer), or the movement result is 1 more (ruling M4)",
           choices=("dice+1", "result+1")),
    Option("detector", "dice-1", "reading of Detector: each movement die counts 1 (a "
           "move of 2), or the movement result is 1 (ruling M5)",
           choices=("dice-1", "result-1")),
    Option("walker", "dice-2", "reading of Walker: each movement die may count 2 (a move "
           "of 4), or a movement result of 2 may be used (ruling M6)",
           choices=("dice-2", "result-2")),
    Option("counted_neutralizations", "staff", "which neutralized Elders count towards the "
           "Staff's win: those the Staff-player neutralized, or also an Elder another "
           "Elder-player's Stuff neutralized (ruling S5)", choices=("staff", "all")),
    Option("new_shift", "next-tile", "New Shift acts on the next new tile placed this "
           "turn, or waits for the next one with a station (ruling S12)",
           choices=("next-tile", "next-station-tile")),
    Option("door_marker", "open-edge", "a played Door-marker creates an open edge (sight "
           "passes), or counts as a door (it blocks sight; ruling B18)",
           choices=("open-edge", "door")),
    Option("bed_bump", "marked-space", "where Bed Bump goes: a space next to one of your "
           "Characters that already has a Status-marker, or one with none yet (ruling S13)",
           choices=("marked-space", "unmarked-space")),
    Option("wake_by", "step", "what wakes an Elevator pair's Staffers: a Resident's step "
           "onto its Elevator or Stairs space, or any move there, forced moves of Stuff "
           "included (ruling B7)", choices=("step", "any-move")),
    Option("exit_by", "step", "what lets an Elder leave by an Exit space: a step onto it, "
           "or any move there, a Bed Bump push or a forced move included (ruling B17)",
           choices=("step", "any-move")),
    Option("strike_elevator", "later-tile", "Staffers on Strike and an Elevator pair placed "
           "this turn: the Strike waits for a later tile, or keeps the Staffers off the "
           "pair's first tile with a station (ruling S12)",
           choices=("later-tile", "elevator-tile")),
    Option("staff_experience", False, "Variation 'Staff Experience' [favors Elders]: the "
           "Staff must neutralize as many Elders as there are players", variant=True),
    Option("co_op_victory", False, "Variation 'Co-op Victory' [neutral]: Elders reaching an "
           "Exit in the same round are co-winners (ruling V2)", variant=True),
    Option("co_op_after_exit", "elders-won", "under 'Co-op Victory', whether the Staff may "
           "still win in the rest of the round once an Elder has left by an Exit "
           "(ruling V2)", choices=("elders-won", "race-on")),
    Option("all_or_nothing", False, "Variation 'All or Nothing' [favors Staff]: every Elder "
           "must reach an Exit (ruling V3)", variant=True),
    Option("no_recovery", False, "Variation 'No Recovery' [favors Staff]: a neutralized "
           "Elder is out of the game", variant=True),
    Option("door_markers", False, "Variation 'Door-markers' [favors Elders]: a Door-marker "
           "may go on any wall except by Stairs or Elevators", variant=True),
    Option("limited_occupancy", False, "Variation 'Limited Occupancy' [neutral]: 5+ "
           "Characters in a space at the end of a turn remove the Decoys there",
           variant=True),
    Option("do_no_harm", False, "Variation '1st Do No Harm' [favors Elders]: an Elder "
           "ignores T and X Stuff played by another Elder (ruling V6)", variant=True),
    Option("stuff_is_stuff", False, "Variation 'Stuff is Stuff' [favors Elders]: Stuff "
           "discarded unused stays on the layout; every pick-up costs 1 (ruling V7)",
           variant=True),
    Option("elder_abilities", False, "Variation 'Elder Abilities' (no label): each Elder "
           "has a reconstructed ability, used twice like Stuff; the Staff starts with 2 "
           "Stuff (ruling V9)", variant=True),
    Option("roll_and_assign", False, "Variation 'Roll Movement Dice & Assign' (no label): "
           "the dice are rolled before the Character to move is chosen (ruling V10)",
           variant=True),
    Option("assign_for", "elders", "who rolls before choosing under 'Roll Movement Dice & "
           "Assign': the Elders (whose Displays show it), or the Staff too (ruling V10)",
           choices=("elders", "everyone")),
    Option("tile_placement", False, "Variation 'Tile Placement' [favors Elders]: a tile "
           "is turned so that 2 doors match if possible (ruling V8)", variant=True),
    Option("tile_match", "passages", "what '2 doors match' counts under 'Tile Placement': "
           "ways across the tile border (open edges and doors), or printed doors only "
           "(ruling V8)", choices=("passages", "doors")),
)
