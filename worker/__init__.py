"""RQ job functions (thin) and the worker entry point; jobs take JSON arguments and let failures raise."""

QUEUES = ("print",)
