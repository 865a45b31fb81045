"""Timeline: place your cards in one shared timeline; the first to empty their hand alone in a round wins."""

from engine.timeline.rules import Timeline

__all__ = ["Timeline"]
