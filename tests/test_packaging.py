"""The package as people install it: a quiet build, and a wheel that holds the browser app."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import warnings
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "president" / "web"


def test_the_build_configuration_reads_without_warnings() -> None:
    from setuptools.config.pyprojecttoml import apply_configuration
    from setuptools.dist import Distribution

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        apply_configuration(Distribution(), ROOT / "pyproject.toml")
    assert [str(w.message) for w in seen if "license" in str(w.message)] == []


@pytest.mark.timeout(60)
def test_the_wheel_holds_every_file_of_the_browser_app(tmp_path: Path) -> None:
    # A clean copy of the sources: a build/ or *.egg-info/ left in the work tree would hide a missing file.
    source = tmp_path / "source"
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(tmp_path), str(source)], check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = tmp_path.glob("president-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    app = {f"president/web/{path.relative_to(WEB).as_posix()}" for path in WEB.rglob("*") if path.is_file()}
    assert "president/web/index.html" in app
    assert app - names == set()
    # The expert bot's policy network travels with the package.
    models = {f"president/learned/models/{path.name}" for path in (ROOT / "src/president/learned/models").glob("*.npz")}
    assert models and models - names == set()
    # The presets' balance labels too (president rules CODE --balance and the rule set's page show them).
    assert "president/balance_presets.json" in names


def test_the_server_and_the_terminal_install_what_the_expert_bot_needs() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra in ("server", "cli"):
        assert any(requirement.split(">")[0] == "numpy" for requirement in extras[extra]), extra


def test_the_development_install_takes_pytorch_s_cpu_build_only() -> None:
    # An unpinned torch resolves to a CUDA build with several GB of NVIDIA libraries: the dev extra, which
    # `make test` installs with the train extra, pins the CPU build, so the install takes it or fails.
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert "train" in extras["dev"][0] and any(r.startswith("sb3-contrib") for r in extras["train"])
    torch = [requirement for requirement in extras["dev"] if requirement.startswith("torch")]
    assert len(torch) == 1 and torch[0].startswith("torch==") and torch[0].endswith("+cpu")


@pytest.mark.timeout(60)
def test_the_wheel_holds_the_database_migrations(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT / "src", source / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(tmp_path), str(source)], check=True, capture_output=True, cwd=tmp_path)
    (wheel,) = tmp_path.glob("president-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    migrations = ROOT / "src" / "president" / "server" / "store" / "migrations"
    wanted = {f"president/server/store/migrations/{p.relative_to(migrations).as_posix()}"
              for p in migrations.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
    assert "president/server/store/migrations/versions/0001_baseline.py" in wanted
    assert wanted - names == set()
