"""`python -m cloudg_lab.sample --assets 100000 --seed 1 --out DIR`: write a synthetic estate."""

from __future__ import annotations

import argparse
import sys

from cloudg_lab.sample import SAMPLE_ASSETS, SAMPLE_SEED, generate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cloudg_lab.sample",
                                     description="Write a deterministic synthetic inventory "
                                                 "(inventory-map.json + findings.json).")
    parser.add_argument("--assets", type=int, default=SAMPLE_ASSETS, help="number of assets")
    parser.add_argument("--seed", type=int, default=SAMPLE_SEED, help="random seed")
    parser.add_argument("--out", required=True, help="directory to write into")
    args = parser.parse_args(argv)
    if args.assets < 1:
        parser.error("--assets must be at least 1")
    try:
        folder = generate(assets=args.assets, seed=args.seed, out=args.out)
    except OSError as exc:
        print(f"error: cannot write the estate: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {args.assets} assets to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
