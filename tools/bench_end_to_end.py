#!/usr/bin/env python3
"""Decode + detect, end to end on one photo: Ocellus (`ocellus detect IMAGE --detector MODEL
--no-classification --runs N`: decode, pack, detect, post-process; boxes only, as MediaPipe's
detector gives) against MediaPipe Tasks' ObjectDetector
(`mp.Image.create_from_file` + `detect`), single thread, in one run.

    /work/venv-mp/bin/python tools/bench_end_to_end.py [--runs 50] [--image …] [--model …]

Needs mediapipe (PyPI; its own virtualenv here, since it wants NumPy 2). Medians of --runs
after 3 warm-up runs. The machine is shared and noisy: compare the ratio.
"""
import argparse
import os
import re
import statistics
import subprocess
import time

import mediapipe as mp
from mediapipe.tasks.python import BaseOptions, vision

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")


def mediapipe_ms(image, model, runs):
    options = vision.ObjectDetectorOptions(
        base_options=BaseOptions(model_asset_path=model), max_results=10, score_threshold=0.5)
    detector = vision.ObjectDetector.create_from_options(options)
    times = []
    for index in range(runs + 3):
        start = time.perf_counter()
        found = detector.detect(mp.Image.create_from_file(image))
        if index >= 3:
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), len(found.detections)


def ocellus_ms(image, model, runs):
    text = subprocess.run(
        [OCELLUS, "detect", image, "--detector", model, "--multiple", "--no-classification",
         "--runs", str(runs)],
        capture_output=True, text=True, check=True).stdout
    decode = float(re.search(r"decode median ([0-9.]+) ms", text).group(1))
    detect = float(re.search(r"detection[a-z ]* median ([0-9.]+) ms", text).group(1))
    return decode + detect, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--image", default=os.path.join(SHARED, "images", "pets.jpg"))
    parser.add_argument("--model", default=os.path.join(
        SHARED, "models", "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"))
    args = parser.parse_args()
    theirs, count = mediapipe_ms(args.image, args.model, args.runs)
    ours, text = ocellus_ms(args.image, args.model, args.runs)
    print(f"decode + detect, median of {args.runs} runs, {os.path.basename(args.image)}")
    print(f"Ocellus   {ours:7.2f} ms")
    print(f"MediaPipe {theirs:7.2f} ms ({count} detections)")
    print(f"ratio     {ours / theirs:7.2f}")


if __name__ == "__main__":
    main()
