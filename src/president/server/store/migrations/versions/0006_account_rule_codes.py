"""A player's own rules: the rule code an account keeps as "my rules".

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``president_accounts.rules_code`` (empty: the account has not saved its rules)."""
    with op.batch_alter_table("president_accounts") as batch:
        batch.add_column(sa.Column("rules_code", sa.String(400), nullable=True))


def downgrade() -> None:
    """Remove the column."""
    with op.batch_alter_table("president_accounts") as batch:
        batch.drop_column("rules_code")
