"""The most versions a game of each type may reach (every action counts: a person's, a bot's, the clock's).

A game that reaches its type's most without ending stops there, `abandoned`: nothing more is played at it and it
is kept as long as a finished game. So no game (a table of bots that never end, a person who keeps replaying
them) grows without bound. Each is about ten times the longest game measured with random players at the most
seats (bench-free: 6 seeds each, default options: Around the World 311, Chronology 157, Lost Cities 171, Ticket
to Ride 462, Timeline 232), and above the longest with the options that lengthen a game (Timeline's 10 cards at 8
seats with hit-rate bots: about 1,400).
"""

MOST_VERSIONS = {
    "around-the-world": 3000,
    "chronology": 2000,
    "lost-cities": 2000,
    "ticket-to-ride-europe": 5000,
    "timeline": 3000,
}
OTHERWISE = 2000


def most_versions(game_type: str) -> int:
    return MOST_VERSIONS.get(game_type, OTHERWISE)
