"""The planner's weights, in one place (light is the unit; see planner.py and plan_seat.py).

Each was set by playing the planner against three heuristic bots (`benchmarks/bench_bots.py
match`); a module attribute so a tuning script can try another value.
"""

#: Chance a die shows a hit, from the shipped die (3 of 6 faces hit).
HIT = 0.5
#: A target one move further away is worth this share.
FAR = 0.55
#: Rotations a ship in the center is expected to stay for.
CENTER_STAY = 3.0
#: The same in a two-player game (one rival for the center; 7 won 44.7%, see THREAT_LUMOS).
CENTER_STAY_2P = 5.0
#: Rounds between two rotations (one claim each): a planet's claims are counted over the
#: rounds left divided by this. 2.1 won 48.9% against three heuristic bots on seeds 9000-9799
#: where 2.5 won 47.0% and 1.8 48.9%. On the rebalanced pack, with the achievement valued from
#: its clauses, 1.8 won 53.0% on seeds 9000-12999 (4,000 games) where 2.1 won 51.7% (+1.4 ±
#: 1.0 points, paired) and 1.6 52.7% (-0.4 ± 0.8); with the old achievement rule 2.1 won 50.2%,
#: 1.8 51.3%, 1.6 51.2% and 2.4 49.6%.
ROUNDS_PER_CYCLE = 1.8
#: Share of a free planet's worth a ship standing on it is given (it still needs Construct).
FREE_PLANET = 0.5
#: Refresh grows more urgent with the square of the cards on the table.
REFRESH_PLAYED = 0.12
#: Weight of an opponent's light when choosing whom to hurt.
LEADER = 0.06
#: Light a move is marked down per attack die of the enemy ships where it ends.
THREAT = 0.25
#: Share of that mark-down for the Lumos' ships (two players): none. With CENTER_STAY_2P 5 a
#: planner won 56.7% against a plain planner at 2 players (seeds 9000-9599; a plain one 49.3%).
THREAT_LUMOS = 0.0
#: Share of a target's worth left for each other ship of ours as near to it or nearer.
COMPETE = 0.6
#: Share of the deck's mean worth a kept technology is credited with when choosing Research.
DRAW = 1.0
#: Moves ahead the planner looks for targets.
REACH = 4
#: Share of the gain from getting a better card back that Refresh is credited with. Off: with
#: ROUNDS_PER_CYCLE 2.1, 0.0 won 53.0% on seeds 9000-9799, 0.15 51.9%, 0.3 48.9%, 0.6 40.6%.
RECOVER = 0.0
#: Share of the claims the seat is about to add that an early Refresh gives up.
FOREGONE = 0.8
#: When our Refresh turns the board, how much our claims against the best rival's count.
PACE = 0.5
#: Weight of the claims a Refresh makes now (the board turns only once every seat has
#: refreshed, so a seat that refreshes last claims least often).
CLAIM = 1.0
#: When every other seat has refreshed, the board waits for ours: light per claim and per
#: center ship counted again for the rotation our Refresh brings about. Negative: the seat
#: plays its other cards first (+2 to +3 points against three heuristic bots on seeds
#: 9000-9799; counting them positively, or weighting CLAIM 1.5, lost 6 points). With a
#: rotation every 1.8 rounds, on seeds 9000-12999 (4,000 games, paired against -1): -0.75
#: +1.0 ± 1.0 points (54.1%), -0.5 +0.5 ± 1.2, 0 -1.9 ± 1.4, -1.5 -5.7 ± 1.1.
WAITING = -0.75
#: Light the leader gains a round: the rounds left are the leader's distance to the goal over it.
LEADER_PACE = 1.0
#: Bonus for light that reaches the goal this round and leads (the game ends at the round's end).
FINISH = 3.0
#: Weights on what an action card is worth, by what it does: drawing and manufacturing
#: technologies (Research), and claiming (Refresh). Against three heuristic bots on seeds
#: 9000-12999 (4,000 games, with the EVENT_RATE and PARAM_RATE measured in valuation.py) 1 and 1
#: won 48.4%, 0.8 and 1.2 50.4%, 0.8 and 1.4 50.9%, 0.9 and 1.3 50.7%; research below 0.7
#: falls off a cliff (0.6 and 1.5 won 40.9%: the seat stops researching).
RESEARCH_WEIGHT = 0.8
CLAIM_WEIGHT = 1.3
