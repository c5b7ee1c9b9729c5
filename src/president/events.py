"""Events: what each applied move caused, for logs, animations, replays and the server.

Events are built only when a caller asks for them (the public ``apply``); the
fast paths of the engine make none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .cards import cards_list

RawEvent = tuple[str, int | None, int, int | None, dict[str, Any] | None, tuple[int, ...] | None]
"""An event as the engine records it: ``(kind, seat, cards, to, data, private_to)``."""


class Event:
    """One thing that happened in a match.

    ``kind`` is one of ``deal``, ``gift`` (the automatic give of the exchange),
    ``return`` (the cards given back), ``play``, ``pass``, ``revolution``,
    ``trick_cleared``, ``out`` (a player has no cards left), ``deal_over`` and
    ``match_over``. ``seat`` is the acting seat (or None), ``to`` the receiving seat
    of a gift, ``cards`` a card mask, ``data`` extra JSON-ready facts. When
    ``private_to`` is set, only those seats may see ``cards``.
    """

    __slots__ = ("cards", "data", "kind", "private_to", "seat", "to")

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        cards: int = 0,
        to: int | None = None,
        data: dict[str, Any] | None = None,
        private_to: tuple[int, ...] | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.cards = cards
        self.to = to
        self.data = dict(data) if data else {}
        self.private_to = private_to

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see the cards of this event (``None``: an observer)."""
        return self.private_to is None or (seat is not None and seat in self.private_to)

    def to_dict(self, for_seat: int | None = -1) -> dict[str, Any]:
        """JSON form. Cards are left out unless ``for_seat`` may see them.

        ``for_seat=-1`` (the default) means the engine's own full view.
        """
        out: dict[str, Any] = {"type": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.to is not None:
            out["to"] = self.to
        if self.cards:
            if for_seat == -1 or self.visible_to(for_seat):
                out["cards"] = cards_list(self.cards)
            else:
                out["count"] = self.cards.bit_count()
        out.update(self.data)
        return out

    def __repr__(self) -> str:
        return f"Event({self.to_dict()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class Events(Sequence[Event]):
    """The events of one move: a read-only sequence of :class:`Event`.

    It holds the engine's raw event tuples, so making one costs next to nothing
    when nobody reads it; indexing and iterating build fresh :class:`Event` objects
    from them. Being immutable, the engine may hand the same ``Events`` to several
    callers (a pass by seat 2 always causes the same events).
    """

    __slots__ = ("_raw",)

    def __init__(self, raw: Iterable[RawEvent] = ()) -> None:
        self._raw: tuple[RawEvent, ...] = tuple(raw)

    def _events(self) -> list[Event]:
        return [Event(*r) for r in self._raw]

    def __len__(self) -> int:
        return len(self._raw)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [Event(*r) for r in self._raw[index]]
        return Event(*self._raw[index])

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events):
            return self._raw == other._raw or self._events() == other._events()
        if isinstance(other, list):
            return self._events() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def to_list(self, for_seat: int | None = -1) -> list[dict[str, Any]]:
        """JSON form of every event, as :meth:`Event.to_dict` gives it for ``for_seat``."""
        return [e.to_dict(for_seat) for e in self._events()]

    def __repr__(self) -> str:
        return f"Events({self._events()!r})"
