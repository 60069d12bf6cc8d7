"""Alembic environment: migrations run on the connection :class:`serai.server.store.Store`
hands over (``config.attributes["connection"]``), or on ``sqlalchemy.url`` when run from the
``alembic`` command line."""

from alembic import context
from sqlalchemy import create_engine

from serai.server.schema import metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///serai.db")
    with engine.begin() as own:
        context.configure(connection=own, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
