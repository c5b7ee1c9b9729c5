"""The database schema's history as Alembic migrations, and the upgrade run when the server starts.

Each file of ``versions/`` is one step: ``0001_baseline`` is the schema as it stood when
migrations began (it creates only the tables a database does not have yet, so a database
made before then is taken over as it is), and every later file changes the schema by one
step and names the step before it in ``down_revision``. The server calls
:func:`upgrade_database` before it reads anything: an existing database is upgraded in place,
its data kept. See ``docs/server.md`` (Database migrations) for how to add a step.
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

HERE = Path(__file__).resolve().parent

LOCK_KEY = 7_202_611
"""The PostgreSQL advisory lock held while migrating, so that servers starting together migrate one at a time."""


class StepsOnly(logging.Filter):
    """Lets through Alembic's lines about the steps it runs, not its notes about the database at every start."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the record tells of a step."""
        return record.getMessage().startswith(("Running upgrade", "Running downgrade"))


def alembic_config() -> Config:
    """An Alembic configuration pointing at these migrations (no ``alembic.ini`` needed)."""
    config = Config()
    config.set_main_option("script_location", str(HERE))
    return config


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert found is not None
    return found


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: never migrated)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade_database(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (the newest by default), in one transaction where the database allows."""
    config = alembic_config()
    logger = logging.getLogger("alembic.runtime.migration")
    if not any(isinstance(f, StepsOnly) for f in logger.filters):
        logger.addFilter(StepsOnly())
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
