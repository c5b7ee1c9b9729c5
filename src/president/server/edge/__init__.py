"""The network edge: the FastAPI routes, the WebSocket connections and their guard, and the hub that routes each
client message to its table. It stands on :mod:`..play` and never on the cluster: where a table is played is
asked of a :class:`~president.server.play.placement.Placement` given to the hub when the app is built."""
