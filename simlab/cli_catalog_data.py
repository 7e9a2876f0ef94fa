"""What ``simlab games`` lists: written by ``python -m simlab.cli_catalog``.

Do not edit by hand; ``tests/test_cli_catalog.py`` checks it against the
live registries.
"""

from typing import Any

CATALOG: dict[str, Any] = {'games': [{'game': 'bad_doctor',
            'title': 'Bad Doctor',
            'players': [2, 4],
            'variants': ['two_fewer_wilds'],
            'policies': ['random', 'greedy', 'bad', 'cautious', 'mcts', 'mcts-100'],
            'options': [{'name': 'two_fewer_wilds',
                         'default': False,
                         'variant': True,
                         'help': 'Variation: remove two wild Treatment Tiles for added '
                                 'difficulty',
                         'choices': None},
                        {'name': 'starting_side',
                         'default': 'A',
                         'variant': False,
                         'help': 'which side of the Starting Patients is up (ruling)',
                         'choices': ['A', 'B', 'random']},
                        {'name': 'cubes_run_out',
                         'default': 'spare',
                         'variant': False,
                         'help': 'a Patient due a cube when the pile is empty is spared or '
                                 'dies (ruling)',
                         'choices': ['spare', 'die']},
                        {'name': 'patient_deck_empty',
                         'default': 'reshuffle',
                         'variant': False,
                         'help': 'empty Patient Deck: reshuffle the discards or let the '
                                 'hospital shrink (ruling)',
                         'choices': ['reshuffle', 'shrink']},
                        {'name': 'optional_bonuses',
                         'default': False,
                         'variant': False,
                         'help': 'every Treatment Tile Bonus may be declined (R9)',
                         'choices': [False, True]},
                        {'name': 'remove_placed_tile',
                         'default': True,
                         'variant': False,
                         'help': 'Remove Tile may take the tile whose bonus it is, the tile '
                                 'just placed (R11)',
                         'choices': [True, False]},
                        {'name': 'stuck_costs_action',
                         'default': False,
                         'variant': False,
                         'help': "a stuck player's discard-and-draw is one of the turn's two "
                                 'actions (R6)',
                         'choices': [False, True]},
                        {'name': 'added_patient_token',
                         'default': 'unvisited',
                         'variant': False,
                         'help': 'the Shift Token of a Patient brought in by Add Patient: '
                                 'Unvisited side up, so it gets a cube this turn unless '
                                 'visited, or Visited side up (R12)',
                         'choices': ['unvisited', 'visited']},
                        {'name': 'extra_cube_spaces',
                         'default': 0,
                         'variant': False,
                         'help': 'reconstruction knob (not a rule): every Patient has this '
                                 'many more spaces for Complication Cubes than '
                                 'data/bad_doctor/patients.txt gives (C3)',
                         'choices': [0, 1, 2, 3, -1]},
                        {'name': 'max_tile_ends',
                         'default': 3,
                         'variant': False,
                         'help': 'reconstruction knob (not a rule): Treatment Tiles with '
                                 'more Malady ends than this stay in the box (C2)',
                         'choices': [3, 2, 1]},
                        {'name': 'goal',
                         'default': 8,
                         'variant': False,
                         'help': 'Doctor Markers in a Score Pile that end the game',
                         'choices': None},
                        {'name': 'max_shifts',
                         'default': 300,
                         'variant': False,
                         'help': 'guard: the game ends after this many turns (ruling)',
                         'choices': None}],
            'components': {'treatment tiles': '37 (19 one-ended, 14 two-ended, 4 '
                                              'three-ended, 5 with a wild end; 37 in play; '
                                              'reconstructed)',
                           'patients': '22 in the Patient Deck and 4 double-sided Starting '
                                       'Patients (reconstructed)',
                           'complication cubes': '15',
                           'shift tokens': '5',
                           'doctor markers': '80 (20 per doctor; 15 each with 4 players)',
                           'doctors': 'Dr. A. Achoo, Dr. Eror, Dr. Paine, Dr. Mal Practice'}},
           {'game': 'bedpans',
            'title': 'Bedpans & Broomsticks',
            'players': [2, 5],
            'variants': ['staff_experience',
                         'co_op_victory',
                         'all_or_nothing',
                         'no_recovery',
                         'door_markers',
                         'limited_occupancy',
                         'do_no_harm',
                         'stuff_is_stuff',
                         'elder_abilities',
                         'roll_and_assign',
                         'tile_placement'],
            'policies': ['random', 'heuristic', 'mcts', 'mcts-100'],
            'options': [{'name': 'round_limit',
                         'default': 60,
                         'variant': False,
                         'help': 'rounds after which the game ends undecided (a guard for '
                                 'endless play; ruling B14)',
                         'choices': None},
                        {'name': 'start_tile',
                         'default': 'four-beds',
                         'variant': False,
                         'help': "'Special – Start Tiles': the 4-bed tile ('Normally'), or "
                                 'the tile the first Elder-player chooses among those the '
                                 'text allows (with 2 players a 2-bed tile, with 3 a 3-bed '
                                 'tile, or the 4-bed tile; ruling B13)',
                         'choices': ['four-beds', 'chosen']},
                        {'name': 'staffers_take_stuff',
                         'default': True,
                         'variant': False,
                         'help': 'whether Staffers take Stuff they move onto (ruling B9)',
                         'choices': None},
                        {'name': 'first_nurse',
                         'default': 'first-nurse-moved',
                         'variant': False,
                         'help': 'which Nurse uses the 2 highest dice: the first Nurse moved '
                                 'in the Staff turn, or a Nurse only when moved before any '
                                 'other Staffer (ruling M3)',
                         'choices': ['first-nurse-moved', 'first-staffer-moved']},
                        {'name': 'hurry_up',
                         'default': 'dice+1',
                         'variant': False,
                         'help': 'reading of Hurry Up: each movement die counts 1 more (a '
                                 'move 2 longer), or the movement result is 1 more (ruling '
                                 'M4)',
                         'choices': ['dice+1', 'result+1']},
                        {'name': 'detector',
                         'default': 'dice-1',
                         'variant': False,
                         'help': 'reading of Detector: each movement die counts 1 (a move of '
                                 '2), or the movement result is 1 (ruling M5)',
                         'choices': ['dice-1', 'result-1']},
                        {'name': 'walker',
                         'default': 'dice-2',
                         'variant': False,
                         'help': 'reading of Walker: each movement die may count 2 (a move '
                                 'of 4), or a movement result of 2 may be used (ruling M6)',
                         'choices': ['dice-2', 'result-2']},
                        {'name': 'counted_neutralizations',
                         'default': 'staff',
                         'variant': False,
                         'help': "which neutralized Elders count towards the Staff's win: "
                                 'those the Staff-player neutralized, or also an Elder '
                                 "another Elder-player's Stuff neutralized (ruling S5)",
                         'choices': ['staff', 'all']},
                        {'name': 'new_shift',
                         'default': 'next-tile',
                         'variant': False,
                         'help': 'New Shift acts on the next new tile placed this turn, or '
                                 'waits for the next one with a station (ruling S12)',
                         'choices': ['next-tile', 'next-station-tile']},
                        {'name': 'door_marker',
                         'default': 'open-edge',
                         'variant': False,
                         'help': 'a played Door-marker creates an open edge (sight passes), '
                                 'or counts as a door (it blocks sight; ruling B18)',
                         'choices': ['open-edge', 'door']},
                        {'name': 'bed_bump',
                         'default': 'marked-space',
                         'variant': False,
                         'help': 'where Bed Bump goes: a space next to one of your '
                                 'Characters that already has a Status-marker, or one with '
                                 'none yet (ruling S13)',
                         'choices': ['marked-space', 'unmarked-space']},
                        {'name': 'wake_by',
                         'default': 'step',
                         'variant': False,
                         'help': "what wakes an Elevator pair's Staffers: a Resident's step "
                                 'onto its Elevator or Stairs space, or any move there, '
                                 'forced moves of Stuff included (ruling B7)',
                         'choices': ['step', 'any-move']},
                        {'name': 'exit_by',
                         'default': 'step',
                         'variant': False,
                         'help': 'what lets an Elder leave by an Exit space: a step onto it, '
                                 'or any move there, a Bed Bump push or a forced move '
                                 'included (ruling B17)',
                         'choices': ['step', 'any-move']},
                        {'name': 'strike_elevator',
                         'default': 'later-tile',
                         'variant': False,
                         'help': 'Staffers on Strike and an Elevator pair placed this turn: '
                                 'the Strike waits for a later tile, or keeps the Staffers '
                                 "off the pair's first tile with a station (ruling S12)",
                         'choices': ['later-tile', 'elevator-tile']},
                        {'name': 'staff_experience',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Staff Experience' [favors Elders]: the Staff "
                                 'must neutralize as many Elders as there are players',
                         'choices': None},
                        {'name': 'co_op_victory',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Co-op Victory' [neutral]: Elders reaching an "
                                 'Exit in the same round are co-winners (ruling V2)',
                         'choices': None},
                        {'name': 'co_op_after_exit',
                         'default': 'elders-won',
                         'variant': False,
                         'help': "under 'Co-op Victory', whether the Staff may still win in "
                                 'the rest of the round once an Elder has left by an Exit '
                                 '(ruling V2)',
                         'choices': ['elders-won', 'race-on']},
                        {'name': 'all_or_nothing',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'All or Nothing' [favors Staff]: every Elder "
                                 'must reach an Exit (ruling V3)',
                         'choices': None},
                        {'name': 'no_recovery',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'No Recovery' [favors Staff]: a neutralized "
                                 'Elder is out of the game',
                         'choices': None},
                        {'name': 'door_markers',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Door-markers' [favors Elders]: a Door-marker "
                                 'may go on any wall except by Stairs or Elevators',
                         'choices': None},
                        {'name': 'limited_occupancy',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Limited Occupancy' [neutral]: 5+ Characters in "
                                 'a space at the end of a turn remove the Decoys there',
                         'choices': None},
                        {'name': 'do_no_harm',
                         'default': False,
                         'variant': True,
                         'help': "Variation '1st Do No Harm' [favors Elders]: an Elder "
                                 'ignores T and X Stuff played by another Elder (ruling V6)',
                         'choices': None},
                        {'name': 'stuff_is_stuff',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Stuff is Stuff' [favors Elders]: Stuff "
                                 'discarded unused stays on the layout; every pick-up costs '
                                 '1 (ruling V7)',
                         'choices': None},
                        {'name': 'elder_abilities',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Elder Abilities' (no label): each Elder has a "
                                 'reconstructed ability, used twice like Stuff; the Staff '
                                 'starts with 2 Stuff (ruling V9)',
                         'choices': None},
                        {'name': 'roll_and_assign',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Roll Movement Dice & Assign' (no label): the "
                                 'dice are rolled before the Character to move is chosen '
                                 '(ruling V10)',
                         'choices': None},
                        {'name': 'assign_for',
                         'default': 'elders',
                         'variant': False,
                         'help': "who rolls before choosing under 'Roll Movement Dice & "
                                 "Assign': the Elders (whose Displays show it), or the Staff "
                                 'too (ruling V10)',
                         'choices': ['elders', 'everyone']},
                        {'name': 'tile_placement',
                         'default': False,
                         'variant': True,
                         'help': "Variation 'Tile Placement' [favors Elders]: a tile is "
                                 'turned so that 2 doors match if possible (ruling V8)',
                         'choices': None},
                        {'name': 'tile_match',
                         'default': 'passages',
                         'variant': False,
                         'help': "what '2 doors match' counts under 'Tile Placement': ways "
                                 'across the tile border (open edges and doors), or printed '
                                 'doors only (ruling V8)',
                         'choices': ['passages', 'doors']}],
            'components': {'room tiles': '21: 1 start, 13 rooms (7 with an Exit sign), 4 '
                                         'Elevator, 3 Exit (reconstructed)',
                           'Stuff': '48 in 22 kinds',
                           'Door-markers': '8',
                           'Staffers': '1 Doctor, 5 Nurses'}},
           {'game': 'broom_service',
            'title': 'Broom Service',
            'players': [2, 5],
            'variants': [],
            'policies': ['random',
                         'brave',
                         'cowardly',
                         'brave-0.5',
                         'heuristic',
                         'mcts',
                         'mcts-100',
                         'mcts-brave',
                         'mcts-cowardly'],
            'options': [{'name': 'square_tower_limit',
                         'default': 'game',
                         'variant': False,
                         'help': "'each player may deliver only once per role to square "
                                 "towers': once per role over the whole game ('game') or no "
                                 "limit beyond one delivery per action ('action'); "
                                 'docs/rulings/broom_service.md',
                         'choices': ['game', 'action']},
                        {'name': 'druid_landscape',
                         'default': 'matching',
                         'variant': False,
                         'help': "the area a Druid delivers from: one of the Druid's "
                                 "landscape ('matching'), or any area with the player's pawn "
                                 "('any'); docs/rulings/broom_service.md ruling 9",
                         'choices': ['matching', 'any']},
                        {'name': 'choice_counts',
                         'default': 'visible',
                         'variant': False,
                         'help': 'under More or Less, how many role cards a seat chose is '
                                 "seen by the seats choosing after it ('visible') or only "
                                 "when everyone has chosen ('hidden', as 'simultaneously' "
                                 'says); docs/rulings/broom_service.md ruling 2',
                         'choices': ['visible', 'hidden']}],
            'components': {'realm': '20 regions, 31 borders, 14 cloud spaces, castles Castle '
                                    'Emberkeep and Castle Roseguard (reconstructed)',
                           'towers': '18 circular, 3 square (reconstructed)',
                           'heavy clouds': '24 (1-3 stars, 0-3 lightning; reconstructed)',
                           'event cards': '10: More or Less, Bountiful Harvest, Tower '
                                          'Festival, Heavy Skies, Ancient Rite, Brave '
                                          "Hearts, Calm Spirits, Wand Gift, Wizard's Tax, "
                                          'Helping Hand',
                           'role cards': '10 roles x 5 colours: Gatherer (orange), Gatherer '
                                         '(green), Gatherer (purple), Witch (Forest), Witch '
                                         '(Hill), Witch (Mountain), Druid (Forest), Druid '
                                         '(Hill), Druid (Peak), Weather Fairy'}},
           {'game': 'hospital_rush',
            'title': 'Hospital Rush',
            'players': [3, 5],
            'variants': [],
            'policies': ['random',
                         'honest',
                         'opportunist',
                         'greedy',
                         'mcts',
                         'mcts-100',
                         'honest-mcts'],
            'options': [{'name': 'max_rounds',
                         'default': 200,
                         'variant': False,
                         'help': 'guard: the game also ends after this many rounds (random '
                                 'play may never reach 10 prestige); '
                                 'docs/rulings/hospital_rush.md',
                         'choices': None},
                        {'name': 'cured_without_marker',
                         'default': 'discharge',
                         'variant': False,
                         'help': 'a cured patient with no patient marker in phase 3 is '
                                 "discharged without points ('discharge') or stays in its "
                                 "bed ('stay'); docs/rulings/hospital_rush.md",
                         'choices': ['discharge', 'stay']},
                        {'name': 'reshuffle',
                         'default': 'when_drawing',
                         'variant': False,
                         'help': "'If the patient stack should run out, shuffle the "
                                 "discards': shuffle when a card must be drawn from the "
                                 "empty stack ('when_drawing') or as soon as its last card "
                                 "is drawn ('when_empty'); docs/rulings/hospital_rush.md",
                         'choices': ['when_drawing', 'when_empty']},
                        {'name': 'malingerer_own_patient',
                         'default': 'one',
                         'variant': False,
                         'help': 'Vanessa discards her own fully cured patient: 1 point in '
                                 "all ('one') or 1 as Vanessa and 1 as the treating player "
                                 "('two'); docs/rulings/hospital_rush.md",
                         'choices': ['one', 'two']},
                        {'name': 'chillax_right_side',
                         'default': 'preterm',
                         'variant': False,
                         'help': "Freddie's 'Chillax, man' on a bed-4 patient cured only on "
                                 "the right side of its card: preterm ('preterm') or an "
                                 "early discharge for 1 point ('early'); "
                                 'docs/rulings/hospital_rush.md',
                         'choices': ['preterm', 'early']},
                        {'name': 'chillax_readmit',
                         'default': 'any',
                         'variant': False,
                         'help': "Freddie's 'Chillax, man' may readmit to bed 1 any patient "
                                 'of the discard pile, the one it just discharged included '
                                 "('any'), or any but that one ('other'); "
                                 'docs/rulings/hospital_rush.md',
                         'choices': ['any', 'other']},
                        {'name': 'payouts',
                         'default': 'in-full',
                         'variant': False,
                         'help': "the bucks of night shift, rat out, overtime and I'm "
                                 "telling the boss are paid in full ('in-full') or are a "
                                 "choice that may be forfeited ('may-forfeit', l.285); "
                                 'docs/rulings/hospital_rush.md ruling 6',
                         'choices': ['in-full', 'may-forfeit']},
                        {'name': 'malingerer_skills',
                         'default': False,
                         'variant': False,
                         'help': "Pharmacy and Finance also act when 'What a malingerer' "
                                 "discards a fully cured patient of yours, read as 'a cured "
                                 "patient of yours is discharged'; "
                                 'docs/rulings/hospital_rush.md ruling 12',
                         'choices': [False, True]},
                        {'name': 'night_shift_4',
                         'default': False,
                         'variant': False,
                         'help': 'the 5-player side has a 4th night-shift space paying 4 '
                                 "bucks (reconstructed; the rulebook lists 3 spaces, '2, 3 "
                                 "or 4', and no 4th among the 5-player differences); "
                                 'docs/rulings/hospital_rush.md',
                         'choices': [False, True]}],
            'components': {'main board': '12 action spaces on the 3/4 side (kinds '
                                         'reconstructed)',
                           'patient cards': '23 (6 named in the rulebook, tiles '
                                            'reconstructed)',
                           'player boards': 'Theo Goodberg, Kurt von Schneider, Marina '
                                            'Clementina, Freddie Funster, Vanessa Toad, Ivy '
                                            'Drip, Otto Claves (2 reconstructed)',
                           'medicine': '3 of each of purple, green, yellow',
                           'supply': '33 bucks, 20 patches, 20 study markers'}}],
 'studies': [{'study': 'bad-doctor-complications',
              'game': 'bad_doctor',
              'title': 'Bad Doctor: complications, cures and deaths by player count, '
                       'policies, variation'},
             {'study': 'bad-doctor-ladder',
              'game': 'bad_doctor',
              'title': 'Bad Doctor: policy ladder, win rates and ratings'},
             {'study': 'bad-doctor-seats',
              'game': 'bad_doctor',
              'title': 'Bad Doctor: win rate by seat'},
             {'study': 'bedpans-escape',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: chance to escape from a given distance within '
                       'k turns'},
             {'study': 'bedpans-ladder',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: policy ladder, win rates and ratings'},
             {'study': 'bedpans-movement',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: movement results of every mover, exact and '
                       'simulated'},
             {'study': 'bedpans-outcomes',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: who wins, how long games last, when Exits are '
                       'found'},
             {'study': 'bedpans-stuff',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: what each Stuff kind is worth to its holder'},
             {'study': 'bedpans-variants',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: what each Variation does to the balance'},
             {'study': 'broom-service-ladder',
              'game': 'broom_service',
              'title': 'Broom Service: policy ladder, win rates and ratings'},
             {'study': 'broom-service-scores',
              'game': 'broom_service',
              'title': 'Broom Service: final VP and win rate by seat and policy'},
             {'study': 'broom-service-steals',
              'game': 'broom_service',
              'title': 'Broom Service: chance a brave claim is stolen, by place in follow '
                       'order'},
             {'study': 'hospital-rush-boards',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: win rate by player board'},
             {'study': 'hospital-rush-ladder',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: policy ladder, win rates and ratings'},
             {'study': 'hospital-rush-patients',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: patients cured, cured early, discharged preterm or '
                       'discarded'},
             {'study': 'hospital-rush-unfair',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: red actions ratted out by seat position; honest vs '
                       'opportunist'}]}
