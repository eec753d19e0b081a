#!/usr/bin/env python3
"""Side-by-side decode times of Ocellus (`ocellus decode --runs N`) and Pillow (libjpeg-turbo,
zlib) on 1800x1200 test images written at run time from ../shared/images/cats_and_dogs.jpg:
baseline JPEG 4:2:0 and 4:4:4, progressive JPEG 4:2:0 (quality 90) and an RGB PNG.

    python3 tools/bench_decode.py [--runs 30]

Needs Pillow and numpy (development time only). Images go to .build/decode-bench/. Pillow is
timed on Image.open(BytesIO(data)).load() (bytes already in memory, as ours), median of --runs
after 3 warm-up decodes; both in this one run, one image after the other. The machine is shared
and noisy: compare the ratios.
"""
import argparse
import io
import os
import re
import subprocess
import time

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(os.path.dirname(ROOT), "shared", "images", "cats_and_dogs.jpg")
OUT = os.path.join(ROOT, ".build", "decode-bench")
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")


def write_images():
    os.makedirs(OUT, exist_ok=True)
    image = Image.open(SOURCE).convert("RGB").resize((1800, 1200), Image.BICUBIC)
    variants = {
        "baseline_420.jpg": dict(quality=90, subsampling=2),
        "baseline_444.jpg": dict(quality=90, subsampling=0),
        "progressive_420.jpg": dict(quality=90, subsampling=2, progressive=True),
        "image.png": dict(optimize=False),
    }
    for name, options in variants.items():
        path = os.path.join(OUT, name)
        if not os.path.exists(path):
            image.save(path, **options)
    return list(variants)


def pillow_ms(path, runs):
    data = open(path, "rb").read()
    times = []
    for index in range(runs + 3):
        start = time.perf_counter()
        Image.open(io.BytesIO(data)).load()
        if index >= 3:
            times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


def ocellus_ms(path, runs):
    text = subprocess.run(
        [OCELLUS, "decode", path, "--runs", str(runs)], capture_output=True, text=True,
        check=True).stdout
    return float(re.search(r"median ([0-9.]+) ms", text).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(f"median of {args.runs} decodes (ms), 1800x1200")
    print(f"{'image':24} {'Ocellus':>8} {'Pillow':>8} {'ratio':>6}")
    for name in write_images():
        path = os.path.join(OUT, name)
        ours, theirs = ocellus_ms(path, args.runs), pillow_ms(path, args.runs)
        print(f"{name:24} {ours:8.2f} {theirs:8.2f} {ours / theirs:6.2f}")


if __name__ == "__main__":
    main()
