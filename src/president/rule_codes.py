"""Rule codes: a short, stable, versioned text naming a rule set (a preset and its changed options).

A code is ``r1.PRESET`` followed by one ``.NAME~VALUE`` part per option that differs from the preset,
in the order of the option names: ``r1.daifugo.eight_cut~0.jokers~2``. It is made of lower-case letters,
digits and ``. _ ~ -`` only, so it can stand in a link as it is; reading one ignores case. Options are read
from their declaration (:data:`president.rules.OPTIONS`), so an option added later with its default
changes no code, and every code written before still reads to the same rules.

Values by the kind of option: a flag is ``1`` or ``0`` (a bare ``NAME`` means ``1``); a whole number is
written in decimal with ``m`` for minus (``m5``); a card is its number; a list joins its items with ``-``
and is ``empty`` when it has none; a missing number is ``none``. A rule set that is not named after a
preset is written from the plain defaults as ``r1.custom``.

:func:`encode` and :func:`decode` are exact inverses over the options; :func:`explain` says in words how
a code's rules differ from its preset.
"""

from __future__ import annotations

import re
from typing import Any

from .rules import OPTIONS, PRESETS, OptionSpec, Rules, get_rules

VERSION = "r1"
"""The version written at the head of every code this module makes."""
CUSTOM = "custom"
"""The preset part of a code built on the plain defaults of :class:`~president.rules.Rules`."""
_BY_NAME = {spec.name: spec for spec in OPTIONS}
_PART = re.compile(r"^[a-z0-9_]+(~[a-z0-9_-]*)?$")


class RuleCodeError(ValueError):
    """A rule code that cannot be read; the message names the part at fault and what it should be."""


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is written as a rule code (``r1...``, or any name with a dot) rather than a preset name."""
    return "." in text or text.lower().startswith(VERSION)


def _base(preset: str) -> Rules:
    return Rules() if preset == CUSTOM else PRESETS[preset]


def _number(value: int) -> str:
    return f"m{-value}" if value < 0 else str(value)


def _value_text(spec: OptionSpec, value: Any) -> str:
    if value is None:
        return "none"
    if spec.kind == "flag":
        return "1" if value else "0"
    if isinstance(value, (tuple, list)):
        return "-".join(_number(v) if isinstance(v, int) else str(v) for v in value) if value else "empty"
    if isinstance(value, int):
        return _number(value)
    return str(value)


def encode(rules: Rules) -> str:
    """The code of ``rules``: its preset (``custom`` when not named after one) and each option that differs."""
    preset = rules.name if rules.name in PRESETS else CUSTOM
    base = _base(preset)
    parts = [VERSION, preset]
    for name in sorted(_BY_NAME):
        spec = _BY_NAME[name]
        value = getattr(rules, name)
        if value != getattr(base, name):
            parts.append(name if spec.kind == "flag" and value is True else f"{name}~{_value_text(spec, value)}")
    return ".".join(parts)


def _read_number(text: str) -> int:
    if text.startswith("m") and text[1:].isdigit():
        return -int(text[1:])
    if text.isdigit():
        return int(text)
    raise ValueError(f"{text!r} is not a whole number (write m5 for -5)")


def _read_value(spec: OptionSpec, text: str | None) -> Any:
    if spec.kind == "flag":
        if text in (None, "1"):
            return True
        if text == "0":
            return False
        raise ValueError("a flag is 1 (on) or 0 (off)")
    if text is None:
        raise ValueError("a value is needed after ~")
    if text == "none" and spec.kind in ("count", "card", "ints"):
        return None
    if spec.kind in ("ints", "choices"):
        items = [] if text == "empty" else text.split("-")
        return [_read_number(t) for t in items] if spec.kind == "ints" else items
    if spec.kind in ("int", "count", "card"):
        return _read_number(text)
    return text


def decode(code: str) -> Rules:
    """The rules a code names; :class:`RuleCodeError` names the part that is wrong and why."""
    if not isinstance(code, str) or not code.strip():
        raise RuleCodeError("a rule code is needed, such as r1.daifugo or r1.tavern-jack.eight_cut")
    parts = code.strip().lower().split(".")
    if parts[0] != VERSION:
        raise RuleCodeError(f"rule code {code!r}: version {parts[0]!r} is not known (this program reads {VERSION})")
    if len(parts) < 2 or not parts[1]:
        raise RuleCodeError(f"rule code {code!r}: the preset is missing after {VERSION}.")
    preset = parts[1]
    if preset != CUSTOM:
        try:
            preset = get_rules(preset).name
        except ValueError:
            raise RuleCodeError(f"rule code {code!r}: part 2 {parts[1]!r} is not a preset; the presets are "
                                f"{', '.join(PRESETS)} (or {CUSTOM})") from None
    changes: dict[str, Any] = {}
    for number, part in enumerate(parts[2:], 3):
        name, tilde, text = part.partition("~")
        where = f"rule code {code!r}: part {number} {part!r}"
        if not _PART.match(part):
            raise RuleCodeError(f"{where} is not NAME~VALUE (letters, digits, _ and - only)")
        spec = _BY_NAME.get(name)
        if spec is None:
            raise RuleCodeError(f"{where}: {name!r} is not a rule option")
        if name in changes:
            raise RuleCodeError(f"{where}: {name} is given twice")
        try:
            changes[name] = spec.check(_read_value(spec, text if tilde else None))
        except ValueError as exc:
            raise RuleCodeError(f"{where}: {exc}") from None
    base = _base(preset)
    try:
        return base.replace(**changes) if changes else base
    except ValueError as exc:
        raise RuleCodeError(f"rule code {code!r}: {exc}") from None


def value_words(spec: OptionSpec, value: Any) -> str:
    """An option's value as a reader would say it: ``on``/``off``, ``none``, a list joined by commas."""
    if spec.kind == "flag":
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) if value else "none"
    return str(value)


def differences(rules: Rules, base: Rules) -> list[dict[str, Any]]:
    """Each option where ``rules`` differs from ``base``: name, both values, their words and a sentence."""
    out = []
    for spec in OPTIONS:
        value, was = getattr(rules, spec.name), getattr(base, spec.name)
        if value == was:
            continue
        now_words, was_words = value_words(spec, value), value_words(spec, was)
        if spec.kind == "flag":
            sentence = f"{spec.description}" if value else f"Not played: {spec.description[0].lower()}" \
                f"{spec.description[1:]}"
        else:
            sentence = f"{spec.description} Here: {now_words} (instead of {was_words})."
        out.append({
            "option": spec.name, "group": spec.group, "description": spec.description,
            "value": _json(value), "was": _json(was), "value_words": now_words, "was_words": was_words,
            "sentence": sentence,
        })
    return out


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def explain(code: str) -> dict[str, Any]:
    """What a code means, JSON-ready: the code written canonically, its preset, the differences, every setting."""
    rules = decode(code)
    preset = rules.name if rules.name in PRESETS else CUSTOM
    base = _base(preset)
    return {
        "code": encode(rules),
        "version": VERSION,
        "preset": preset,
        "preset_description": base.description,
        "changes": differences(rules, base),
        "settings": [
            {"option": s.name, "group": s.group, "description": s.description, "kind": s.kind,
             "value": _json(getattr(rules, s.name)), "value_words": value_words(s, getattr(rules, s.name)),
             "differs": getattr(rules, s.name) != getattr(base, s.name)}
            for s in OPTIONS
        ],
    }


def explain_text(code: str) -> str:
    """:func:`explain` in plain language: the preset, then each option that differs from it, in words."""
    info = explain(code)
    lines = [f"Rule code {info['code']}", "",
             f"Preset: {info['preset']}" + (f" ({info['preset_description']})" if info["preset_description"] else "")]
    if info["changes"]:
        lines.append(f"Changed from {info['preset']}:")
        lines += [f"  - {c['option']}: {c['sentence']}" for c in info["changes"]]
    else:
        lines.append(f"No option differs from {info['preset']}.")
    return "\n".join(lines)
