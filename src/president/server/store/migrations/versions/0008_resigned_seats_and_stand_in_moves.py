"""Leaving survives a restart: a seat's resignation, and which moves of the current match the stand-in made.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``president_seats.resigned`` and ``president_moves.made_by`` (empty for moves stored before)."""
    with op.batch_alter_table("president_seats") as batch:
        batch.add_column(sa.Column("resigned", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("president_moves") as batch:
        batch.add_column(sa.Column("made_by", sa.String(16), nullable=True))


def downgrade() -> None:
    """Remove the columns."""
    with op.batch_alter_table("president_moves") as batch:
        batch.drop_column("made_by")
    with op.batch_alter_table("president_seats") as batch:
        batch.drop_column("resigned")
