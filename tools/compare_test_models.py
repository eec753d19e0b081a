#!/usr/bin/env python3
"""Runs every model of Tests/Models through `ocellus run` and prints, per model, how far its
outputs are from LiteRT's: integer outputs as the number of differing elements, float outputs as
the largest |ours − LiteRT| relative to max(1, max |LiteRT|). The Swift tests assert the same
bounds; this prints the figures (the worst case per family and overall).

    tools/compare_test_models.py [--ocellus .build/release/ocellus] [FAMILY ...]
"""
import argparse
import glob
import json
import os
import subprocess
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ocellus", default=os.path.join(ROOT, ".build/release/ocellus"))
    parser.add_argument("families", nargs="*")
    args = parser.parse_args()
    worst = (0.0, None)
    for manifest in sorted(glob.glob(os.path.join(ROOT, "Tests/Models/*/manifest.json"))):
        family = os.path.basename(os.path.dirname(manifest))
        if args.families and family not in args.families:
            continue
        for entry in json.load(open(manifest))["models"]:
            error = compare(args.ocellus, entry)
            print(f"{entry['id']:45s} {describe(error)}")
            if isinstance(error, float) and error > worst[0]:
                worst = (error, entry["id"])
    print(f"worst relative float error: {worst[0]:.3g} ({worst[1]})")


def compare(ocellus, entry):
    base = os.path.join(ROOT, "Tests/Models", entry["model"][:-len(".tflite")])
    with tempfile.TemporaryDirectory() as out:
        command = [ocellus, "run", base + ".tflite", "--output-dir", out]
        for i in range(entry["inputs"]):
            command += ["--input", f"{base}.in{i}.npy"]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            return "fails: " + result.stderr.strip().splitlines()[-1]
        errors = []
        for i in range(len(entry["outputs"])):
            ours = np.load(os.path.join(out, f"out{i}.npy"))
            ref = np.load(f"{base}.ref{i}.npy")
            if ours.shape != ref.shape or ours.dtype != ref.dtype:
                return f"output {i}: {ours.dtype}{list(ours.shape)} vs {ref.dtype}{list(ref.shape)}"
            if np.issubdtype(ref.dtype, np.floating):
                scale = max(1.0, float(np.nanmax(np.abs(ref[np.isfinite(ref)]), initial=0)))
                diff = np.abs(ours.astype(np.float64) - ref.astype(np.float64))
                errors.append(float(np.nanmax(diff, initial=0)) / scale)
            else:
                errors.append(int(np.count_nonzero(ours != ref)))
        floats = [e for e in errors if isinstance(e, float)]
        ints = [e for e in errors if isinstance(e, int)]
        if ints and max(ints) > 0:
            return f"{max(ints)} integer elements differ"
        return max(floats) if floats else 0.0


def describe(error):
    if isinstance(error, str):
        return error
    return "exact" if error == 0 else f"relative {error:.3g}"


if __name__ == "__main__":
    main()
