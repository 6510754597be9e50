"""`cloudg-lab`: the layer from a shell, for scripts and for serving MCP clients.

Every command builds the same `Layer` the notebook uses (`--policy`, `--dataset`, `--timeout`;
the bundled sample estate when no dataset is given) and calls it as one principal (`--as
alice:analyst`, as `%mcp` spells it; `--principal-id` and `--role` are aliases; the local user
by default). Exit codes: 0 on success, 1 when a call fails (an `isError`
result, an unknown tool, resource or prompt), 2 on usage errors (bad flags, bad JSON, an invalid
policy, a dataset that does not load), 141 when the reader of stdout went away (`| head -1`),
as for a process SIGPIPE ended, but without a word on stderr. Errors are one line on stderr,
never a traceback. Under `serve --transport stdio` nothing but protocol bytes reaches stdout.

`--json` works on every command and is the one switch for machine-readable output: listings and
calls print their wire JSON, `serve` and `lab` describe what they start as a JSON line, and an
error becomes `{"error": ..., "exit": N}` on stderr. Tables and help fit the terminal's width.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

from cloudg_lab._version import __version__
from cloudg_lab.cli_table import listing
from cloudg_lab.errors import MCPLayerError, PolicyError
from cloudg_lab.options import add_principal, json_object, principal_of
from cloudg_lab.types import BlobResourceContents, Principal, TextContent, TextResourceContents

if TYPE_CHECKING:
    from cloudg_lab.layer import Layer

REPO_ROOT = Path(__file__).resolve().parent.parent
QUICKSTART = REPO_ROOT / "notebooks" / "quickstart.ipynb"
PACKAGED_NOTEBOOKS = Path(__file__).resolve().parent / "_notebooks"
"""Where a wheel carries the notebooks (a checkout uses `notebooks/` beside the package)."""
CLOSED_PIPE = 141
T = TypeVar("T")


class UsageError(Exception):
    """A mistake in how the command was called: exit status 2."""


class CallFailed(Exception):
    """The call reached the layer and failed: exit status 1."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error on one line and exits 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--policy", default=argparse.SUPPRESS,
                        help="profile name or YAML/JSON policy file (default: $CLOUDG_LAB_POLICY, standard)")
    common.add_argument("--dataset", action="append", default=argparse.SUPPRESS, metavar="[NAME=]PATH",
                        help="inventory to load (repeatable; default: the bundled sample estate)")
    add_principal(common, default=argparse.SUPPRESS, aliases=True)
    common.add_argument("--timeout", type=float, default=argparse.SUPPRESS, metavar="SECONDS",
                        help="default tool timeout (0: none; default 300)")
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                        help="machine-readable output: the wire JSON; errors as JSON on stderr")
    parser = _Parser(prog="cloudg-lab", parents=[common],
                     description="A privacy-guarded MCP layer over cloud inventories.")
    parser.add_argument("--version", action="version", version=f"cloudg-lab {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_Parser)
    for name, what in (("tools", "tools"), ("resources", "resources"),
                       ("templates", "resource templates"), ("prompts", "prompts")):
        commands.add_parser(name, parents=[common],
                            help=f"list the {what} the principal sees")
    call = commands.add_parser("call", parents=[common], help="call a tool")
    call.add_argument("tool")
    call.add_argument("--args", default="{}", metavar="JSON", help="arguments: JSON object, @FILE or -")
    # the old name of --json for call; kept so scripts keep working, not shown in help
    call.add_argument("--raw", action="store_true", dest="raw", help=argparse.SUPPRESS)
    read = commands.add_parser("read", parents=[common],
                               help="read a resource or template URI")
    read.add_argument("uri")
    prompt = commands.add_parser("prompt", parents=[common],
                                 help="render a prompt")
    prompt.add_argument("name")
    prompt.add_argument("--args", default="{}", metavar="JSON", help="arguments: JSON object, @FILE or -")
    serve = commands.add_parser("serve", parents=[common],
                                help="serve MCP over stdio or streamable HTTP")
    serve.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--token-env", default="CLOUDG_LAB_TOKENS", metavar="VAR",
                       help="environment variable with TOKEN[:ROLES[:ID]] specs (HTTP only)")
    serve.add_argument("--allowed-host", action="append", default=[], metavar="HOST:PORT",
                       help="extra Host header to accept (e.g. 'inventory.example:*')")
    serve.add_argument("--allowed-origin", action="append", default=[], metavar="ORIGIN",
                       help="extra Origin to accept (e.g. 'https://app.example')")
    serve.add_argument("--audit-log", metavar="PATH", help="append a JSONL audit trail (mode 0600)")
    serve.add_argument("--mount", action="append", default=[], metavar="NAME=CMD_OR_URL",
                       help="serve an MCP server's primitives as NAME_* (a command, or an http(s) "
                            "URL) under the policy; repeatable")
    serve.add_argument("--oauth-issuer", metavar="URL",
                       help="accept JWT access tokens from this OAuth issuer (HTTP only)")
    serve.add_argument("--oauth-audience", metavar="AUD", help="the audience those tokens must name")
    serve.add_argument("--oauth-jwks", metavar="URL", help="the issuer's JWKS (default: its metadata's)")
    serve.add_argument("--oauth-scope", action="append", default=[], metavar="SCOPE",
                       help="a scope every token must carry (repeatable)")
    serve.add_argument("--rate-limit-store", metavar="redis://...",
                       help="share rate-limit buckets with every instance using this Redis")
    serve.add_argument("--audit-sink", metavar="redis://...",
                       help="append every decision to this Redis's stream `cloudg:audit`")
    lab = commands.add_parser("lab",
                              help="open JupyterLab on notebooks/quickstart.ipynb; other arguments "
                              "go to jupyter lab")
    lab.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                     help="print what is started as a JSON line first")
    return parser


def wants_json(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "json", False) or getattr(args, "raw", False))


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    try:
        try:
            return _dispatch(argv)
        finally:
            sys.stdout.flush()  # inside the guard: a closed pipe shows here, not at exit
    except BrokenPipeError:
        _discard_stdout()
        return CLOSED_PIPE


def _discard_stdout() -> None:
    """Point stdout at the null device, so the interpreter's last flush has nowhere to fail."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)


def _dispatch(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "lab":
        args.extra = extra
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return COMMANDS[args.command](args)
    except UsageError as exc:
        return _fail(args, str(exc), 2)
    except CallFailed as exc:
        return _fail(args, str(exc), 1)
    except KeyboardInterrupt:
        return 130


def _fail(args: argparse.Namespace, message: str, status: int) -> int:
    """One line on stderr (JSON under `--json`); returns the exit status."""
    line = json.dumps({"error": message, "exit": status}) if wants_json(args) else f"Error: {message}"
    print(line, file=sys.stderr)
    return status


# --------------------------------------------------------------------------- shared setup


def make_layer(args: argparse.Namespace) -> Layer:
    """The layer the flags describe.

    Raises:
        UsageError: for an invalid policy, a bad `--dataset` or a dataset that does not load.
    """
    from cloudg_lab.layer import Layer

    timeout = getattr(args, "timeout", None)
    try:
        layer = Layer(policy=getattr(args, "policy", None), datasets=_datasets(args),
                      default_timeout=300.0 if timeout is None else (timeout or None))
    except (PolicyError, MCPLayerError, OSError, ValueError) as exc:
        raise UsageError(_one_line(exc)) from None
    if layer.policy.transforms_anything and layer.vault.key_source == "random":
        env = layer.policy.model.vault.key_env
        print(f"Note: the pseudonym key is random for this process; set ${env} so pseudonyms "
              "carry over to other processes", file=sys.stderr)
    return layer


def _datasets(args: argparse.Namespace) -> dict[str, str] | list[str]:
    specs: list[str] = getattr(args, "dataset", None) or []
    if not specs:
        from cloudg_lab import data

        sample = getattr(data, "SAMPLE_PATH", None)
        return {"sample": str(sample)} if sample is not None and Path(sample).exists() else []
    named: dict[str, str] = {}
    plain: list[str] = []
    for spec in specs:
        name, sep, path = spec.partition("=")
        if sep and name and "/" not in name:
            named[name] = path
        else:
            plain.append(spec)
    if named and plain:
        raise UsageError("give every --dataset a NAME= or none of them")
    return named or plain


def principal(args: argparse.Namespace) -> Principal:
    """`--as` (or its aliases `--principal-id` / `--role`); none given means the local user.

    Raises:
        UsageError: for a malformed principal.
    """
    try:
        return principal_of(args) or Principal.local()
    except ValueError as exc:
        raise UsageError(_one_line(exc)) from None


def json_arguments(text: str) -> dict[str, object]:
    """`--args` as a JSON object, read from the text, `@FILE` or `-` (stdin).

    Raises:
        UsageError: when the source cannot be read or is not a JSON object.
    """
    try:
        if text == "-":
            text = sys.stdin.read()
        elif text.startswith("@"):
            text = Path(text[1:]).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read --args from {text}: {exc.strerror}") from None
    try:
        return json_object(text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _dump(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def _run(coro: Coroutine[object, None, T]) -> T:
    """Await a layer call; its layer errors are failed calls (exit 1)."""
    try:
        return asyncio.run(coro)
    except MCPLayerError as exc:
        raise CallFailed(_one_line(exc)) from None


# --------------------------------------------------------------------------- commands


_LISTINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "tools": ("list_tools", ("name", "_meta.cloudg/category", "_meta.cloudg/sensitivity", "description")),
    "resources": ("list_resources", ("uri", "name", "description")),
    "templates": ("list_resource_templates", ("uriTemplate", "name", "description")),
    "prompts": ("list_prompts", ("name", "arguments", "description")),
}


def cmd_list(args: argparse.Namespace) -> int:
    method, columns = _LISTINGS[args.command]
    layer = make_layer(args)
    items = _run(getattr(layer, method)(principal(args)))
    print(_dump(items) if wants_json(args) else listing(items, columns))
    return 0


def _request(args: argparse.Namespace,
             request: Callable[[Layer, dict[str, object], Principal], Coroutine[object, None, T]]) -> T:
    """A tool call or a prompt with the line's `--args`, run on the layer its flags describe."""
    arguments = json_arguments(args.args)
    return _run(request(make_layer(args), arguments, principal(args)))


def cmd_call(args: argparse.Namespace) -> int:
    result = _request(args, lambda layer, arguments, who: layer.call_tool(args.tool, arguments,
                                                                          principal=who))
    if wants_json(args):
        print(_dump(result.to_wire()))
    elif result.is_error:
        print(f"Error: {result.text}", file=sys.stderr)
    else:
        print(_dump(result.structured) if result.structured is not None else result.text)
    return 1 if result.is_error else 0


def cmd_read(args: argparse.Namespace) -> int:
    layer = make_layer(args)
    items = _run(layer.read_resource(args.uri, principal=principal(args)))
    if wants_json(args):
        print(_dump({"contents": [item.to_wire() for item in items]}))
        return 0
    for item in items:
        if isinstance(item, TextResourceContents):
            print(item.text)
        elif isinstance(item, BlobResourceContents):
            print(f"<{item.mime_type or None} blob, {len(item.blob)} base64 chars>")
    return 0


def cmd_prompt(args: argparse.Namespace) -> int:
    result = _request(args, lambda layer, arguments, who: layer.get_prompt(args.name, arguments,
                                                                           principal=who))
    if wants_json(args):
        print(_dump(result.to_wire()))
        return 0
    for message in result.messages:
        content = message.content
        body = content.text if isinstance(content, TextContent) else _dump(content.to_wire())
        print(f"[{message.role}]\n{body}\n")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    layer = make_layer(args)
    _add_serving_middleware(layer, args)
    from cloudg_lab.adapters.fleet import join_fleet

    try:
        fleet = join_fleet(layer, rate_limit_store=args.rate_limit_store, audit_sink=args.audit_sink)
    except (ValueError, ConnectionError) as exc:
        raise UsageError(_one_line(exc)) from None
    try:
        return _serve(layer, args)
    finally:
        fleet.close()


def _serve(layer: Layer, args: argparse.Namespace) -> int:
    if args.transport == "stdio" and (args.oauth_issuer or args.oauth_audience):
        raise UsageError("--oauth-issuer and --oauth-audience apply to --transport http")
    if args.transport == "stdio":
        from cloudg_lab.adapters.stdio import run_stdio

        _run_mounted(layer, args, lambda: run_stdio(layer))
        return 0
    from cloudg_lab.adapters.http import HttpEndpoint
    from cloudg_lab.adapters.oauth import OAuthSettings
    from cloudg_lab.adapters.tokens import TokenTable

    try:
        tokens = TokenTable.from_env(args.token_env)
        oauth = OAuthSettings(issuer=args.oauth_issuer, audience=args.oauth_audience or "",
                              jwks_url=args.oauth_jwks, required_scopes=tuple(args.oauth_scope)) \
            if args.oauth_issuer else None
        endpoint = HttpEndpoint(layer, host=args.host, port=args.port, tokens=tokens,
                                allowed_hosts=args.allowed_host, allowed_origins=args.allowed_origin,
                                oauth=oauth)
    except ValueError as exc:
        raise UsageError(_one_line(exc)) from None

    def ready(ep: HttpEndpoint) -> None:
        if wants_json(args):
            print(json.dumps({"serving": ep.url, "version": __version__, "policy": layer.policy.name,
                              "tokens": len(tokens)}), file=sys.stderr, flush=True)
            return
        auth = (f"{len(tokens)} bearer token(s) from ${args.token_env}" if tokens
                else "no tokens (anonymous callers)" if oauth is None else "no static tokens")
        if oauth is not None:
            auth += f", OAuth tokens of {oauth.issuer}"
        print(f"cloudg-lab {__version__}: serving {ep.url} (policy {layer.policy.name}, {auth}); "
              "Ctrl-C stops", file=sys.stderr, flush=True)

    try:
        _run_mounted(layer, args, lambda: endpoint.run_forever(on_ready=ready))
    except OSError as exc:
        raise UsageError(_one_line(exc)) from None
    return 0


def _run_mounted(layer: Layer, args: argparse.Namespace, serve: Callable[[], Awaitable[None]]) -> None:
    """Serve with the `--mount` upstreams in front of the layer's own primitives."""
    from cloudg_lab.adapters.gateway import MountFailed, serve_with_mounts

    try:
        asyncio.run(serve_with_mounts(layer, args.mount, serve))
    except MountFailed as exc:
        raise UsageError(str(exc)) from None


def _add_serving_middleware(layer: Layer, args: argparse.Namespace) -> None:
    from cloudg_lab.middleware import AuditLogMiddleware, MetricsMiddleware, register_metrics_resource

    if args.audit_log:
        try:
            layer.use(AuditLogMiddleware(args.audit_log))
        except OSError as exc:
            raise UsageError(f"cannot open the audit log {args.audit_log}: {exc.strerror}") from None
    metrics = MetricsMiddleware()
    layer.use(metrics)
    register_metrics_resource(layer, metrics)


def cmd_lab(args: argparse.Namespace) -> int:
    """JupyterLab on the quickstart. On POSIX this process becomes the server (exec), so a signal
    sent to its PID stops the server instead of orphaning it.

    As root (containers, CI machines) JupyterLab refuses to start unless told it may, so
    `--allow-root` is added there: `make lab` must work on a fresh machine.
    """
    extra = list(args.extra)
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        extra.append("--allow-root")
    command = [sys.executable, "-m", "jupyter", "lab", str(quickstart(Path.cwd())), *extra]
    if wants_json(args):
        print(json.dumps({"starting": "jupyter lab", "notebook": command[4], "command": command}),
              flush=True)
    if sys.platform != "win32":
        os.execv(sys.executable, command)
    return subprocess.call(command)


def quickstart(workdir: Path) -> Path:
    """The quickstart to open: the checkout's, else a copy of the wheel's notebooks in `workdir`.

    An installed package's directory may be read-only, and a notebook needs a writable home for
    its checkpoints, so an installed copy is copied out once and reused after that.

    Raises:
        UsageError: when neither a checkout nor the package carries the notebooks.
    """
    if QUICKSTART.exists():
        return QUICKSTART
    if not (PACKAGED_NOTEBOOKS / QUICKSTART.name).exists():
        raise UsageError("the notebooks are not installed; run `cloudg-lab lab` from a checkout")
    target = workdir / "cloudg-lab-notebooks"
    if not target.exists():
        shutil.copytree(PACKAGED_NOTEBOOKS, target)
    return target / QUICKSTART.name


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "tools": cmd_list, "resources": cmd_list, "templates": cmd_list, "prompts": cmd_list,
    "call": cmd_call, "read": cmd_read, "prompt": cmd_prompt, "serve": cmd_serve, "lab": cmd_lab,
}
