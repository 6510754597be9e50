"""Display objects: every result, listing and table the notebook shows, as plain Python objects.

They implement `_repr_mimebundle_` (the custom MIME payload for our JupyterLab renderer, `text/html`
for every other front end, `text/plain`) and keep their data reachable (`.wire`, `.to_frame()`),
so widgets can wrap them later. Nothing here imports IPython at module import.
"""

from cloudg_lab.notebook.display.bundle import Origin
from cloudg_lab.notebook.display.prompts import PromptView
from cloudg_lab.notebook.display.results import CallResult, PageStream, ReadResult
from cloudg_lab.notebook.display.tables import Listing, Panel, Table, Text

__all__ = ["CallResult", "Listing", "Origin", "PageStream", "Panel", "PromptView", "ReadResult", "Table",
           "Text"]
