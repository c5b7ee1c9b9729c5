"""The UECda client's budget options: ``--seconds`` and ``--worlds`` reach the search bot, bad ones are refused."""

from __future__ import annotations

import pytest

from president.cli import main
from president.commands.uecda import client_bot
from president.search.expert import LEVELS, SearchBot


def test_the_budget_reaches_the_search_bot() -> None:
    bot = client_bot("expert-plain", seconds=1.5, worlds=3000)
    assert isinstance(bot, SearchBot)
    assert (bot.seconds, bot.worlds) == (1.5, 3000)
    default = client_bot("expert-plain")
    assert isinstance(default, SearchBot)
    assert (default.seconds, default.worlds) == (LEVELS["expert"]["seconds"], LEVELS["expert"]["worlds"])


@pytest.mark.parametrize(("argv", "message"), [
    (["--seconds", "0"], "--seconds 0: a budget must be positive"),
    (["--worlds", "-5"], "--worlds -5: a budget must be positive"),
    (["--bot", "classic", "--seconds", "1"], "the bot 'classic' takes no --seconds or --worlds"),
    (["--bot", "cheater"], "the bot 'cheater' plays on the true hands, which a UECda client does not see"),
])
def test_a_bad_budget_is_refused_before_connecting(argv: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # Port 1 on loopback has no server: reaching the connection would fail with another message.
    assert main(["uecda", "client", "--port", "1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_client_seats_a_bot_kept_for_measurements() -> None:
    # expert-house-plain is not offered to players; the client takes it, its budget and its plain playouts.
    bot = client_bot("expert-house-plain", seconds=2.0, worlds=24, opponents="adapt")
    assert (bot.seconds, bot.worlds, bot.house_net) == (2.0, 24, None)  # type: ignore[attr-defined]
    assert client_bot("expert", worlds=24).house_net is not None  # type: ignore[attr-defined]


def test_the_client_option_accepts_a_bot_kept_for_measurements(capsys: pytest.CaptureFixture[str]) -> None:
    # A bad budget is refused after the options are read: the name got past the option's choices.
    assert main(["uecda", "client", "--port", "1", "--bot", "expert-house-plain", "--seconds", "0"]) == 2
    assert "--seconds 0: a budget must be positive" in capsys.readouterr().err
