#!/usr/bin/env python3
"""LiteRT reference outputs for the shared models that ../shared/reference does not cover
(the YOLOv8n exports, DeepLab v3, the MediaPipe face-landmark model), written to
Tests/References/shared_models.json (+ small .npy files).

Each model is fed a shared photo resized with Pillow's BILINEAR to the model's input size (the
resize Ocellus' TensorPacker reproduces byte for byte) and normalized/quantized with the
arithmetic TensorPackingSpec documents, in float32. Recorded per model: the input tensor's
SHA-256 (so the Swift test proves it feeds the same bytes) and, per output, the SHA-256 of
LiteRT's reference-kernel (BUILTIN_REF) output, plus the values as .npy for float outputs
that are compared with a tolerance.

    /tmp/venv/bin/python tools/make_shared_references.py     (numpy, pillow 13, ai-edge-litert 2.3.0)
"""
import hashlib
import json
import os

import numpy as np
from PIL import Image
from ai_edge_litert.interpreter import Interpreter, OpResolverType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
OUT = os.path.join(ROOT, "Tests", "References")

# (model, image, mean, std, compare): compare "exact" → output hashes; "relative" → .npy values.
MODELS = [
    ("yolov8n_full_integer_quant.tflite", "pets.jpg", 0.0, 255.0, "exact"),
    ("yolov8n_integer_quant.tflite", "pets.jpg", 0.0, 255.0, "exact"),
    ("coral_deeplabv3_mnv2_pascal_quant.tflite", "pets.jpg", None, None, "exact"),
    ("mediapipe_face_landmark.tflite", "grace_hopper.bmp", 127.5, 127.5, "relative"),
]


def round_half_away(values):
    return np.sign(values) * np.floor(np.abs(values) + np.float32(0.5))


def pack(detail, image, mean, std):
    """The input tensor, as TensorPackingSpec computes it (float32 arithmetic)."""
    _, height, width, _ = detail["shape"]
    pixels = np.asarray(
        Image.open(os.path.join(SHARED, "images", image)).convert("RGB").resize(
            (int(width), int(height)), Image.BILINEAR), dtype=np.uint8)[None]
    dtype = detail["dtype"]
    if mean is None:
        return pixels.astype(dtype)
    real = (pixels.astype(np.float32) - np.float32(mean)) / np.float32(std)
    if dtype == np.float32:
        return real
    scale, zero = detail["quantization"]
    q = round_half_away(real / np.float32(scale) + np.float32(zero))
    info = np.iinfo(dtype)
    return np.clip(q, info.min, info.max).astype(dtype)


def main():
    os.makedirs(OUT, exist_ok=True)
    entries = []
    for model, image, mean, std, compare in MODELS:
        interpreter = Interpreter(
            model_path=os.path.join(SHARED, "models", model),
            experimental_op_resolver_type=OpResolverType.BUILTIN_REF, num_threads=1)
        interpreter.allocate_tensors()
        detail = interpreter.get_input_details()[0]
        tensor = pack(detail, image, mean, std)
        interpreter.set_tensor(detail["index"], tensor)
        interpreter.invoke()
        outputs = []
        for position, out in enumerate(interpreter.get_output_details()):
            value = interpreter.get_tensor(out["index"])
            record = {"dtype": str(value.dtype), "shape": list(value.shape),
                      "sha256": hashlib.sha256(value.tobytes()).hexdigest()}
            if compare == "relative":
                name = f"{model[:-len('.tflite')]}.out{position}.npy"
                np.save(os.path.join(OUT, name), value)
                record["values"] = name
            outputs.append(record)
        entries.append({
            "model": model, "image": image, "mean": mean, "std": std, "compare": compare,
            "input_sha256": hashlib.sha256(tensor.tobytes()).hexdigest(), "outputs": outputs})
        print(model, [o["sha256"][:12] for o in outputs])
    with open(os.path.join(OUT, "shared_models.json"), "w") as f:
        json.dump({"generator": "tools/make_shared_references.py", "litert": "2.3.0",
                   "models": entries}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
