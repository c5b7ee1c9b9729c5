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
