#!/usr/bin/env python3
"""Single-thread latency of any models, Ocellus against LiteRT 2.3.0 (XNNPACK), side by side.

For each round and each model: LiteRT's Python interpreter (num_threads=1, seeded random
inputs of the input dtype, 5 warm-up invokes, median of RUNS timed `invoke()` calls), then
`.build/release/ocellus bench MODEL --runs RUNS --json` (the same measure, synthetic inputs).
Rounds alternate the two runtimes, so a slow spell of the shared machine hits both.

    swift build -c release
    /work/venv/bin/python tools/bench_models.py MODEL… [--runs 30] [--rounds 2]   (numpy, ai-edge-litert)
"""
import argparse
import json
import os
import subprocess
import time

import numpy as np
from ai_edge_litert.interpreter import Interpreter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def litert_median(path, runs):
    interpreter = Interpreter(model_path=path, num_threads=1)
    interpreter.allocate_tensors()
    rng = np.random.default_rng(0)
    for detail in interpreter.get_input_details():
        dtype = detail["dtype"]
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            value = rng.integers(info.min, info.max, detail["shape"], dtype=dtype)
        else:
            value = rng.standard_normal(detail["shape"]).astype(dtype)
        interpreter.set_tensor(detail["index"], value)
    for _ in range(5):
        interpreter.invoke()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        interpreter.invoke()
        times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times))


def ocellus_median(path, runs):
    output = subprocess.run(
        [os.path.join(ROOT, ".build/release/ocellus"), "bench", path, "--runs", str(runs), "--json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output)["median_ms"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("models", nargs="+")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"{'model':48} {'round':>5} {'Ocellus ms':>11} {'LiteRT ms':>10} {'ratio':>6}")
    for round_index in range(args.rounds):
        for path in args.models:
            lite = litert_median(path, args.runs)
            ours = ocellus_median(path, args.runs)
            print(f"{os.path.basename(path):48} {round_index + 1:>5} {ours:11.2f} {lite:10.2f} "
                  f"{ours / lite:6.2f}")


if __name__ == "__main__":
    main()
