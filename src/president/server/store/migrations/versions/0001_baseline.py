"""The baseline.

The schema of tables, seats, moves, finished matches, analyses, table chat and tournaments.

A database made before migrations began holds some or all of these tables already; only the
missing ones are created, and the data of the others is kept as it is.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[tuple[str, Callable[[], None]]]:
    def tables() -> None:
        op.create_table(
            "president_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("settings", sa.JSON(), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("match_no", sa.Integer(), nullable=False),
            sa.Column("seed", sa.BigInteger(), nullable=True),
            sa.Column("last_match_id", sa.Integer(), nullable=True),
            sa.Column("created_at", sa.Float(), nullable=False),
            sa.Column("updated_at", sa.Float(), nullable=False),
        )
        op.create_index("ix_president_tables_status", "president_tables", ["status"])

    def seats() -> None:
        op.create_table(
            "president_seats",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("president_tables.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("seat", sa.Integer(), primary_key=True),
            sa.Column("name", sa.String(64), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
            sa.Column("bot", sa.String(40), nullable=True),
        )

    def moves() -> None:
        op.create_table(
            "president_moves",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("president_tables.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("match_no", sa.Integer(), primary_key=True),
            sa.Column("ply", sa.Integer(), primary_key=True),
            sa.Column("seat", sa.Integer(), nullable=False),
            sa.Column("move", sa.String(200), nullable=False),
        )

    def matches() -> None:
        op.create_table(
            "president_matches",
            sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.String(32), nullable=False),
            sa.Column("match_no", sa.Integer(), nullable=False),
            sa.Column("rules", sa.String(40), nullable=False),
            sa.Column("players", sa.Integer(), nullable=False),
            sa.Column("record", sa.Text(), nullable=False),
            sa.Column("names", sa.JSON(), nullable=False),
            sa.Column("bots", sa.JSON(), nullable=False),
            sa.Column("scores", sa.JSON(), nullable=False),
            sa.Column("winners", sa.JSON(), nullable=False),
            sa.Column("finished_at", sa.Float(), nullable=False),
        )
        op.create_index("ix_president_matches_table_id", "president_matches", ["table_id"])
        op.create_index("ix_president_matches_finished_at", "president_matches", ["finished_at"])

    def results() -> None:
        op.create_table(
            "president_results",
            sa.Column("match_id", sa.Integer(), sa.ForeignKey("president_matches.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("seat", sa.Integer(), primary_key=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("points", sa.Integer(), nullable=False),
            sa.Column("won", sa.Boolean(), nullable=False),
        )
        op.create_index("ix_president_results_name", "president_results", ["name"])

    def analyses() -> None:
        op.create_table(
            "president_analyses",
            sa.Column("match_id", sa.Integer(), sa.ForeignKey("president_matches.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("level", sa.String(40), nullable=False),
            sa.Column("worlds", sa.Integer(), nullable=False),
            sa.Column("result", sa.JSON(), nullable=False),
            sa.Column("seconds", sa.Float(), nullable=False),
            sa.Column("made_at", sa.Float(), nullable=False),
        )

    def chat() -> None:
        op.create_table(
            "president_chat",
            sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.String(32), nullable=False),
            sa.Column("match_no", sa.Integer(), nullable=False),
            sa.Column("channel", sa.String(16), nullable=False),
            sa.Column("seat", sa.Integer(), nullable=True),
            sa.Column("player", sa.String(80), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("text", sa.String(400), nullable=True),
            sa.Column("phrase", sa.String(32), nullable=True),
            sa.Column("ply", sa.Integer(), nullable=False),
            sa.Column("at", sa.Float(), nullable=False),
        )
        op.create_index("ix_president_chat_table_id", "president_chat", ["table_id"])

    def tournaments() -> None:
        op.create_table(
            "president_tournaments",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("settings", sa.JSON(), nullable=False),
            sa.Column("host_hash", sa.String(64), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("round", sa.Integer(), nullable=False),
            sa.Column("created_at", sa.Float(), nullable=False),
            sa.Column("updated_at", sa.Float(), nullable=False),
        )
        op.create_index("ix_president_tournaments_status", "president_tournaments", ["status"])

    def entries() -> None:
        op.create_table(
            "president_tournament_entries",
            sa.Column("tournament_id", sa.String(32),
                      sa.ForeignKey("president_tournaments.id", ondelete="CASCADE"), primary_key=True),
            sa.Column("entry", sa.Integer(), primary_key=True),
            sa.Column("player", sa.String(80), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("bot", sa.String(40), nullable=True),
            sa.Column("token_hash", sa.String(64), nullable=True),
            sa.Column("joined_at", sa.Float(), nullable=False),
        )

    def boards() -> None:
        op.create_table(
            "president_tournament_boards",
            sa.Column("tournament_id", sa.String(32),
                      sa.ForeignKey("president_tournaments.id", ondelete="CASCADE"), primary_key=True),
            sa.Column("round", sa.Integer(), primary_key=True),
            sa.Column("board", sa.Integer(), primary_key=True),
            sa.Column("table_id", sa.String(32), nullable=False),
            sa.Column("entries", sa.JSON(), nullable=False),
            sa.Column("match_id", sa.Integer(), nullable=True),
            sa.Column("scores", sa.JSON(), nullable=True),
        )
        op.create_index("ix_president_tournament_boards_table_id", "president_tournament_boards", ["table_id"])

    return [
        ("president_tables", tables), ("president_seats", seats), ("president_moves", moves),
        ("president_matches", matches), ("president_results", results), ("president_analyses", analyses),
        ("president_chat", chat), ("president_tournaments", tournaments),
        ("president_tournament_entries", entries), ("president_tournament_boards", boards),
    ]


def upgrade() -> None:
    """Create every table of the baseline that the database does not hold yet."""
    present = set(sa.inspect(op.get_bind()).get_table_names())
    for name, create in _tables():
        if name not in present:
            create()


def downgrade() -> None:
    """Drop every table of the baseline (and with them all the data)."""
    for name, _create in reversed(_tables()):
        op.drop_table(name)
