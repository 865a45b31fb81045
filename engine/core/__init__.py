"""The protocol every game implements and the bookkeeping around it (turn checks, log, version).

Import from the module that defines a name (`engine.core.match`, `engine.core.errors`, ...): this package's
`__init__` imports nothing, so a deck that needs only the errors does not load marshmallow with the match.
"""
