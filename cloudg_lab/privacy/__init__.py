"""Privacy: detectors, transforms, keyed pseudonyms, the vault and the transform report.

The layer runs the policy's input pipeline over arguments before validation and its output
pipeline over everything a result carries; this package supplies those pipelines' parts.
"""
