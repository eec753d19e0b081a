#!/usr/bin/env python3
"""Side-by-side latency of Ocellus and LiteRT 2.3.0 with XNNPACK on a model zoo: the shared
models plus generated networks of the families that lag (per-channel int8 from the MLIR
converter, fp16 weights with PReLU, a 640x640 YOLO-sized network, a channels-first graph).

Both run in this one process's lifetime, one model after the other, on the same inputs shape,
single thread unless --threads says otherwise: LiteRT through its Python interpreter (XNNPACK is
its default delegate; invoke() timed alone), Ocellus through `ocellus bench --json` (invoke
timed alone, synthetic inputs). Each figure is the median of --runs timed runs after 5 warm-up
runs. The machine is shared and noisy: compare ratios, not absolute times.

    /work/venv-tf/bin/python tools/bench_zoo.py [--runs 30] [--threads 1] [--rounds 1]
        [--only NAME ...]

Generated models go to .build/zoo/ (not committed; regenerated when missing, seeded, with
Keras applications built with weights=None).
"""
import argparse
import json
import math
import os
import subprocess
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "models")
ZOO = os.path.join(ROOT, ".build", "zoo")
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")

SHARED_MODELS = [
    "mobilenet_v1_0.25_224_1_default_1.tflite",
    "mobilenet_v1_0.25_224_quant.tflite",
    "tfls_mobilenet_v2_1.0_224_quant.tflite",
    "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite",
    "mlkit_object_labeler.tflite",
    "coral_deeplabv3_mnv2_pascal_quant.tflite",
    "mediapipe_face_landmark.tflite",
    "yolov8n_full_integer_quant.tflite",
]


def representative(shape, count=4, seed=0):
    rng = np.random.default_rng(seed)

    def generate():
        for _ in range(count):
            yield [rng.random((1,) + shape, dtype=np.float32)]
    return generate


def convert(model, shape, mode):
    import tensorflow as tf
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    if mode in ("int8", "uint8"):
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = representative(shape)
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = tf.int8 if mode == "int8" else tf.uint8
        converter.inference_output_type = converter.inference_input_type
    elif mode == "fp16":
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.target_spec.supported_types = [tf.float16]
    return converter.convert()


def prelu_net():
    """A MediaPipe-like float network: fp16 weights, PReLU, depthwise blocks, 192x192."""
    import tensorflow as tf
    L = tf.keras.layers
    x = inp = L.Input((192, 192, 3))
    x = L.PReLU(shared_axes=[1, 2])(L.Conv2D(24, 3, 2, padding="same")(x))
    for filters, stride in [(24, 1), (48, 2), (48, 1), (96, 2), (96, 1), (192, 2), (192, 1)]:
        y = L.DepthwiseConv2D(3, stride, padding="same")(x)
        y = L.Conv2D(filters, 1)(y)
        if stride == 1 and x.shape[-1] == filters:
            y = L.Add()([x, y])
        x = L.PReLU(shared_axes=[1, 2])(y)
    x = L.Conv2D(16, 1)(x)
    return tf.keras.Model(inp, x)


def yolo_sized_net():
    """A YOLOv5n/v8n-sized int8 network on 640x640: strided convolutions with SiLU, a
    C2f-like split/concat block per stage, a 1x1 head."""
    import tensorflow as tf
    L = tf.keras.layers

    def conv(x, filters, kernel=3, stride=1):
        x = L.Conv2D(filters, kernel, stride, padding="same")(x)
        return L.Activation("swish")(x)
    x = inp = L.Input((640, 640, 3))
    x = conv(x, 16, 3, 2)
    for filters in [32, 64, 128, 256]:
        x = conv(x, filters, 3, 2)
        a, b = L.Lambda(lambda t: tf.split(t, 2, axis=-1))(x)
        b = conv(conv(b, filters // 2), filters // 2)
        x = conv(L.Concatenate()([a, b, x]), filters, 1)
    x = L.Conv2D(84, 1)(x)
    return tf.keras.Model(inp, x)


def channels_first_net():
    """A PyTorch-style graph: NCHW input transposed to NHWC, convolutions, transposed back."""
    import tensorflow as tf
    L = tf.keras.layers
    inp = L.Input((3, 224, 224))
    x = L.Permute((2, 3, 1))(inp)
    base = tf.keras.applications.MobileNetV2(
        input_shape=(224, 224, 3), weights=None, include_top=False, alpha=1.0)
    x = base(x)
    x = L.Permute((3, 1, 2))(x)
    return tf.keras.Model(inp, x)


def generated():
    """(name, builder, input shape without batch, conversion mode)."""
    import tensorflow as tf
    A = tf.keras.applications

    def app(make, **kw):
        return lambda: make(weights=None, include_top=False, pooling="avg", **kw)
    return [
        ("efficientnet_b0_int8", app(A.EfficientNetB0, input_shape=(224, 224, 3)),
         (224, 224, 3), "int8"),
        ("mobilenet_v2_1.0_int8", app(A.MobileNetV2, input_shape=(224, 224, 3)),
         (224, 224, 3), "int8"),
        ("mobilenet_v3_small_uint8", app(A.MobileNetV3Small, input_shape=(224, 224, 3)),
         (224, 224, 3), "uint8"),
        ("mobilenet_v3_large_hybrid", app(A.MobileNetV3Large, input_shape=(224, 224, 3)),
         (224, 224, 3), "hybrid"),
        ("prelu_fp16", prelu_net, (192, 192, 3), "fp16"),
        ("yolo_sized_640_int8", yolo_sized_net, (640, 640, 3), "int8"),
        ("channels_first_mnv2_int8", channels_first_net, (3, 224, 224), "int8"),
    ]


def hybrid_convert(model):
    import tensorflow as tf
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    return converter.convert()


class quiet_stdout:
    """Sends file descriptor 1 to /dev/null for the block (C++ logging included)."""

    def __enter__(self):
        self.saved = os.dup(1)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)

    def __exit__(self, *_):
        os.dup2(self.saved, 1)
        os.close(self.saved)


def ensure_generated(only):
    import tensorflow as tf
    os.makedirs(ZOO, exist_ok=True)
    paths = []
    for name, build, shape, mode in generated():
        if only and name not in only:
            continue
        path = os.path.join(ZOO, name + ".tflite")
        if not os.path.exists(path):
            tf.keras.utils.set_random_seed(7)
            model = build()
            with quiet_stdout():  # the converter prints its graph to fd 1
                data = hybrid_convert(model) if mode == "hybrid" else convert(model, shape, mode)
            with open(path, "wb") as f:
                f.write(data)
        paths.append(path)
    return paths


def litert_median(path, runs, threads):
    from ai_edge_litert.interpreter import Interpreter
    interpreter = Interpreter(model_path=path, num_threads=threads)
    interpreter.allocate_tensors()
    rng = np.random.default_rng(0)
    for detail in interpreter.get_input_details():
        shape, dtype = detail["shape"], detail["dtype"]
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            value = rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype)
        else:
            value = rng.random(shape, dtype=np.float32).astype(dtype)
        interpreter.set_tensor(detail["index"], value)
    for _ in range(5):
        interpreter.invoke()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        interpreter.invoke()
        times.append((time.perf_counter() - start) * 1000)
    return float(np.median(times))


def ocellus_median(path, runs, threads):
    result = subprocess.run(
        [OCELLUS, "bench", path, "--runs", str(runs), "--threads", str(threads), "--json"],
        capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1]
    return json.loads(result.stdout)["median_ms"], None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--rounds", type=int, default=1,
                        help="alternate the two runtimes this many times per model and keep "
                             "each one's best median (the machine has slow spells of tens of "
                             "milliseconds to seconds that can catch one side of a pair)")
    args = parser.parse_args()
    paths = [os.path.join(SHARED, name) for name in SHARED_MODELS
             if (not args.only or name in args.only) and os.path.exists(os.path.join(SHARED, name))]
    paths += ensure_generated(args.only)
    rounds = max(1, args.rounds)
    best = f"best of {rounds} alternated medians" if rounds > 1 else "median"
    print(f"threads {args.threads}, {best} of {args.runs} runs (ms)")
    print(f"{'model':52s} {'Ocellus':>9s} {'XNNPACK':>9s} {'ratio':>7s}")
    ratios = []
    for path in paths:
        xnnpack, ours, error = math.inf, math.inf, None
        for _ in range(rounds):
            xnnpack = min(xnnpack, litert_median(path, args.runs, args.threads))
            median, error = ocellus_median(path, args.runs, args.threads)
            if median is None:
                ours = None
                break
            ours = min(ours, median)
        name = os.path.basename(path)
        if ours is None:
            print(f"{name:52s} {'fails':>9s} {xnnpack:9.2f}      -  {error[:80]}")
            continue
        ratios.append(ours / xnnpack)
        print(f"{name:52s} {ours:9.2f} {xnnpack:9.2f} {ours / xnnpack:7.2f}", flush=True)
    if ratios:
        geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"geometric mean ratio {geomean:.2f} over {len(ratios)} models; "
              f"worst {max(ratios):.2f}")


if __name__ == "__main__":
    main()
