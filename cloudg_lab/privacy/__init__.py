"""Privacy: detectors, transforms, keyed pseudonyms, the vault and the transform report.

The layer runs the policy's input pipeline over arguments before validation and its output
pipeline over everything a result carries; this package supplies those pipelines' parts.
Inward from the pipelines: `transforms/` (one module per transform) decide with `scanner`
(one string), `detectors/` (patterns and key rules) and `actions` (the policy's rules), hand
pseudonyms to `vault` (whose shapes live in `shapes/`, whose file is `vault_file`), and every
transform that walks a value is a `stages.Stage` walked by `walk` (the output ones fused by
`fusion`; its memos in `memo`, its frames and marks' pointers in `frames`).
"""
