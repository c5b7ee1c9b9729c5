"""Account names compared by their look: the name key becomes the name's skeleton.

Two accounts may no longer have names that differ only by case, accents, invisible characters or look-alike
letters of other scripts (``president.server.names.skeleton``). The key grows to 64 characters and is made again
for every account; of accounts made before whose names now look the same, the first keeps the key and each later
one gets ``<key>\\x1f<id>``: nobody loses an account, and nobody can make another one like them.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from president.server.names import skeleton

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

KEY_LENGTH = 64


def upgrade() -> None:
    """Widen ``name_key`` and fill it with each account's skeleton."""
    with op.batch_alter_table("president_accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(24), type_=sa.String(KEY_LENGTH),
                           existing_nullable=False)
    accounts = sa.table("president_accounts", sa.column("id", sa.Integer()), sa.column("name", sa.String()),
                        sa.column("name_key", sa.String()))
    db = op.get_bind()
    rows = db.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)).all()
    # Every key is first set apart (the ids are unique), so that no new key meets an old one on the way.
    db.execute(accounts.update().values(name_key=sa.literal("\x1e") + sa.cast(accounts.c.id, sa.String())))
    taken: set[str] = set()
    for account_id, name in rows:
        key = skeleton(name)[:KEY_LENGTH]
        if key in taken:
            key = f"{key[:KEY_LENGTH - 12]}\x1f{account_id}"
        taken.add(key)
        db.execute(accounts.update().where(accounts.c.id == account_id).values(name_key=key))


def downgrade() -> None:
    """Keys folded to lower case again, 24 characters (look-alike twins keep their id)."""
    accounts = sa.table("president_accounts", sa.column("id", sa.Integer()), sa.column("name", sa.String()),
                        sa.column("name_key", sa.String()))
    db = op.get_bind()
    rows = db.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)).all()
    db.execute(accounts.update().values(name_key=sa.cast(accounts.c.id, sa.String())))
    taken: set[str] = set()
    for account_id, name in rows:
        key = name.casefold()[:24]
        if key in taken:
            key = f"{key[:12]}#{account_id}"
        taken.add(key)
        db.execute(accounts.update().where(accounts.c.id == account_id).values(name_key=key))
    with op.batch_alter_table("president_accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(KEY_LENGTH), type_=sa.String(24),
                           existing_nullable=False)
