"""Import every built-in game so that it registers itself."""

import engine.around_the_world  # noqa: F401
import engine.chronology  # noqa: F401
import engine.lost_cities  # noqa: F401
import engine.ticket_to_ride  # noqa: F401
import engine.timeline  # noqa: F401
