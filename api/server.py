"""Run the app under gunicorn, the production WSGI server, from inside the `deskovka` command."""

from gunicorn.app.base import BaseApplication


class _Gunicorn(BaseApplication):
    def __init__(self, options: dict) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from api.app import create_app

        return create_app()


def run_gunicorn(host: str, port: int, workers: int, threads: int, access_log: bool = False) -> None:
    _Gunicorn({
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        # Long-polls hold a thread for up to DESKOVKA_MAX_WAIT seconds.
        "timeout": 90,
        # A line per request written by the worker itself, before it takes the next request: opt-in.
        "accesslog": "-" if access_log else None,
        # One control socket per user ($HOME/.gunicorn/gunicorn.ctl) would be shared by every server on the machine.
        "control_socket_disable": True,
    }).run()
