"""`register_into`: the layer joins a server a host already built; host entries come first."""

from __future__ import annotations

import pytest
import testlayer
from mcp import Client, MCPError, types
from mcp.server import Server
from mcp.server.mcpserver import MCPServer


def _host() -> MCPServer:
    host = MCPServer("host-app")

    def add(a: int, b: int) -> int:
        """The host's own add: multiplies, so a test can tell who answered."""
        return a * b

    def ping() -> str:
        """A host-only tool."""
        return "pong"

    host.add_tool(add)
    host.add_tool(ping)

    @host.resource("host://readme")
    def readme() -> str:
        return "host readme"

    @host.prompt()
    def host_prompt() -> str:
        """A host-only prompt."""
        return "from the host"

    return host


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_an_mcpserver_keeps_its_entries_and_the_layer_serves_the_rest(mode):
    layer = testlayer.build_layer()
    host = _host()
    assert layer.register_into(host) is host
    async with Client(host, mode=mode) as client:
        tools = [t.name for t in (await client.list_tools()).tools]
        host_add = await client.call_tool("add", {"a": 3, "b": 4})
        pong = await client.call_tool("ping", {})
        mine = await client.call_tool("whoami", {})
        denied = await client.call_tool("forbidden", {})
        with pytest.raises(MCPError) as unknown:
            await client.call_tool("no_such_tool", {})
        resources = [r.uri for r in (await client.list_resources()).resources]
        host_readme = await client.read_resource("host://readme")
        memo = await client.read_resource("memo://x")
        prompts = [p.name for p in (await client.list_prompts()).prompts]
        greeting = await client.get_prompt("greet", {"who": "Ada"})
        hosted = await client.get_prompt("host_prompt", {})
        completion = await client.complete(types.PromptReference(type="ref/prompt", name="greet"),
                                           {"name": "who", "value": "b"})
    assert tools[:2] == ["add", "ping"] and tools.count("add") == 1
    assert {"whoami", "forbidden", "slow"} <= set(tools)
    assert host_add.structured_content == {"result": 12}
    assert pong.content[0].text == "pong"
    assert mine.structured_content["transport"] == "memory"
    assert denied.is_error and denied.meta["cloudg/error_code"] == -31001
    assert unknown.value.code == -32602
    assert resources == ["host://readme", "test://info", "broken://disk"]
    assert host_readme.contents[0].text == "host readme"
    assert memo.contents[0].text == "memo for x"
    assert prompts == ["host_prompt", "greet", "restricted"]
    assert greeting.messages[0].content.text == "Say hello to Ada."
    assert hosted.messages[0].content.text == "from the host"
    assert completion.completion.values == ["bob"]


async def test_a_low_level_server_gains_the_methods_it_lacked():
    async def list_tools(ctx, params):
        return types.ListToolsResult(tools=[types.Tool(name="native", input_schema={"type": "object"})])

    async def call_tool(ctx, params):
        return types.CallToolResult(content=[types.TextContent(type="text", text="native answer")])

    server = Server("native-host", on_list_tools=list_tools, on_call_tool=call_tool)
    testlayer.build_layer().register_into(server)
    async with Client(server) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        native = await client.call_tool("native", {})
        added = await client.call_tool("add", {"a": 1, "b": 2})
        info = await client.read_resource("test://info")
        caps = client.server_capabilities
    assert names[0] == "native" and "add" in names
    assert native.content[0].text == "native answer"
    assert added.structured_content == {"sum": 3}
    assert info.contents[0].text == "wire test layer"
    assert caps is not None and caps.completions is not None and caps.prompts is not None


def test_register_into_refuses_other_objects():
    with pytest.raises(TypeError, match="needs an mcp Server or MCPServer, not dict"):
        testlayer.build_layer().register_into({})
