"""The cluster: several processes on one PostgreSQL and one Redis. Leases decide which process plays a table,
the relay carries messages between processes, the placement over Redis and PostgreSQL implements
:class:`~president.server.play.placement.Placement`, and the supervisor runs the workers of one machine."""
