#!/usr/bin/env python3
"""Real architectures, converted the ways users convert them, against LiteRT: Keras
applications built with weights=None (seeded), converted float, dynamic-range ("hybrid"), fp16,
full int8 and 16x8, each run by LiteRT 2.3.0's reference kernels (BUILTIN_REF) and by
`ocellus run` on one random input. Prints, per network and mode, the relative float error
(largest |ours − LiteRT| over max(1, max |LiteRT|)) or the count of differing integer values.

    python3 tools/check_keras_applications.py [MODE [NETWORK ...]]
        MODE: float | hybrid | fp16 | int8 | int16x8 (default: all five)

One network and mode per process is safest: LiteRT's reference kernels abort the process on
some int8 conversions of random-weight networks (their int8 SOFTMAX gets an input scale too
small for TFLite's reference Prepare). Not part of the test suite: development time only
(numpy, tensorflow, ai-edge-litert from PyPI).
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import tensorflow as tf  # noqa: E402
from ai_edge_litert.interpreter import Interpreter, OpResolverType  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OCELLUS = os.path.join(ROOT, ".build", "release", "ocellus")
MODES = ["float", "hybrid", "fp16", "int8", "int16x8"]
rng = np.random.default_rng(0)


def representative(shape):
    def generate():
        for _ in range(8):
            yield [rng.random((1,) + shape, dtype=np.float32) * 2 - 1]
    return generate


def convert(model, mode, shape):
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    if mode in ("hybrid", "fp16", "int8", "int16x8"):
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
    if mode == "fp16":
        converter.target_spec.supported_types = [tf.float16]
    if mode == "int8":
        converter.representative_dataset = representative(shape)
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = tf.int8
        converter.inference_output_type = tf.int8
    if mode == "int16x8":
        converter.representative_dataset = representative(shape)
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    return converter.convert()


def quiet_convert(model, mode, shape):
    """`convert` with file descriptor 1 sent to /dev/null (the converter prints its graph)."""
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        return convert(model, mode, shape)
    finally:
        os.dup2(saved, 1)
        os.close(null)
        os.close(saved)


def check(name, model, mode, shape):
    data = quiet_convert(model, mode, shape)
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "m.tflite")
    with open(path, "wb") as f:
        f.write(data)
    interpreter = Interpreter(
        model_path=path, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interpreter.allocate_tensors()
    detail = interpreter.get_input_details()[0]
    x = rng.random(detail["shape"], dtype=np.float32) * 2 - 1
    if detail["dtype"] != np.float32:
        scale, zero = detail["quantization"]
        x = np.clip(np.round(x / scale + zero), -128, 127).astype(detail["dtype"])
    np.save(os.path.join(folder, "in.npy"), x)
    interpreter.set_tensor(detail["index"], x)
    interpreter.invoke()
    reference = interpreter.get_tensor(interpreter.get_output_details()[0]["index"])
    result = subprocess.run(
        [OCELLUS, "run", path, "--input", os.path.join(folder, "in.npy"), "--output-dir", folder],
        capture_output=True, text=True)
    if result.returncode != 0:
        print(f"{name:16s} {mode:8s} FAILS {result.stderr.strip().splitlines()[-1][:200]}")
        return
    ours = np.load(os.path.join(folder, "out0.npy"))
    size = f"{len(data) // 1024:6d} KB"
    if np.issubdtype(reference.dtype, np.floating):
        error = float(np.max(np.abs(ours.astype(np.float64) - reference)))
        error /= max(1.0, float(np.max(np.abs(reference))))
        print(f"{name:16s} {mode:8s} {size} relative {error:.2e}", flush=True)
    else:
        differing = int(np.count_nonzero(ours != reference))
        print(f"{name:16s} {mode:8s} {size} differing {differing}/{reference.size}", flush=True)


def networks():
    A = tf.keras.applications
    headless = dict(weights=None, include_top=False, pooling="avg")
    return [
        ("MobileNetV3Small", lambda: A.MobileNetV3Small(
            input_shape=(96, 96, 3), alpha=0.75, **headless), (96, 96, 3)),
        ("EfficientNetB0", lambda: A.EfficientNetB0(input_shape=(96, 96, 3), **headless),
         (96, 96, 3)),
        ("MobileNetV2", lambda: A.MobileNetV2(input_shape=(96, 96, 3), alpha=0.35, **headless),
         (96, 96, 3)),
        ("ResNet50", lambda: A.ResNet50(input_shape=(64, 64, 3), **headless), (64, 64, 3)),
        ("DenseNet121", lambda: A.DenseNet121(input_shape=(64, 64, 3), **headless),
         (64, 64, 3)),
        ("NASNetMobile", lambda: A.NASNetMobile(input_shape=(96, 96, 3), **headless),
         (96, 96, 3)),
    ]


def main():
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)
    modes = sys.argv[1:2] or MODES
    wanted = set(sys.argv[2:])
    for name, build, shape in networks():
        if wanted and name not in wanted:
            continue
        tf.keras.utils.set_random_seed(1)
        model = build()
        for mode in modes:
            try:
                check(name, model, mode, shape)
            except Exception as error:  # a converter or LiteRT refusal, reported as such
                print(f"{name:16s} {mode:8s} converter/LiteRT: {str(error)[:150]}", flush=True)


if __name__ == "__main__":
    main()
