#!/usr/bin/env python3
"""Reference outputs of Google's class-agnostic object localizer
(../shared/task-models/mobile_object_localizer_v1_192_uint8.tflite) on every shared photo, and
the object proposals Ocellus' base object detector must make of them, written to
Tests/References/localizer_detections.json.

For each .jpg/.png/.bmp in ../shared/images (sorted by name):
1. the photo is turned upright (ImageOps.exif_transpose), converted to RGB and resized to
   192 × 192 with Pillow's BILINEAR (the resize Ocellus' TensorPacker reproduces byte for byte);
   the raw RGB bytes are the uint8 input (scale 1/127.5, zero point 128). Recorded: the input's
   SHA-256 and the upright width/height;
2. LiteRT 2.3.0 runs the model with its reference kernels (BUILTIN_REF) and with the default
   resolver (XNNPACK); whether the two agree bit for bit is recorded, the JSON keeps the
   reference-kernel outputs;
3. the raw TFLite_Detection_PostProcess outputs (found by shape and name): count and, for the
   first count rows, boxes (ymin, xmin, ymax, xmax), scores and classes, each value the exact
   float32 as a Python float;
4. the expected proposals, in float32 as Ocellus computes them: rows < count with score > 0.2
   (strictly), denormalized to upright pixels as NormalizedBox.rect does (x = trunc(xmin·W),
   width = trunc(round_half_away(|xmax − xmin|·W)), clamped to the image, empty boxes dropped),
   then class-agnostic greedy NMS on the pixel corners (best score first, ties by row; IoU > 0.5
   with a kept box suppresses, IoU as TFLite computes it in float32). All survivors are stored,
   best first.
Also written: the pets.jpg input tensor as Tests/References/localizer_pets.input.npy, which
tools/check-consumer feeds to `ocellus run` to check an app's base-detector boxes against the
localizer's raw outputs.

    /work/venv/bin/python tools/make_localizer_references.py   (numpy 2.4, pillow, ai-edge-litert 2.3.0)
"""
import hashlib
import json
import os

import numpy as np
from PIL import Image, ImageOps
from ai_edge_litert.interpreter import Interpreter, OpResolverType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
MODEL = "mobile_object_localizer_v1_192_uint8.tflite"
MODEL_PATH = os.path.join(SHARED, "task-models", MODEL)
IMAGES = os.path.join(SHARED, "images")
OUT = os.path.join(ROOT, "Tests", "References", "localizer_detections.json")

THRESHOLD, NMS_IOU = 0.2, 0.5
F0 = np.float32(0)


def exact(value):
    """A float32 as the Python float of exactly the same value (round-trips through JSON)."""
    return float(np.float32(value))


def pack(detail, name):
    """The uint8 input tensor (raw RGB bytes) and the upright image's size."""
    _, height, width, _ = detail["shape"]
    upright = ImageOps.exif_transpose(Image.open(os.path.join(IMAGES, name))).convert("RGB")
    pixels = np.asarray(upright.resize((int(width), int(height)), Image.BILINEAR),
                        dtype=np.uint8)[None]
    assert detail["dtype"] == np.uint8, detail["dtype"]
    return pixels.astype(np.uint8), upright.size


def find_outputs(interpreter):
    """Output tensor indices {boxes, classes, scores, count}, by shape and name."""
    found = {}
    for out in interpreter.get_output_details():
        shape, name = list(out["shape"]), out["name"]
        assert out["dtype"] == np.float32, out
        if len(shape) == 3 and shape[-1] == 4:
            found["boxes"] = out["index"]
        elif len(shape) == 1:
            found["count"] = out["index"]
        elif len(shape) == 2 and name.endswith(":1"):
            found["classes"] = out["index"]
        elif len(shape) == 2 and name.endswith(":2"):
            found["scores"] = out["index"]
        else:
            raise ValueError(f"unexpected output {name} {shape}")
    assert sorted(found) == ["boxes", "classes", "count", "scores"], found
    return found


def run(resolver, tensor):
    kwargs = {"num_threads": 1}
    if resolver is not None:
        kwargs["experimental_op_resolver_type"] = resolver
    interpreter = Interpreter(model_path=MODEL_PATH, **kwargs)
    interpreter.allocate_tensors()
    interpreter.set_tensor(interpreter.get_input_details()[0]["index"], tensor)
    interpreter.invoke()
    return {key: interpreter.get_tensor(index).copy()
            for key, index in find_outputs(interpreter).items()}


def integer(value):
    """NormalizedBox.integer: truncation toward zero, NaN as 0, magnitudes capped at 2^30."""
    if np.isnan(value):
        return 0
    limit = np.float32(1_073_741_824)
    return int(min(max(value, -limit), limit))


def round_half_away(value):
    """Swift's Float.rounded(): half away from zero, in float32."""
    return np.float32(np.sign(value) * np.floor(np.abs(value) + np.float32(0.5)))


def rect(box, width, height):
    """NormalizedBox.rect(imageWidth:imageHeight:) (clamped) in float32: (x, y, w, h) ints."""
    ymin, xmin, ymax, xmax = (np.float32(v) for v in box)
    w, h = np.float32(width), np.float32(height)
    x = integer(np.float32(xmin * w))
    y = integer(np.float32(ymin * h))
    bw = integer(round_half_away(np.float32(abs(np.float32(xmax - xmin)) * w)))
    bh = integer(round_half_away(np.float32(abs(np.float32(ymax - ymin)) * h)))
    x0, x1 = min(max(x, 0), max(width, 0)), min(max(x + bw, 0), max(width, 0))
    y0, y1 = min(max(y, 0), max(height, 0)), min(max(y + bh, 0), max(height, 0))
    return x0, y0, max(x1 - x0, 0), max(y1 - y0, 0)


def iou(a, b):
    """TFLite's IoU of corners (ymin, xmin, ymax, xmax) in float32; 0 for empty boxes."""
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    if area_a <= 0 or area_b <= 0:
        return F0
    h = max(min(a[2], b[2]) - max(a[0], b[0]), F0)
    w = max(min(a[3], b[3]) - max(a[1], b[1]), F0)
    inter = h * w
    return inter / (area_a + area_b - inter)


def proposals(raw, width, height):
    """Rows above the threshold → clamped pixel rects → class-agnostic greedy NMS, best first."""
    count = int(raw["count"][0])
    boxes, scores = raw["boxes"][0], raw["scores"][0]
    candidates = []
    for row in range(count):
        score = np.float32(scores[row])
        if not score > np.float32(THRESHOLD):
            continue
        x, y, w, h = rect(boxes[row], width, height)
        if w == 0 or h == 0:
            continue
        corners = tuple(np.float32(v) for v in (y, x, y + h, x + w))
        candidates.append((row, score, (x, y, w, h), corners))
    candidates.sort(key=lambda c: (-c[1], c[0]))
    kept = []
    for candidate in candidates:
        if all(not iou(k[3], candidate[3]) > np.float32(NMS_IOU) for k in kept):
            kept.append(candidate)
    return [{"x": x, "y": y, "width": w, "height": h, "score": exact(score), "row": row}
            for row, score, (x, y, w, h), _ in kept]


def main():
    probe = Interpreter(model_path=MODEL_PATH,
                        experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    probe.allocate_tensors()
    detail = probe.get_input_details()[0]
    print("input", detail["name"], list(detail["shape"]), detail["dtype"].__name__,
          detail["quantization"])
    roles = {index: key for key, index in find_outputs(probe).items()}
    for out in probe.get_output_details():
        print("output", out["index"], out["name"], list(out["shape"]), "->", roles[out["index"]])

    names = sorted(n for n in os.listdir(IMAGES)
                   if os.path.splitext(n)[1].lower() in (".jpg", ".png", ".bmp"))
    entries = []
    for name in names:
        tensor, (width, height) = pack(detail, name)
        if name == "pets.jpg":
            np.save(os.path.join(os.path.dirname(OUT), "localizer_pets.input.npy"), tensor)
        ref = run(OpResolverType.BUILTIN_REF, tensor)
        xnn = run(None, tensor)
        agree = all(ref[k].tobytes() == xnn[k].tobytes() for k in sorted(ref))
        count = int(ref["count"][0])
        assert float(ref["count"][0]) == count and 0 <= count <= ref["scores"].shape[1]
        raw_scores = ref["scores"][0][:count]
        assert all(raw_scores[i] >= raw_scores[i + 1] for i in range(count - 1)), name
        above = int(np.sum(raw_scores > np.float32(THRESHOLD)))
        expected = proposals(ref, width, height)
        entries.append({
            "image": name, "width": width, "height": height,
            "input_sha256": hashlib.sha256(tensor.tobytes()).hexdigest(),
            "xnnpack_matches_reference": agree,
            "count": count,
            "boxes": [[exact(v) for v in ref["boxes"][0][i]] for i in range(count)],
            "scores": [exact(v) for v in raw_scores],
            "classes": [exact(v) for v in ref["classes"][0][:count]],
            "above_threshold": above,
            "proposals": expected})
        print(f"{name} {width}x{height} count={count} above={above} xnnpack_agrees={agree}")
        for p in expected:
            print(f"  row {p['row']:2d} score {p['score']:.6f} "
                  f"({p['x']}, {p['y']}, {p['width']}, {p['height']})")
    with open(OUT, "w") as f:
        json.dump({"generator": "tools/make_localizer_references.py", "litert": "2.3.0",
                   "model": MODEL, "threshold": THRESHOLD, "nms_iou": NMS_IOU,
                   "images": entries}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
