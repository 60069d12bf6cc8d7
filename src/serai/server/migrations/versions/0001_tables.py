"""Tables, their seats and their actions: a game stored as its record.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "serai_tables",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules_version", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("hotseat_hash", sa.String(64), nullable=True),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_serai_tables_status", "serai_tables", ["status", "created_at"])
    op.create_table(
        "serai_seats",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("serai_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "serai_actions",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("serai_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("serai_actions")
    op.drop_table("serai_seats")
    op.drop_index("ix_serai_tables_status", "serai_tables")
    op.drop_table("serai_tables")
