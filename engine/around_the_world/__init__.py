"""Around the World in 80 Days (Kosmos 2004): race round the world with train and ship cards, balloon and elephants."""

from engine.around_the_world.rules import AroundTheWorld

__all__ = ["AroundTheWorld"]
