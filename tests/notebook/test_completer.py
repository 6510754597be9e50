"""Tab completion candidates: what the principal in force may see, by position on the line."""

from __future__ import annotations

from cloudg_lab import Layer
from cloudg_lab.notebook.completer import candidates, split_line
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.session import Session

POLICY = {"name": "team", "deny_categories": ["admin"], "deny_prompts": ["hidden_prompt"]}


def make_session() -> Session:
    layer = Layer(policy=POLICY, catalog=False)

    @layer.tool(category="demo")
    async def find_things(query: str, limit: int = 5) -> dict[str, int]:
        """Find."""
        return {"n": limit}

    @layer.tool(category="admin")
    def admin_only() -> dict[str, int]:
        """Hidden by the policy."""
        return {}

    @layer.resource("cloudg://things")
    def things() -> dict[str, int]:
        """Things."""
        return {}

    @layer.resource("cloudg://things/{thing}")
    def thing(thing: str) -> dict[str, str]:
        """One thing."""
        return {"thing": thing}

    @layer.prompt()
    def explain(topic: str) -> str:
        """Explain."""
        return topic

    @layer.prompt()
    def hidden_prompt() -> str:
        """Hidden."""
        return ""

    return Session(SessionConfig(policy="team", autoload_sample=False), layer=layer)


def test_split_line_finds_the_word_being_typed():
    assert split_line("%mcp ca") == ([], "ca")
    assert split_line("r = %mcp call fi") == (["call"], "fi")
    assert split_line("%%mcp call ") == (["call"], "")
    assert split_line("print(1)") is None


def test_candidates_follow_the_position_and_the_policy():
    session = make_session()
    assert "call" in candidates(session, [], "ca") and "serve" in candidates(session, [], "")
    assert candidates(session, ["call"], "") == ["find_things"]
    assert candidates(session, ["call", "find_things"], "") == ["query=", "limit="]
    assert candidates(session, ["read"], "") == ["cloudg://things", "cloudg://things/{thing}"]
    assert candidates(session, ["prompt"], "") == ["explain"]
    assert candidates(session, ["prompt", "explain"], "") == ["topic="]
    assert candidates(session, ["complete"], "") == ["prompt", "template"]
    assert candidates(session, ["complete", "template"], "") == ["cloudg://things/{thing}"]
    assert "strict" in candidates(session, ["call", "find_things", "--policy"], "")
    assert "--timeout" in candidates(session, ["call", "find_things"], "--t")
