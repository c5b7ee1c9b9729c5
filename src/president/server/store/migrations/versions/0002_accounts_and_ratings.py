"""Accounts and ratings.

Accounts, their sessions and login limits, ratings per rule family with their history; seats, finished
matches, results and tournament entries tied to accounts.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the tables of accounts and ratings, and the account columns of seats, matches, results and entries."""
    op.create_table(
        "president_accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("bot", sa.Boolean(), nullable=False),
        sa.Column("api_token_hash", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_accounts_name_key", "president_accounts", ["name_key"], unique=True)
    op.create_index("ix_president_accounts_api_token_hash", "president_accounts", ["api_token_hash"], unique=True)
    op.create_table(
        "president_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("president_accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_sessions_account_id", "president_sessions", ["account_id"])
    op.create_index("ix_president_sessions_expires_at", "president_sessions", ["expires_at"])
    op.create_table(
        "president_login_limits",
        sa.Column("key", sa.String(120), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("window_start", sa.Float(), nullable=False),
    )
    op.create_table(
        "president_ratings",
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("family", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_ratings_family", "president_ratings", ["family"])
    op.create_table(
        "president_rating_history",
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("president_matches.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("subject", sa.String(80), primary_key=True),
        sa.Column("family", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("before_mu", sa.Float(), nullable=False),
        sa.Column("before_sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_president_rating_history_subject", "president_rating_history", ["subject"])
    op.add_column("president_seats", sa.Column("account_id", sa.Integer(), nullable=True))
    op.add_column("president_matches", sa.Column("accounts", sa.JSON(), nullable=True))
    op.add_column("president_matches", sa.Column("rated", sa.Boolean(), nullable=True))
    op.add_column("president_results", sa.Column("account_id", sa.Integer(), nullable=True))
    op.create_index("ix_president_results_account_id", "president_results", ["account_id"])
    op.add_column("president_tournament_entries", sa.Column("account_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Remove what :func:`upgrade` added (the accounts, sessions and ratings are lost)."""
    with op.batch_alter_table("president_tournament_entries") as batch:
        batch.drop_column("account_id")
    op.drop_index("ix_president_results_account_id", "president_results")
    with op.batch_alter_table("president_results") as batch:
        batch.drop_column("account_id")
    with op.batch_alter_table("president_matches") as batch:
        batch.drop_column("rated")
        batch.drop_column("accounts")
    with op.batch_alter_table("president_seats") as batch:
        batch.drop_column("account_id")
    for name in ("president_rating_history", "president_ratings", "president_login_limits", "president_sessions",
                 "president_accounts"):
        op.drop_table(name)
