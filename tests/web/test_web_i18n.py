"""Every text of the app exists in the four languages, and every text the code asks for exists."""

from __future__ import annotations

import re
from pathlib import Path

import president

WEB = Path(president.__file__).parent / "web"
LANGS = ("en", "ru", "fr", "pt")


def language_keys() -> dict[str, set[str]]:
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    body = source[source.index("const STRINGS = {"): source.index("// Title names by language")]
    blocks = re.split(r"^  (en|ru|fr|pt): \{$", body, flags=re.MULTILINE)
    keys = {}
    for name, text in zip(blocks[1::2], blocks[2::2], strict=True):
        keys[name] = set(re.findall(r'^\s+"([\w.-]+)":|, "([\w.-]+)":', text, flags=re.MULTILINE)) - {("", "")}
        keys[name] = {a or b for a, b in keys[name]}
    return keys


def test_every_language_has_the_same_texts() -> None:
    keys = language_keys()
    assert set(keys) == set(LANGS)
    assert len(keys["en"]) > 150
    for lang in LANGS[1:]:
        assert keys[lang] == keys["en"], f"{lang}: missing {keys['en'] - keys[lang]}, extra {keys[lang] - keys['en']}"


def test_every_text_the_code_asks_for_exists() -> None:
    known = language_keys()["en"]
    asked: set[str] = set()
    for path in (WEB / "js").glob("*.js"):
        asked |= set(re.findall(r'\bt\("([\w.-]+)"', path.read_text(encoding="utf-8")))
    assert asked and asked <= known, f"unknown texts: {sorted(asked - known)}"


def test_the_page_loads_no_outside_resource() -> None:
    for path in [WEB / "index.html", WEB / "style.css", *(WEB / "js").glob("*.js")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?:src|href)=[\"']?(?:https?:)?//|@import|url\((?:https?:)?//", text), path.name


def language_entries() -> dict[str, list[tuple[str, str]]]:
    """Every entry of each language block as written, in order: (key, the source text of its value)."""
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    body = source[source.index("const STRINGS = {"): source.index("// Title names by language")]
    blocks = re.split(r"^  (en|ru|fr|pt): \{$", body, flags=re.MULTILINE)
    entry = re.compile(r'(?:^\s+|, )"([\w.-]+)": ("(?:[^"\\]|\\.)*"|\(p\) => .*?)(?=,\s*"[\w.-]+": |,?$)',
                       flags=re.MULTILINE)
    return {name: entry.findall(text) for name, text in zip(blocks[1::2], blocks[2::2], strict=True)}


def placeholders(value: str) -> set[str]:
    """The parameters a text uses: {name} in a string, p.name in a function."""
    if value.startswith('"'):
        return set(re.findall(r"\{(\w+)\}", value))
    return set(re.findall(r"\bp\.(\w+)", value))


def test_every_text_is_defined_once_in_each_language() -> None:
    entries = language_entries()
    for lang in LANGS:
        keys = [key for key, _ in entries[lang]]
        assert len(keys) > 150
        twice = sorted({key for key in keys if keys.count(key) > 1})
        assert twice == [], f"{lang}: defined more than once: {twice}"


def test_every_placeholder_is_given_where_the_code_asks_for_a_text() -> None:
    """A text asked for with literal parameters gets every parameter any language's text uses."""
    wanted: dict[str, set[str]] = {}
    for pairs in language_entries().values():
        for key, value in pairs:
            # A function of the parameters decides itself what an absent one means ("Deal 2" without "of").
            wanted.setdefault(key, set()).update(placeholders(value) if value.startswith('"') else ())
    calls = 0
    for path in (WEB / "js").glob("*.js"):
        source = path.read_text(encoding="utf-8")
        for key, literal in re.findall(r'\bt\("([\w.-]+)"(?:,\s*\{([^{}]*)\})?\)', source):
            if "..." in literal:
                continue
            given = set(re.findall(r"(?:^|,)\s*(\w+)\s*(?=[:,]|$)", literal.strip()))
            missing = wanted[key] - given
            assert not missing, f"{path.name}: t({key!r}) leaves {sorted(missing)} unfilled"
            calls += 1
    assert calls > 300
