"""The pseudonym round trip under `strict`, on every transport and in both eras."""

from __future__ import annotations

from typing import Any

import testlayer


async def test_a_pseudonym_round_trips_under_strict(wire):
    channels: list[str] = []

    async def on_progress(value: float, total: float | None, message: str | None) -> None:
        channels.append(str(message))

    async def on_log(params: Any) -> None:
        channels.append(str(params.data))

    async with wire.connect("strict", logging_callback=on_log, log_level="info") as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        owner = await client.call_tool("account_owner", {}, progress_callback=on_progress)
        pseudonym = owner.structured_content["account_id"]
        back = await client.call_tool("is_real_account", {"account_id": pseudonym})
    assert tools["account_owner"].output_schema is None
    assert not owner.is_error
    assert testlayer.ACCOUNT not in str(owner.model_dump())
    assert pseudonym != testlayer.ACCOUNT and len(pseudonym) == 12 and pseudonym.isdigit()
    assert (back.is_error, back.structured_content) == (False, {"real": True})
    assert len(channels) == 2 and pseudonym in channels[1]
    assert testlayer.ACCOUNT not in " ".join(channels)
