"""Build the prebuilt JupyterLab extension offline, against the JupyterLab that is installed.

`jupyter labextension build` asks npm (then GitHub) for the list of packages JupyterLab shares with
extensions; offline, or when that version was never published, the build fails. Handing the builder
the installed Lab's own `staging/package.json` builds against exactly the Lab the user runs, with no
network. This module is both the hatch-jupyter-builder build function (`build`, run in-process by
`pip install`, so it sees the build environment's JupyterLab) and a script for `npm run build`.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE.parent / "cloudg_lab" / "labextension"
SOURCES = ("src", "style", "package.json", "package-lock.json", "tsconfig.json")

log = logging.getLogger("cloudg_lab.labextension")


def core_package_file() -> Path:
    """The installed JupyterLab's `staging/package.json`, the list of shared packages to build against.

    Raises:
        FileNotFoundError: when JupyterLab is installed without its staging directory.
    """
    import jupyterlab

    path = Path(jupyterlab.__file__).resolve().parent / "staging" / "package.json"
    if not path.is_file():
        raise FileNotFoundError(f"JupyterLab {jupyterlab.__version__} has no {path}; reinstall jupyterlab")
    return path


def is_stale(output: Path = OUTPUT, root: Path = HERE) -> bool:
    """Whether any source is newer than the built extension (or nothing is built yet)."""
    from hatch_jupyter_builder.utils import is_stale as stale

    marker = output / "package.json"
    return not marker.exists() or any(stale(marker, root / source) for source in SOURCES)


def build_labextension(development: bool = False) -> None:
    """Compile the TypeScript and bundle it into `cloudg_lab/labextension/`.

    Raises:
        subprocess.CalledProcessError: when `tsc` or webpack fails (their output is on stderr).
    """
    from jupyter_builder.federated_extensions import build_labextension as bundle

    bundle(HERE, logger=log, development=development, core_package_file=str(core_package_file()))


def build(target_name: str, version: str, force: str = "False") -> None:
    """The hatch-jupyter-builder build function: `npm install`, `tsc`, then the offline bundle.

    Skipped when the build output is newer than every source, so repeated editable installs cost
    nothing. Only the wheel target runs it (the sdist ships the sources).

    Raises:
        subprocess.CalledProcessError: when npm, `tsc` or webpack fails.
    """
    from hatch_jupyter_builder.utils import npm_builder

    if force != "True" and not is_stale():
        log.info("cloudg-lab labextension is up to date in %s", OUTPUT)
        return
    npm_builder(target_name, version, path=str(HERE), build_cmd="build:lib", npm=["npm"])
    build_labextension()


def main(argv: list[str] | None = None) -> int:
    """`python build_labext.py [--development]`: bundle after `tsc` (what the npm scripts run)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--development", action="store_true", help="unminified bundle with source maps")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    build_labextension(development=args.development)
    return 0


if __name__ == "__main__":
    sys.exit(main())
