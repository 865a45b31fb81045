"""Lua scripts queued on a pipeline of one Redis or of a Redis Cluster, and their results settled.

redis-py's Cluster pipeline refuses a `Script` call (`evalsha` is blocked there) but sends a plain EVALSHA command
to the master of its keys' slot, one batch a master. It does not load a script a master lacks (a replica promoted
since it was loaded does): such a call's result is a NoScriptError, and `settle` runs that call again alone, which
loads the script. Run alone on a Cluster (`run`), a call goes to its keys' master straight: redis-py's Cluster client
loads a missing script on every master, and so fails while any one of them is down.
"""

from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.commands.core import Script


def queue(script: Script, pipe: Any, keys: Sequence[Any], args: Sequence[Any]) -> None:
    """Queue one call of the script on the pipeline (of one Redis, or of a Cluster)."""
    if isinstance(pipe, redis.cluster.ClusterPipeline):
        pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)
    else:
        script(keys=keys, args=args, client=pipe)


def settle(results: list[Any], alone: Sequence[Callable[[], Any]]) -> list[Any]:
    """A pipeline's results (executed with `raise_on_error=False`): each NoScriptError replaced by its call run
    again alone (`alone[i]` for result i); any other error raised, as the pipeline would have."""
    for place, result in enumerate(results):
        if isinstance(result, redis.exceptions.NoScriptError):
            results[place] = alone[place]()
        elif isinstance(result, Exception):
            raise result
    return results


def run(script: Script, connection: Any, keys: Sequence[Any], args: Sequence[Any]) -> Any:
    """Call the script alone (loading it where it is missing): on a Cluster on its keys' master, a slot that moved
    followed by the Cluster client."""
    if not isinstance(connection, redis.RedisCluster):
        return script(keys=keys, args=args)
    master = connection.get_redis_connection(connection.get_node_from_key(keys[0]))
    try:
        return script(keys=keys, args=args, client=master)
    except (redis.exceptions.MovedError, redis.exceptions.AskError):
        return script(keys=keys, args=args)
