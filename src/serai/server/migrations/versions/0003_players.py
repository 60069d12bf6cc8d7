"""Players: accounts, their sessions, ratings and their history, chat; seats bound to
accounts, absent players, rated tables, spectators' chat and rematches.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "serai_accounts",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("bot", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "serai_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("serai_accounts.id"), nullable=False),
        sa.Column("csrf_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_serai_sessions_account", "serai_sessions", ["account_id"])
    op.create_table(
        "serai_ratings",
        sa.Column(
            "account_id", sa.String(24), sa.ForeignKey("serai_accounts.id"), primary_key=True
        ),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "serai_rating_history",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("serai_tables.id"), primary_key=True),
        sa.Column(
            "account_id", sa.String(24), sa.ForeignKey("serai_accounts.id"), primary_key=True
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_serai_rating_history_account", "serai_rating_history", ["account_id", "game", "at"]
    )
    op.create_table(
        "serai_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(24), sa.ForeignKey("serai_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_serai_chat_table", "serai_chat", ["table_id", "id"])
    with op.batch_alter_table("serai_tables") as table:
        table.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default="0"))
        table.add_column(
            sa.Column("spectator_chat", sa.String(8), nullable=False, server_default="shared")
        )
        table.add_column(sa.Column("rematch", sa.String(24), nullable=True))
    with op.batch_alter_table("serai_seats") as seat:
        seat.add_column(
            sa.Column(
                "account_id",
                sa.String(24),
                sa.ForeignKey("serai_accounts.id", name="fk_serai_seats_account"),
                nullable=True,
            )
        )
        seat.add_column(sa.Column("absent", sa.Boolean, nullable=False, server_default="0"))
        seat.add_column(sa.Column("mute_chat", sa.Boolean, nullable=False, server_default="0"))
    op.create_index("ix_serai_seats_account", "serai_seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_serai_seats_account", "serai_seats")
    with op.batch_alter_table("serai_seats") as seat:
        seat.drop_constraint("fk_serai_seats_account", type_="foreignkey")
        seat.drop_column("mute_chat")
        seat.drop_column("absent")
        seat.drop_column("account_id")
    with op.batch_alter_table("serai_tables") as table:
        table.drop_column("rematch")
        table.drop_column("spectator_chat")
        table.drop_column("rated")
    op.drop_index("ix_serai_chat_table", "serai_chat")
    op.drop_table("serai_chat")
    op.drop_index("ix_serai_rating_history_account", "serai_rating_history")
    op.drop_table("serai_rating_history")
    op.drop_table("serai_ratings")
    op.drop_index("ix_serai_sessions_account", "serai_sessions")
    op.drop_table("serai_sessions")
    op.drop_table("serai_accounts")
