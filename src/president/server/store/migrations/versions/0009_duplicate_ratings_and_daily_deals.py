"""Duplicate ratings and the deal of the day.

Ratings from the luck-adjusted results of duplicate events (per rule family, apart from the ordinary ones) with
their history by event and round; the server's key the day's deals come from; the tables of each day's deal
(an account's one try, or a guest's).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the duplicate ratings and their history, the server keys and the tables of the deal of the day."""
    op.create_table(
        "president_duplicate_ratings",
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("family", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_duplicate_ratings_family", "president_duplicate_ratings", ["family"])
    op.create_table(
        "president_duplicate_rating_history",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("family", sa.String(40), nullable=False),
        sa.Column("adjusted", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("before_mu", sa.Float(), nullable=False),
        sa.Column("before_sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_duplicate_rating_history_subject", "president_duplicate_rating_history",
                    ["subject"])
    op.create_table(
        "president_server_keys",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "president_daily_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("points", sa.JSON(), nullable=True),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("day", "account_id", name="uq_president_daily_tables_day_account"),
    )
    op.create_index("ix_president_daily_tables_day", "president_daily_tables", ["day"])

def downgrade() -> None:
    """Remove them (the duplicate ratings and the day's results are lost)."""
    op.drop_table("president_daily_tables")
    op.drop_table("president_server_keys")
    op.drop_table("president_duplicate_rating_history")
    op.drop_table("president_duplicate_ratings")
