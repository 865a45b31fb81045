"""The index of games waiting for players; an index beside the games, so readers re-check each game."""

import redis


class Lobby:
    # One hash tag for every lobby key, so the two writes of a pipeline share a Redis Cluster slot.
    prefix = "dk:{lobby}"

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection

    def key_for(self, game_type: str | None) -> str:
        return f"{self.prefix}:{game_type or '*'}"

    def open(self, game_type: str, game_id: str, score: float) -> None:
        with self.connection.pipeline() as pipe:
            pipe.zadd(self.key_for(game_type), {game_id: score})
            pipe.zadd(self.key_for(None), {game_id: score})
            pipe.execute()

    def close(self, game_type: str, game_id: str) -> None:
        with self.connection.pipeline() as pipe:
            pipe.zrem(self.key_for(game_type), game_id)
            pipe.zrem(self.key_for(None), game_id)
            pipe.execute()

    def page(self, game_type: str | None, offset: int, limit: int) -> list[str]:
        """Return game ids, oldest first."""
        ids: list[bytes] = self.connection.zrange(self.key_for(game_type), offset, offset + limit - 1)  # type: ignore[assignment]
        return [raw.decode() for raw in ids]
