"""What the routes share: the hub, the settings and the caller's address."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from serai.server.config import Settings
from serai.server.tables import Hub


def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def client_address(request: Request) -> str:
    """The caller's address (behind a proxy, as the proxy reports it)."""
    return request.client.host if request.client else "unknown"


HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
AddressDep = Annotated[str, Depends(client_address)]
