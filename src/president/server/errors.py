"""The errors the server reports: a stable code and a sentence a person understands."""

from __future__ import annotations

ERROR_CODES: dict[str, str] = {
    "bad_json": "The message is not a JSON object.",
    "too_large": "The message is larger than the server accepts.",
    "too_slow": "The request body did not come in time.",
    "rate_limited": "Too many messages in a short time; the message was dropped.",
    "unknown_type": "The message type is not one the server knows.",
    "bad_message": "A field is missing, unknown or of the wrong kind.",
    "hello_first": "The first message of a connection must be hello.",
    "already_joined": "This connection has already said hello.",
    "no_table": "There is no open table with this id.",
    "bad_token": "The seat token does not belong to a seat of this table.",
    "not_seated": "Only a seated player may do this; spectators watch.",
    "not_started": "The match has not started yet.",
    "already_started": "The match has already started.",
    "match_over": "The match is over.",
    "not_over": "The match is not over yet.",
    "not_your_turn": "Another seat is to act.",
    "stale": "The move was meant for an earlier position (seq does not match).",
    "why_later": "The computer players say why once the deal is over: their reasons would show their cards.",
    "no_reason": "No computer player's reason is kept for that move of this match.",
    "illegal_move": "The rules do not allow this move.",
    "seats_open": "Some seats are still open: let people join or fill them with bots.",
    "seat_taken": "A person holds this seat.",
    "no_seat": "There is no such seat, or no open seat left.",
    "bad_bot": "There is no bot by this name.",
    "bad_rules": "The rule set or an option is not valid.",
    "server_full": "The server holds as many tables as it can.",
    "too_many_connections": "Your address holds as many connections to the server as it may.",
    "too_many_spectators": "This table has as many spectators as it may.",
    "too_many_tables": "Your address holds as many open tables as it may, or creates them too fast.",
    "storage_error": "The server could not save the move; nothing changed.",
    "table_moving": "The table is moving to another server process; try again in a few seconds.",
    "not_found": "There is nothing at this address.",
    "not_analysable": "This match cannot be analysed (the old President, or too long).",
    "not_replayable": "This match has no steps to show: its record does not replay.",
    "not_verifiable": "This match was not dealt from a committed secret: there is nothing to check its deals against.",
    "too_many_analyses": "Your address already has an analysis waiting or running.",
    "analysis_busy": "The server runs as many analyses as it can; try again later.",
    "bad_request": "The request body is not valid.",
    "name_taken": "This name belongs to an account: sign in to use it, or choose another.",
    "bad_login": "This name and password do not match an account.",
    "too_many_logins": "Too many attempts in a short time; wait a while.",
    "not_signed_in": "Sign in first.",
    "no_account": "There is no bot account by this name.",
    "bot_offline": "The bot account is not listening for invitations now.",
    "leave_wait": "You left several rated matches lately: wait a while before joining a public table.",
    "blocked": "You block a player at this table, or one blocks you: you cannot sit there.",
    "muted": "An operator muted your account: your chat lines are not sent.",
    "phrases_only": "Guests may send quick phrases only; sign in to write.",
    "too_many_reports": "You sent many reports in a short time; wait a while before the next one.",
    "internal": "Something went wrong on the server; nothing changed.",
    "daily_played": "You have played today's deal already: one try a day.",
    "not_watched": "This table cannot be watched.",
}
"""Every error code with what it means (the protocol reference lists the same)."""


class ProtocolError(Exception):
    """A refused request: ``code`` is one of :data:`ERROR_CODES`, ``message`` says why."""

    def __init__(self, code: str, message: str | None = None, status: int = 400) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.code = code
        self.message = message or ERROR_CODES[code]
        self.status = status
        super().__init__(self.message)

    def to_dict(self) -> dict[str, str]:
        """The ``{"code", "message"}`` pair sent to the client."""
        return {"code": self.code, "message": self.message}
