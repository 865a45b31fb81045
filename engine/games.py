"""Import every built-in game so that it registers itself."""

import engine.timeline  # noqa: F401
