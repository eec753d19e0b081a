#!/usr/bin/env python3
"""Reference detections of YOLO-layout models: LiteRT's raw output decoded in NumPy, written
to Tests/References/yolo_detections.json for Tests/OcellusTests/YOLOReferenceTests.swift.

For each (model, image, orientation) case:
1. the image is turned upright (PIL transposes, as EXIF orientations do) and letterboxed as
   Ultralytics does — aspect kept, centred, gray 114 border — with the geometry of Ocellus'
   ImageFit.letterbox (content size round(side × scale), offsets floored) and Pillow's
   BILINEAR resize, which Ocellus' TensorPacker reproduces byte for byte;
2. pixels / 255 in float32, quantized (round half away from zero) for 8-bit inputs;
3. LiteRT 2.3.0 with its reference kernels (BUILTIN_REF) runs the model;
4. the output is dequantized and decoded as Ultralytics' non_max_suppression does: best class
   per box (v5: × objectness), score > 0.25 strictly, boxes cx, cy, w, h × input size to
   corners, greedy per-class NMS (best first, ties by box index; IoU > 0.7 suppresses, in
   float32 as TFLite computes IoU), at most 300;
5. boxes go back through the letterbox to upright pixels and are clipped to the image; boxes
   empty once their edges are rounded are dropped, as ObjectDetector drops them.

    /work/venv-tf/bin/python tools/make_yolo_references.py   (numpy, pillow 13, ai-edge-litert 2.3.0)
"""
import json
import os

import numpy as np
from PIL import Image
from ai_edge_litert.interpreter import Interpreter, OpResolverType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
OUT = os.path.join(ROOT, "Tests", "References", "yolo_detections.json")

CONFIDENCE, IOU, MAX_DETECTIONS, BORDER = 0.25, 0.7, 300, 114

# model path (relative to ROOT, or ../shared/models), labels, layout, cases (image, orientation)
MODELS = [
    ("shared:yolov8n_full_integer_quant.tflite", "shared:coco80_labels.txt", "yolov8",
     [("pets.jpg", "up"), ("multi_objects.jpg", "up"), ("grace_hopper.bmp", "right")]),
    ("shared:yolov8n_integer_quant.tflite", "shared:coco80_labels.txt", "yolov8",
     [("cats_and_dogs.jpg", "up"), ("grace_hopper.bmp", "left")]),
    ("Models/digits_yolo.tflite", "Models/digits_yolo_labels.txt", "yolov8",
     [("Models/samples/scene_1.png", "up"), ("Models/samples/scene_4.png", "right")]),
    ("Models/digits_yolo_int8.tflite", "Models/digits_yolo_labels.txt", "yolov8",
     [("Models/samples/scene_2.png", "up"), ("Models/samples/scene_5.png", "down")]),
]

# UIImage.Orientation names → the PIL transpose that makes the stored pixels upright.
TRANSPOSES = {
    "up": None, "down": Image.Transpose.ROTATE_180, "left": Image.Transpose.ROTATE_90,
    "right": Image.Transpose.ROTATE_270,
}


def path(name):
    if name.startswith("shared:"):
        return os.path.join(SHARED, "models", name[len("shared:"):])
    if os.sep not in name and "/" not in name:
        return os.path.join(SHARED, "images", name)
    return os.path.join(ROOT, name)


def letterbox_geometry(width, height, out_width, out_height):
    """(content x, y, width, height) in the tensor, as Ocellus' FitGeometry computes it."""
    if width * out_height > height * out_width:
        h = min(out_height, max(1, (2 * out_width * height + width) // (2 * width)))
        return 0, (out_height - h) // 2, out_width, h
    if width * out_height < height * out_width:
        w = min(out_width, max(1, (2 * out_height * width + height) // (2 * height)))
        return (out_width - w) // 2, 0, w, out_height
    return 0, 0, out_width, out_height


def round_half_away(values):
    wide = values.astype(np.float64)
    return np.trunc(wide + np.copysign(0.5, wide))


def input_tensor(detail, upright):
    _, height, width, _ = (int(v) for v in detail["shape"])
    x, y, w, h = letterbox_geometry(upright.width, upright.height, width, height)
    canvas = Image.new("RGB", (width, height), (BORDER,) * 3)
    canvas.paste(upright.resize((w, h), Image.BILINEAR), (x, y))
    real = np.asarray(canvas, dtype=np.float32)[None] / np.float32(255)
    if detail["dtype"] == np.float32:
        return real, (x, y, w, h)
    scale, zero = detail["quantization"]
    q = round_half_away(real / np.float32(scale) + np.float32(zero))
    info = np.iinfo(detail["dtype"])
    return np.clip(q, info.min, info.max).astype(detail["dtype"]), (x, y, w, h)


def iou(a, b):
    """TFLite's IoU of corners (ymin, xmin, ymax, xmax) in float32; 0 for empty boxes."""
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    if area_a <= 0 or area_b <= 0:
        return np.float32(0)
    h = max(min(a[2], b[2]) - max(a[0], b[0]), np.float32(0))
    w = max(min(a[3], b[3]) - max(a[1], b[1]), np.float32(0))
    inter = h * w
    return inter / (area_a + area_b - inter)


def decode(values, layout, width, height):
    """(box index, class, score, corners in input pixels) kept, best first."""
    rows = values if layout == "yolov8" else values.T  # rows: values, columns: boxes
    lead = 5 if layout == "yolov5" else 4
    scores = rows[lead:].astype(np.float32)
    if layout == "yolov5":
        scores = scores * rows[4]
    classes = scores.argmax(axis=0)
    best = scores.max(axis=0)
    keep = best > np.float32(CONFIDENCE)
    if layout == "yolov5":
        keep &= rows[4] > np.float32(CONFIDENCE)
    candidates = np.nonzero(keep)[0]
    order = sorted(candidates, key=lambda i: (-best[i], i))
    sx, sy = np.float32(width), np.float32(height)
    kept = []
    for i in order:
        cx, cy = rows[0, i] * sx, rows[1, i] * sy
        hw, hh = rows[2, i] * sx / np.float32(2), rows[3, i] * sy / np.float32(2)
        corners = np.array([cy - hh, cx - hw, cy + hh, cx + hw], dtype=np.float32)
        if any(c == classes[i] and iou(k, corners) > np.float32(IOU) for _, c, _, k in kept):
            continue
        kept.append((int(i), int(classes[i]), float(best[i]), corners))
        if len(kept) == MAX_DETECTIONS:
            break
    return kept


def to_image(corners, content, upright):
    """[x, y, width, height] in upright pixels, clipped; None when empty once rounded."""
    cx, cy, cw, ch = content
    sx, sy = upright.width / cw, upright.height / ch
    ymin, xmin, ymax, xmax = (float(v) for v in corners)
    x0 = min(max((xmin - cx) * sx, 0), upright.width)
    x1 = min(max((xmax - cx) * sx, 0), upright.width)
    y0 = min(max((ymin - cy) * sy, 0), upright.height)
    y1 = min(max((ymax - cy) * sy, 0), upright.height)
    if round(x1) <= round(x0) or round(y1) <= round(y0):
        return None
    return [x0, y0, x1 - x0, y1 - y0]


def run_case(model, labels, layout, image, orientation):
    interpreter = Interpreter(
        model_path=path(model), experimental_op_resolver_type=OpResolverType.BUILTIN_REF,
        num_threads=1)
    interpreter.allocate_tensors()
    detail = interpreter.get_input_details()[0]
    upright = Image.open(path(image)).convert("RGB")
    if TRANSPOSES[orientation] is not None:
        upright = upright.transpose(TRANSPOSES[orientation])
    tensor, content = input_tensor(detail, upright)
    interpreter.set_tensor(detail["index"], tensor)
    interpreter.invoke()
    out = interpreter.get_output_details()[0]
    values = interpreter.get_tensor(out["index"])[0]
    if out["dtype"] != np.float32:
        scale, zero = out["quantization"]
        values = (values.astype(np.int32) - np.int32(zero)).astype(np.float32) * np.float32(scale)
    _, height, width, _ = (int(v) for v in detail["shape"])
    detections = []
    for box, cls, score, corners in decode(values, layout, width, height):
        rect = to_image(corners, content, upright)
        if rect is not None:
            detections.append({"box_index": box, "class": cls, "name": labels[cls],
                               "score": score, "rect": rect})
    return {"model": model, "labels": labels_path(model), "image": image,
            "orientation": orientation, "width": upright.width, "height": upright.height,
            "detections": detections}


def labels_path(model):
    return next(l for m, l, _, _ in MODELS if m == model)


def main():
    cases = []
    for model, labels_file, layout, images in MODELS:
        if not os.path.exists(path(model)):
            raise SystemExit(f"missing {path(model)}: run Models/tools/make_models.py first")
        with open(path(labels_file), encoding="utf-8") as handle:
            labels = handle.read().splitlines()
        for image, orientation in images:
            case = run_case(model, labels, layout, image, orientation)
            cases.append(case)
            print(f"{model} {image} {orientation}: {len(case['detections'])} detections")
    settings = {"confidence": CONFIDENCE, "iou": IOU, "max_detections": MAX_DETECTIONS,
                "border": BORDER}
    with open(OUT, "w", encoding="utf-8") as handle:
        json.dump({"settings": settings, "cases": cases}, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
