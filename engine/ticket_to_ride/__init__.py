"""Ticket to Ride: Europe: claim routes across Europe with train cards, tunnels, ferries and stations."""

from engine.ticket_to_ride.rules import TicketToRide

__all__ = ["TicketToRide"]
