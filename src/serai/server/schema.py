"""The database schema of the web platform, declared once (SQLAlchemy Core).

Alembic's migrations (``serai/server/migrations``) build exactly these tables; a test
compares the two. Secrets are never stored in clear: seat tokens, session ids and CSRF
tokens as SHA-256 digests, passwords as argon2id hashes.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

tables = Table(
    "serai_tables",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("rules_version", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("hotseat_hash", String(64), nullable=True),
    Column("listed", Boolean, nullable=False),
    Column("revision", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("actions", Integer, nullable=False, server_default="0"),
    Column("to_move", Integer, nullable=True),
    Column("bot_to_move", Boolean, nullable=True),
    Column("open_seats", Integer, nullable=False, server_default="0"),
    Column("rated", Boolean, nullable=False, server_default="0"),
    Column("spectator_chat", String(8), nullable=False, server_default="shared"),
    Column("rematch", String(24), nullable=True),
    Column("hints", Boolean, nullable=False, server_default="0"),
    Column("clock", Text, nullable=True),
    Column("clock_state", Text, nullable=True),
    Column("deadline", Float, nullable=True),
    Index("ix_serai_tables_status", "status", "created_at"),
    Index("ix_serai_tables_deadline", "deadline"),
    Index("ix_serai_tables_lobby", "listed", "status", "updated_at"),
)

seats = Table(
    "serai_seats",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("open", Boolean, nullable=False, server_default="0"),
    Column("stop_at_windows", Boolean, nullable=False, server_default="0"),
    Column("account_id", String(24), ForeignKey("serai_accounts.id"), nullable=True),
    Column("absent", Boolean, nullable=False, server_default="0"),
    Column("mute_chat", Boolean, nullable=False, server_default="0"),
    Column("declined", Boolean, nullable=False, server_default="0"),
    Index("ix_serai_seats_account", "account_id"),
)

actions = Table(
    "serai_actions",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("at", Float, nullable=False),
)

accounts = Table(
    "serai_accounts",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=True),
    Column("bot", Boolean, nullable=False, server_default="0"),
    Column("created_at", Float, nullable=False),
    Column("vacation_until", Float, nullable=True),
    Column("vacation_year", Integer, nullable=True),
    Column("vacation_days", Float, nullable=False, server_default="0"),
    # serai.server.players.look: at most 4 for each of the 48 characters a name holds written out
    Column("look", String(500), nullable=True),
    Index("ix_serai_accounts_look", "look"),
)

sessions = Table(
    "serai_sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", String(24), ForeignKey("serai_accounts.id"), nullable=False),
    Column("csrf_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_serai_sessions_account", "account_id"),
)

ratings = Table(
    "serai_ratings",
    metadata,
    Column("account_id", String(24), ForeignKey("serai_accounts.id"), primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

rating_history = Table(
    "serai_rating_history",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("account_id", String(24), ForeignKey("serai_accounts.id"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_serai_rating_history_account", "account_id", "game", "at"),
)

chat = Table(
    "serai_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(24), ForeignKey("serai_tables.id"), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", String(500), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_serai_chat_table", "table_id", "id"),
)

analysis = Table(
    "serai_analysis",
    metadata,
    Column("table_id", String(24), ForeignKey("serai_tables.id"), primary_key=True),
    Column("status", String(16), nullable=False),
    Column("points", Text, nullable=False),
    Column("updated_at", Float, nullable=False),
)
