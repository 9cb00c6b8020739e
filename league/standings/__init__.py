"""A season's league table, in three steps:

- compute.py: the table from confirmed results, a pure function over plain records (no ORM): points,
  bonus points, adjustments, tie-breakers, head-to-head as a mini-league, the table after each round;
- store.py: the services that store it (StandingsRow, CoachRecord) whenever what counts changes, and
  rebuild everything stored for data written around them;
- read.py: the queries the pages read it with, in a constant number of queries.
"""
