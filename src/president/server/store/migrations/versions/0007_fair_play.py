"""Fair play: matches left, blocks, reports, server-wide mutes and the weight of repeated groups.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the leaves, blocks and reports tables, an account's mute, and a match's leavers, group and weight."""
    with op.batch_alter_table("president_matches") as batch:
        batch.add_column(sa.Column("leavers", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("group_key", sa.String(200), nullable=True))
        batch.add_column(sa.Column("weight", sa.Float(), nullable=True))
    op.create_index("ix_president_matches_group_key", "president_matches", ["group_key"])
    with op.batch_alter_table("president_accounts") as batch:
        batch.add_column(sa.Column("muted", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "president_leaves",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("president_matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_leaves_at", "president_leaves", ["at"])
    op.create_table(
        "president_blocks",
        sa.Column("blocker_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("blocked_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_blocks_blocked_id", "president_blocks", ["blocked_id"])
    op.create_table(
        "president_reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("reporter_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("reported", sa.String(64), nullable=False),
        sa.Column("reported_id", sa.Integer(), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("chat", sa.JSON(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_reports_reporter_id", "president_reports", ["reporter_id"])
    op.create_index("ix_president_reports_at", "president_reports", ["at"])


def downgrade() -> None:
    """Remove them."""
    op.drop_table("president_reports")
    op.drop_table("president_blocks")
    op.drop_table("president_leaves")
    with op.batch_alter_table("president_accounts") as batch:
        batch.drop_column("muted")
    op.drop_index("ix_president_matches_group_key", "president_matches")
    with op.batch_alter_table("president_matches") as batch:
        batch.drop_column("weight")
        batch.drop_column("group_key")
        batch.drop_column("leavers")
