"""Pure game rules: no Flask, no Redis, no I/O beyond loading the data files beside each game, no clock."""
