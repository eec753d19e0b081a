#!/usr/bin/env python3
"""How much a second thread helps: Ocellus (`ocellus bench MODEL --threads 1|2 --json`) and
LiteRT 2.3.0 with XNNPACK (`Interpreter(num_threads=1|2)`), side by side, in alternating pairs.

    python3 tools/bench_threads.py [--pairs 4] [--runs 60] [MODEL ...]

Each pair times one thread, then two, for each runtime in turn (medians of --runs after 5
warm-up runs) and prints both speed-ups, so that a slow spell of the machine shows in both
runtimes' figures of the same pair. Needs ai-edge-litert and numpy (development time only).
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "models")
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")
DEFAULT = ["tfls_mobilenet_v2_1.0_224_quant.tflite",
           "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"]

CHILD = r"""
import sys, time
import numpy as np
from ai_edge_litert.interpreter import Interpreter
path, runs = sys.argv[1], int(sys.argv[2])
medians = []
for threads in (1, 2):
    it = Interpreter(model_path=path, num_threads=threads)
    it.allocate_tensors()
    for d in it.get_input_details():
        it.set_tensor(d["index"], np.zeros(d["shape"], d["dtype"]))
    for _ in range(5):
        it.invoke()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        it.invoke()
        times.append((time.perf_counter() - start) * 1000)
    medians.append(sorted(times)[len(times) // 2])
print(medians[0], medians[1])
"""


def litert(path, runs):
    out = subprocess.run([sys.executable, "-c", CHILD, path, str(runs)], capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def ocellus(path, runs):
    def median(threads):
        report = json.loads(subprocess.run(
            [OCELLUS, "bench", path, "--runs", str(runs), "--threads", str(threads), "--json"],
            capture_output=True, text=True, check=True).stdout)
        return report["median_ms"]
    return median(1), median(2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("models", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    print(f"medians of {args.runs} runs (ms); speed-up = 1 thread / 2 threads")
    print(f"{'model':52} {'pair':>4} {'Ocellus 1t':>10} {'2t':>6} {'x':>5}"
          f" {'LiteRT 1t':>10} {'2t':>6} {'x':>5}")
    for name in args.models:
        path = name if os.path.exists(name) else os.path.join(SHARED, name)
        for pair in range(1, args.pairs + 1):
            o1, o2 = ocellus(path, args.runs)
            l1, l2 = litert(path, args.runs)
            print(f"{name:52} {pair:4} {o1:10.2f} {o2:6.2f} {o1 / o2:5.2f}"
                  f" {l1:10.2f} {l2:6.2f} {l1 / l2:5.2f}")


if __name__ == "__main__":
    main()
