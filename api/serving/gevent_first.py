"""Imported first by the CLI: `deskovka api` runs gevent workers, so it patches the standard library (sockets,
threads, ssl) before anything imports it, as gevent asks; redis-py then waits cooperatively."""

import sys

if sys.argv[1:2] == ["api"]:
    from gevent import monkey

    monkey.patch_all()
