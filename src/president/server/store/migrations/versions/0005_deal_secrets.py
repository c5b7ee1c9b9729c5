"""Deals anyone can check: the secret the current match of a table deals from.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``president_tables.secret`` (empty for matches started before: they deal from their seed)."""
    with op.batch_alter_table("president_tables") as batch:
        batch.add_column(sa.Column("secret", sa.String(64), nullable=True))


def downgrade() -> None:
    """Remove the column."""
    with op.batch_alter_table("president_tables") as batch:
        batch.drop_column("secret")
