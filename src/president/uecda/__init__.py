"""The UECda computer-Daifugō protocol: our bots as UECda clients, UECda programs at our match server.

:mod:`~president.uecda.protocol` encodes the 8 × 15 tables, :mod:`~president.uecda.client`
plays a bot against a UECda server, :mod:`~president.uecda.server` runs a match that
UECda clients join unchanged. See ``docs/uecda.md``.
"""
