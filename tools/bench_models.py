#!/usr/bin/env python3
"""Single-thread latency of any models, Ocellus against LiteRT 2.3.0 (XNNPACK), side by side.

For each round and each model: LiteRT's Python interpreter, then `ocellus bench --json`, each
timed as tools/bench_zoo.py times them (its `litert_median` and `ocellus_median`: seeded random
inputs, 5 warm-up invokes, the median of RUNS timed invocations). Rounds alternate the two
runtimes, so a slow spell of the shared machine hits both.

    swift build -c release
    /work/venv/bin/python tools/bench_models.py MODEL… [--runs 30] [--rounds 2]   (numpy, ai-edge-litert)
"""
import argparse
import os

from bench_zoo import litert_median, ocellus_median


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("models", nargs="+")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"{'model':48} {'round':>5} {'Ocellus ms':>11} {'LiteRT ms':>10} {'ratio':>6}")
    for round_index in range(args.rounds):
        for path in args.models:
            lite = litert_median(path, args.runs, 1)
            ours, error = ocellus_median(path, args.runs, 1)
            if ours is None:
                print(f"{os.path.basename(path):48} {round_index + 1:>5} failed: {error}")
                continue
            print(f"{os.path.basename(path):48} {round_index + 1:>5} {ours:11.2f} {lite:10.2f} "
                  f"{ours / lite:6.2f}")


if __name__ == "__main__":
    main()
