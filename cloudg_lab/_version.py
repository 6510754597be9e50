"""The one version source; `labextension/package.json` must agree (a test checks it)."""

__version__ = "0.1.0"
