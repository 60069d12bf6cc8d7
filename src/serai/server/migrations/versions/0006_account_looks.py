"""Each account's look (:func:`serai.server.players.look`): the form in which two names
look alike, so that a new name cannot pass for an existing one. Existing accounts get
theirs here; some may already look alike, so the column is not unique.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

from serai.server.players import look

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("serai_accounts", sa.Column("look", sa.String(500), nullable=True))
    op.create_index("ix_serai_accounts_look", "serai_accounts", ["look"])
    db = op.get_bind()
    named = db.execute(sa.text("SELECT id, name FROM serai_accounts")).all()
    if named:
        db.execute(
            sa.text("UPDATE serai_accounts SET look = :look WHERE id = :id"),
            [{"id": account_id, "look": look(name)} for account_id, name in named],
        )


def downgrade() -> None:
    op.drop_index("ix_serai_accounts_look", "serai_accounts")
    op.drop_column("serai_accounts", "look")
