"""The session and the async API, without IPython: defaults, overrides, policies, history."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from cloudg_lab import Layer, NotFoundError, PolicyError
from cloudg_lab.notebook.config import SessionConfig
from cloudg_lab.notebook.session import Session

BLOCKED = ("IPython", "ipywidgets", "ipykernel", "traitlets")


def make_session(**config: object) -> Session:
    layer = Layer(policy="open", catalog=False)

    @layer.tool(category="demo")
    async def add(a: int, b: int) -> dict[str, int]:
        """Add."""
        return {"sum": a + b}

    @layer.tool(category="admin")
    def secret_count() -> dict[str, int]:
        """Only for admins."""
        return {"count": 7}

    options = {"policy": "open", "autoload_sample": False, **config}
    return Session(SessionConfig(**options), layer=layer)  # type: ignore[arg-type]


ADMINS_ONLY = """
extends: open
deny_categories: [admin]
roles:
  admin:
    name: admins-see-admin-tools
    allow_categories: [admin, demo]
"""


async def test_calls_use_the_defaults_and_one_call_overrides():
    session = make_session(principal="bob:analyst")
    first = await session.call("add", {"a": 1, "b": 2})
    assert first.structured == {"sum": 3}
    assert (first.origin.policy, first.origin.principal.id) == ("open", "bob")
    other = await session.call("add", {"a": 1, "b": 1}, policy="strict", principal="eve:lead")
    assert (other.origin.policy, other.origin.principal.label()) == ("strict", "eve:lead")
    assert [h["principal"] for h in session.history] == ["bob:analyst", "eve:lead"]
    assert session.last is other


async def test_a_user_policy_is_usable_at_once_and_hides_by_role():
    session = make_session()
    policy = session.define_policy("team", ADMINS_ONLY)
    assert policy.name == "team"
    analyst = await session.listing("tools", policy="team", principal="bob:analyst")
    admin = await session.listing("tools", policy="team", principal="root:admin")
    assert analyst.names == ["add"] and admin.names == ["add", "secret_count"]
    with pytest.raises(NotFoundError, match="Unknown tool: secret_count"):
        await session.call("secret_count", policy="team", principal="bob:analyst")


def test_a_bad_policy_names_its_line_and_changes_nothing():
    session = make_session()
    with pytest.raises(PolicyError, match=r"hide_denied \(line 3\)"):
        session.define_policy("team", "extends: open\n# note\nhide_denied: maybe\n")
    assert "team" not in session.policies
    with pytest.raises(PolicyError, match="Policy names"):
        session.define_policy("bad name", "extends: open\n")


def test_use_checks_both_values_before_changing_either():
    session = make_session()
    with pytest.raises(ValueError, match="Principal needs an id"):
        session.use(policy="strict", principal=":x")
    assert session.policy_name == "open"
    session.use(policy="strict", principal="carol:lead")
    assert (session.policy_name, session.principal.id) == ("strict", "carol")


async def test_a_per_call_timeout_applies_to_that_call_only():
    session = make_session()

    @session.layer.tool()
    async def slow() -> dict[str, str]:
        """Sleeps."""
        import asyncio

        await asyncio.sleep(5)
        return {"done": "yes"}

    timed_out = await session.call("slow", timeout=0.05)
    assert timed_out.is_error and timed_out.error_code == "timeout"
    assert session.layer.default_timeout == 300.0
    assert session.scope(timeout=0.05).layer is session.layer  # an option of the call, not a layer


def test_configure_applies_new_settings():
    session = make_session()
    session.configure(SessionConfig(policy="strict", principal="zed:ops", timeout=9.0,
                                    autoload_sample=False))
    assert (session.policy_name, session.principal.id) == ("strict", "zed")
    assert session.layer_for("strict").default_timeout == 9.0


def test_config_refuses_nonsense():
    with pytest.raises(ValueError, match="display_limit"):
        SessionConfig(display_limit=0)
    with pytest.raises(ValueError, match="timeout"):
        SessionConfig(timeout=0)


CORE_SCRIPT = textwrap.dedent(f"""
    import asyncio, importlib.abc, sys

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {BLOCKED!r}:
                raise ImportError("blocked: " + name)
            return None

    sys.meta_path.insert(0, Block())
    import cloudg_lab
    from cloudg_lab.notebook import session, tool
    from cloudg_lab.notebook.config import SessionConfig

    session.start(SessionConfig(policy="open"))

    @tool(category="demo")
    async def add(a: int, b: int) -> dict:
        return {{"sum": a + b}}

    async def main():
        r = await cloudg_lab.acall("add", a=1, b=2)
        assert r.structured == {{"sum": 3}}, r.wire
        assert r._repr_mimebundle_()["text/plain"]
        page = await cloudg_lab.acall("find_assets", limit=2)
        assert len(page.structured["items"]) == 2, page.wire
        assert len(await page.pages()) > 1
        read = await cloudg_lab.aread("cloudg://workspace")
        assert read.data["active_dataset"] == "sample"
        shown = await cloudg_lab.aprompt("attack_surface_report")
        assert shown.messages
        assert "sample" in await cloudg_lab.acomplete("template", "cloudg://datasets/{{dataset}}/summary",
                                                      "dataset", "sa")
        print("api ok")

    asyncio.run(main())
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r})
    assert not loaded, loaded
""")


def test_the_session_and_async_api_run_with_ipython_blocked():
    done = subprocess.run([sys.executable, "-c", CORE_SCRIPT], capture_output=True, text=True, check=False,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "api ok" in done.stdout


async def test_closing_a_session_stops_the_server_it_started():
    from cloudg_lab.notebook import serving

    session = make_session()
    served = await serving.serve(session, port=0)
    assert served.running and serving.status_rows(session)
    await session.close()
    assert not served.running and session.servers == {} and serving.status_rows(session) == []
