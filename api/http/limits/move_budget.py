"""A budget of moves for each client and for each seat, counted in versions: a request's own action and the bot
moves it sets off (`DESKOVKA_LIMIT_MOVES` per client, `DESKOVKA_LIMIT_SEAT_MOVES` per seat).

Each game is bounded by its most versions (`api.tables.lengths`), but a client replaying a table of bots could
still fill the store game after game, and hold a worker playing them. The budget is checked before the move
(spent: 429, with what was spent and Retry-After) and charged after it with the versions it added, so a request
that plays nothing costs nothing. A seat's budget is its own, so people behind one address (a classroom, a phone
carrier's NAT) each have theirs; the client's, larger, bounds what one address does over all its seats.
"""

from api import clock
from api.http import current
from api.http.limits import rate_limits

CLIENT, SEAT = "moves", "seat_moves"


def _windows(client: str, seat: str | None) -> list[tuple[str, str, int, int]]:
    """(bucket, key, versions allowed, window seconds) of every window the move counts in."""
    now = clock.now().timestamp()
    owners = [(CLIENT, client)] + ([(SEAT, seat)] if seat is not None else [])
    return [
        (bucket, f"dk:rate:{bucket}:{owner}:{seconds}:{int(now // seconds)}", allowed, seconds)
        for bucket, owner in owners
        for allowed, seconds in rate_limits.windows(bucket)
    ]


def refuse_when_spent(client: str, seat: str | None) -> None:
    """:raises Problem: 429 with Retry-After while the client's or the seat's budget for a window is spent."""
    windows = _windows(client, seat)
    if not windows:
        return
    with current.connection().pipeline(transaction=False) as pipe:
        for _, key, _, _ in windows:
            pipe.get(key)
        counts = [int(raw or 0) for raw in pipe.execute()]
    spent = [window for window, count in zip(windows, counts, strict=True) if count >= window[2]]
    if not spent:
        return
    bucket, _, allowed, seconds = max(spent, key=lambda window: window[3])
    retry = max(1, int(seconds - clock.now().timestamp() % seconds) + 1)
    whose = "one client" if bucket == CLIENT else "one seat"
    unit = rate_limits.unit(seconds)
    detail = f"At most {allowed} moves (bot moves they set off included) per {unit} from {whose}; "
    detail += "try again in {retry} s."
    # Not held in the book of refusals: the move path answers outside Flask, and a seat's spent budget must not be
    # held against the others behind its address.
    raise rate_limits.refusal(detail, retry)


def charge(client: str, seat: str | None, versions: int) -> None:
    """Count the versions a move added against the client's and the seat's budgets."""
    windows = _windows(client, seat) if versions > 0 else []
    if not windows:
        return
    with current.connection().pipeline(transaction=False) as pipe:
        for _, key, _, seconds in windows:
            pipe.incrby(key, versions)
            pipe.expire(key, seconds + 1)
        pipe.execute()
