"""Clocks (a table's settings, its clocks' state and the next deadline), vacations of
turn-based players, hints allowed at a table, and each finished game's analysis.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("serai_tables") as table:
        table.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default="0"))
        table.add_column(sa.Column("clock", sa.Text, nullable=True))
        table.add_column(sa.Column("clock_state", sa.Text, nullable=True))
        table.add_column(sa.Column("deadline", sa.Float, nullable=True))
    op.create_index("ix_serai_tables_deadline", "serai_tables", ["deadline"])
    with op.batch_alter_table("serai_accounts") as account:
        account.add_column(sa.Column("vacation_until", sa.Float, nullable=True))
        account.add_column(sa.Column("vacation_year", sa.Integer, nullable=True))
        account.add_column(sa.Column("vacation_days", sa.Float, nullable=False, server_default="0"))
    op.create_table(
        "serai_analysis",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("serai_tables.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("points", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("serai_analysis")
    with op.batch_alter_table("serai_accounts") as account:
        account.drop_column("vacation_days")
        account.drop_column("vacation_year")
        account.drop_column("vacation_until")
    op.drop_index("ix_serai_tables_deadline", "serai_tables")
    with op.batch_alter_table("serai_tables") as table:
        table.drop_column("deadline")
        table.drop_column("clock_state")
        table.drop_column("clock")
        table.drop_column("hints")
