#!/usr/bin/env python3
"""Model load time (to the first invoke) and resident memory over the process baseline, Ocellus
against LiteRT 2.3.0 with XNNPACK, each in a fresh process, side by side in one run.

    python3 tools/bench_load.py [--repeat 5] [MODEL ...]

Ocellus: `ocellus bench MODEL --runs 1 --warmup 0 --json` (load_ms: read, verify, plan, pack;
the first invoke's time added; peak_rss_bytes − baseline_rss_bytes). LiteRT: a child Python
process timing Interpreter(model_path) + allocate_tensors() + the first invoke(), and its peak
RSS (getrusage) minus the peak before loading (after importing ai_edge_litert and numpy).
Medians of --repeat fresh processes. Needs ai-edge-litert and numpy (development time only).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "models")
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")
DEFAULT = ["coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite",
           "tfls_mobilenet_v2_1.0_224_quant.tflite"]

CHILD = r"""
import resource, sys, time
import numpy as np
from ai_edge_litert.interpreter import Interpreter
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
it = Interpreter(model_path=sys.argv[1], num_threads=1)
it.allocate_tensors()
for d in it.get_input_details():
    it.set_tensor(d["index"], np.zeros(d["shape"], d["dtype"]))
loaded = time.perf_counter()
it.invoke()
end = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print((loaded - start) * 1000, (end - start) * 1000, (peak - base) * 1024)
"""


def litert(path):
    out = subprocess.run([sys.executable, "-c", CHILD, path], capture_output=True, text=True,
                         check=True).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def ocellus(path):
    report = json.loads(subprocess.run(
        [OCELLUS, "bench", path, "--runs", "1", "--warmup", "0", "--json"],
        capture_output=True, text=True, check=True).stdout)
    first = report["load_ms"] + report["median_ms"]
    return report["load_ms"], first, report["peak_rss_bytes"] - report["baseline_rss_bytes"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("models", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    print(f"medians of {args.repeat} fresh processes; memory = peak RSS over the baseline")
    print(f"{'model':52} {'':8} {'load ms':>8} {'+1st run':>9} {'MB':>6}")
    for name in args.models:
        path = name if os.path.exists(name) else os.path.join(SHARED, name)
        for label, measure in (("Ocellus", ocellus), ("LiteRT", litert)):
            samples = [measure(path) for _ in range(args.repeat)]
            load, first, memory = (statistics.median(s[i] for s in samples) for i in range(3))
            print(f"{name:52} {label:8} {load:8.2f} {first:9.2f} {memory / 1e6:6.1f}")


if __name__ == "__main__":
    main()
