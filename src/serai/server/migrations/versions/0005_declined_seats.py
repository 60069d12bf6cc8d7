"""A seat whose player declined the rated game it was kept for.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("serai_seats") as seat:
        seat.add_column(sa.Column("declined", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("serai_seats") as seat:
        seat.drop_column("declined")
