"""Several server processes on one database: the processes with their heartbeats, and the lease of each table.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``president_processes`` and ``president_leases`` (empty: a server run as one process uses neither)."""
    op.create_table(
        "president_processes",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("heartbeat", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_processes_heartbeat", "president_processes", ["heartbeat"])
    op.create_table(
        "president_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(40), nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_leases_owner", "president_leases", ["owner"])
    op.create_index("ix_president_leases_expires", "president_leases", ["expires"])


def downgrade() -> None:
    """Remove the two tables."""
    op.drop_table("president_leases")
    op.drop_table("president_processes")
