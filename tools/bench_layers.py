#!/usr/bin/env python3
"""Single layers of the per-channel int8 family, Ocellus against LiteRT 2.3.0 with XNNPACK, to
find which kind of layer a model's ratio comes from (`bench_zoo.py` gives whole models).

Each model is one Keras layer (or four in a row) converted to int8 with per-channel weights, as
the MLIR converter does for MobileNetV2 and EfficientNet: 1x1 expansions and projections at
MobileNetV2's shapes, the first 3x3 stride-2 layer, YOLOv8n-sized 3x3 and 1x1 layers, 3x3
depthwise layers. Timing alternates the
two runtimes four times per model (LiteRT in this process, `ocellus bench --json` as a child,
--runs each, single thread) and prints the best median of each with every pair's ratio, so a
noisy spell of the machine shows as one odd pair rather than a wrong figure.

    /work/venv-tf/bin/python tools/bench_layers.py [--runs 200] [--only NAME ...]

Models go to .build/layers/ (not committed; regenerated when missing, seeded).
"""
import argparse
import json
import os
import subprocess
import time

import numpy as np

from bench_zoo import OCELLUS, ROOT, convert, quiet_stdout

LAYERS = os.path.join(ROOT, ".build", "layers")


def pointwise(size, inputs, outputs, kernel=1, stride=1):
    import tensorflow as tf
    x = tf.keras.layers.Input((size, size, inputs))
    y = tf.keras.layers.Conv2D(outputs, kernel, strides=stride, padding="same")(x)
    return tf.keras.Model(x, y), (size, size, inputs)


def depthwise(size, channels):
    import tensorflow as tf
    x = tf.keras.layers.Input((size, size, channels))
    y = x
    for _ in range(4):
        y = tf.keras.layers.DepthwiseConv2D(3, padding="same")(y)
    return tf.keras.Model(x, y), (size, size, channels)


MODELS = {
    "expand_56_24_144": lambda: pointwise(56, 24, 144),
    "expand_28_32_192": lambda: pointwise(28, 32, 192),
    "expand_14_64_384": lambda: pointwise(14, 64, 384),
    "project_56_144_24": lambda: pointwise(56, 144, 24),
    "project_28_192_32": lambda: pointwise(28, 192, 32),
    "project_7_960_320": lambda: pointwise(7, 960, 320),
    "first_3x3_s2_224_3_32": lambda: pointwise(224, 3, 32, kernel=3, stride=2),
    "yolo_3x3_80_64_64": lambda: pointwise(80, 64, 64, kernel=3),
    "yolo_3x3_s2_160_32_64": lambda: pointwise(160, 32, 64, kernel=3, stride=2),
    "yolo_1x1_80_128_64": lambda: pointwise(80, 128, 64),
    "depthwise_x4_112_96": lambda: depthwise(112, 96),
    "depthwise_x4_56_144": lambda: depthwise(56, 144),
    "depthwise_x4_14_384": lambda: depthwise(14, 384),
}


def ensure(name):
    path = os.path.join(LAYERS, name + ".tflite")
    if not os.path.exists(path):
        import tensorflow as tf
        os.makedirs(LAYERS, exist_ok=True)
        tf.keras.utils.set_random_seed(7)
        model, shape = MODELS[name]()
        with quiet_stdout():
            data = convert(model, shape, "int8")
        with open(path, "wb") as f:
            f.write(data)
    return path


def litert_runs(interpreter, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        interpreter.invoke()
        times.append((time.perf_counter() - start) * 1000)
    return float(np.median(times))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    from ai_edge_litert.interpreter import Interpreter
    print(f"threads 1, best median of 4 alternations of {args.runs} runs (ms)")
    print(f"{'layer':28s} {'Ocellus':>8s} {'XNNPACK':>8s} {'ratio':>6s}   pairs")
    for name in MODELS:
        if args.only and name not in args.only:
            continue
        path = ensure(name)
        interpreter = Interpreter(model_path=path, num_threads=1)
        interpreter.allocate_tensors()
        for detail in interpreter.get_input_details():
            interpreter.set_tensor(detail["index"], np.zeros(detail["shape"], detail["dtype"]))
        litert_runs(interpreter, 10)
        ours, theirs = [], []
        for _ in range(4):
            theirs.append(litert_runs(interpreter, args.runs))
            out = subprocess.run(
                [OCELLUS, "bench", path, "--runs", str(args.runs), "--json"],
                capture_output=True, text=True, check=True).stdout
            ours.append(json.loads(out)["median_ms"])
        pairs = " ".join(f"{o / t:.2f}" for o, t in zip(ours, theirs))
        print(f"{name:28s} {min(ours):8.3f} {min(theirs):8.3f} {min(ours) / min(theirs):6.2f}"
              f"   {pairs}", flush=True)


if __name__ == "__main__":
    main()
