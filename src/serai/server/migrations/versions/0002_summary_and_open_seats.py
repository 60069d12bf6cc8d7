"""Summary columns (so the lobby and the bot driver never replay a game), open seats and
each seat's choice to stop at windows.

Existing tables get their number of actions here; the seat to act and whether a bot is to
act are left unknown (NULL) and filled in when the server first loads the table. Seats of
existing tables were all invited, so none is open.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("serai_tables") as table:
        table.add_column(sa.Column("actions", sa.Integer, nullable=False, server_default="0"))
        table.add_column(sa.Column("to_move", sa.Integer, nullable=True))
        table.add_column(sa.Column("bot_to_move", sa.Boolean, nullable=True))
        table.add_column(sa.Column("open_seats", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_serai_tables_lobby", "serai_tables", ["listed", "status", "updated_at"])
    with op.batch_alter_table("serai_seats") as seat:
        seat.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default="0"))
        seat.add_column(
            sa.Column("stop_at_windows", sa.Boolean, nullable=False, server_default="0")
        )
    op.execute(
        "UPDATE serai_tables SET actions = (SELECT COUNT(*) FROM serai_actions "
        "WHERE serai_actions.table_id = serai_tables.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("serai_seats") as seat:
        seat.drop_column("stop_at_windows")
        seat.drop_column("open")
    op.drop_index("ix_serai_tables_lobby", "serai_tables")
    with op.batch_alter_table("serai_tables") as table:
        table.drop_column("open_seats")
        table.drop_column("bot_to_move")
        table.drop_column("to_move")
        table.drop_column("actions")
