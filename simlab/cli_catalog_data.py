"""What ``simlab games`` lists: written by ``python -m simlab.cli_catalog``.

Do not edit by hand; ``tests/test_cli_catalog.py`` checks it against the
live registries.
"""

from typing import Any

CATALOG: dict[str, Any] = {'games': [{'game': 'bad_doctor',
            'title': 'Bad Doctor',
            'players': [2, 4],
            'variants': ['two_fewer_wilds'],
            'policies': ['random', 'greedy', 'bad', 'cautious']},
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
            'policies': ['random', 'heuristic']},
           {'game': 'broom_service',
            'title': 'Broom Service',
            'players': [2, 5],
            'variants': [],
            'policies': ['random', 'brave', 'cowardly', 'brave-0.5', 'heuristic']},
           {'game': 'hospital_rush',
            'title': 'Hospital Rush',
            'players': [3, 5],
            'variants': [],
            'policies': ['random', 'honest', 'opportunist', 'greedy']}],
 'studies': [{'study': 'bad-doctor-complications',
              'game': 'bad_doctor',
              'title': 'Bad Doctor: complications, cures and deaths by player count, '
                       'policies, variation'},
             {'study': 'bad-doctor-seats',
              'game': 'bad_doctor',
              'title': 'Bad Doctor: win rate by seat'},
             {'study': 'bedpans-escape',
              'game': 'bedpans',
              'title': 'Bedpans & Broomsticks: chance to escape from a given distance within '
                       'k turns'},
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
             {'study': 'hospital-rush-patients',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: patients cured, cured early, discharged preterm or '
                       'discarded'},
             {'study': 'hospital-rush-unfair',
              'game': 'hospital_rush',
              'title': 'Hospital Rush: red actions ratted out by seat position; honest vs '
                       'opportunist'}]}
