#!/usr/bin/env python3
"""Builds Ocellus's default models, samples and held-out data from scikit-learn's digits.

Everything here is generated from `sklearn.datasets.load_digits()` (1,797 handwritten
digits, 8x8 grayscale, shipped inside scikit-learn) with fixed seeds:

  1. the digits are split by sample (80 % train / 20 % held-out, stratified);
  2. RGB scenes are composited: a noisy two-colour gradient with faint distractor
     shapes, and 1-4 upscaled, coloured digits at random positions and sizes;
  3. a small classifier (64x64x3 -> 10 digits) is trained on crops around the digits
     and exported as a full-integer quantized TFLite model (uint8 in/out) with metadata,
     and again, without metadata, as an AutoML Vision Edge bundle;
  4. a small SSD detector (128x128x3, two feature maps, 4 anchors per cell, 10 classes)
     is trained on whole scenes, exported the same way, and completed with a
     `TFLite_Detection_PostProcess` custom operator appended to the FlatBuffer
     (anchors as a constant tensor, FlexBuffer options), then given metadata;
  5. sample images, a short frame sequence and a small held-out set are written as
     PNG with JSON ground truth, and both models are evaluated with TF Lite's Python
     interpreter on held-out data (Models/evaluation.json);
  6. last, in a process of its own, a YOLOv8-layout detector (128x128x3 -> [1, 14, 320],
     anchor-free, no NMS in the graph) is trained on scenes drawn with its own seeds and
     exported as float32 and full-integer int8 TFLite models; its evaluation is added to
     evaluation.json. `--only yolo` runs this step alone and leaves every other file as it is.

Usage (from the repository root):
    python Models/tools/make_models.py               # full run, writes into Models/
    python Models/tools/make_models.py --only yolo   # only digits_yolo*.tflite (+ evaluation.json entries)
    python Models/tools/make_models.py --quick       # tiny smoke run into /tmp/ocellus-models-quick
"""

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time

# Single thread, deterministic: set before TensorFlow is imported.
os.environ.setdefault("TF_NUM_INTRAOP_THREADS", "1")
os.environ.setdefault("TF_NUM_INTEROP_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("TF_DETERMINISTIC_OPS", "1")
os.environ.setdefault("PYTHONHASHSEED", "0")

import numpy as np
from PIL import Image, ImageDraw
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split

# tflite-support's metadata writers must be imported from their own module path (the
# package's top-level __init__ loads task-library bindings that clash with TensorFlow's).
from tensorflow_lite_support.metadata import metadata_schema_py_generated as _md
from tensorflow_lite_support.metadata.python import metadata as _metadata
from tensorflow_lite_support.metadata.python.metadata_writers import metadata_info
from tensorflow_lite_support.metadata.python.metadata_writers import image_classifier
from tensorflow_lite_support.metadata.python.metadata_writers import object_detector
from tensorflow_lite_support.metadata.python.metadata_writers import writer_utils

import tensorflow as tf
from tensorflow.lite.python import schema_py_generated as _tfl
from tensorflow.lite.tools import flatbuffer_utils
from flatbuffers import flexbuffers

SEED = 20261122
SCENE = 128            # detector input and training-scene size
CLS = 64               # classifier input size
LABELS = [str(i) for i in range(10)]
NUM_CLASSES = 10

# Detector geometry: feature maps (cells per side) and anchor sizes (fractions of the
# image height) per map; every size comes in two aspect ratios (width / height).
FEATURE_MAPS = [(16, [0.13, 0.19]), (8, [0.27, 0.38])]
ASPECTS = [0.8, 0.5]
ANCHORS_PER_CELL = 4
BOX_SCALES = (10.0, 10.0, 5.0, 5.0)   # y, x, h, w (as in SSD MobileNet)
ALLOWED_OPS = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "AVERAGE_POOL_2D",
               "MAX_POOL_2D", "RESHAPE", "SOFTMAX", "ADD", "MEAN", "QUANTIZE", "DEQUANTIZE",
               "CONCATENATION", "LOGISTIC", "RELU", "RELU6", "CUSTOM"}

LICENSE = "Apache-2.0 (Ocellus); trained on scikit-learn's bundled digits (BSD-3-Clause)"
AUTHOR = "Ocellus"


_T0 = time.time()


def log(*args):
    print(f"[{time.time() - _T0:6.0f} s]", *args, flush=True)


# ---------------------------------------------------------------------------------------
# Data: digits and composited scenes
# ---------------------------------------------------------------------------------------

def load_split():
    d = load_digits()
    idx = np.arange(len(d.target))
    tr, te = train_test_split(idx, test_size=0.2, random_state=SEED, stratify=d.target)
    images = d.images.astype(np.float32) / 16.0          # 0..1 ink
    return (images[np.sort(tr)], d.target[np.sort(tr)]), (images[np.sort(te)], d.target[np.sort(te)])


def luminance(c):
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def make_background(rng, size, noise=None):
    """A two-colour linear gradient, faint distractor shapes and Gaussian noise (float HxWx3)."""
    c0 = rng.uniform(0, 255, 3)
    c1 = np.clip(c0 + rng.normal(0, 60, 3), 0, 255)
    ang = rng.uniform(0, 2 * np.pi)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    t = (np.cos(ang) * (xx - 0.5) + np.sin(ang) * (yy - 0.5)) + 0.5
    t = np.clip(t, 0, 1)[..., None]
    bg = c0 * (1 - t) + c1 * t
    # faint distractors: rectangles, ellipses and lines a little off the background colour
    img = Image.fromarray(np.clip(bg, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(img, "RGBA")
    for _ in range(rng.integers(0, 5)):
        col = tuple(int(v) for v in np.clip(bg[size // 2, size // 2] + rng.normal(0, 40, 3), 0, 255))
        a = int(rng.integers(30, 110))
        x0, y0 = rng.uniform(-0.2, 1.0, 2) * size
        w, h = rng.uniform(0.1, 0.6, 2) * size
        kind = rng.integers(0, 3)
        if kind == 0:
            draw.rectangle([x0, y0, x0 + w, y0 + h], fill=col + (a,))
        elif kind == 1:
            draw.ellipse([x0, y0, x0 + w, y0 + h], fill=col + (a,))
        else:
            draw.line([x0, y0, x0 + w, y0 + h], fill=col + (a,), width=int(rng.integers(1, 4)))
    bg = np.asarray(img).astype(np.float32)
    sigma = rng.uniform(2, 9) if noise is None else noise
    bg += rng.normal(0, sigma, bg.shape)
    return bg


def digit_colour(rng, bg_colour):
    """A random colour whose luminance differs clearly from the local background."""
    lb = luminance(bg_colour)
    for _ in range(50):
        c = rng.uniform(0, 255, 3)
        if abs(luminance(c) - lb) > 70:
            return c
    return np.array([255.0, 255.0, 255.0]) if lb < 128 else np.array([0.0, 0.0, 0.0])


def render_digit(digit8, h, w):
    """Upscales an 8x8 ink map to w x h (bilinear) and returns alpha (float HxW)."""
    im = Image.fromarray((digit8 * 255).astype(np.uint8), "L").resize((w, h), Image.BILINEAR)
    a = np.asarray(im).astype(np.float32) / 255.0
    return np.clip(a * 1.25, 0, 1)


def ink_box(alpha, thresh=0.25):
    ys, xs = np.where(alpha > thresh)
    return ys.min(), xs.min(), ys.max() + 1, xs.max() + 1


def paste_digit(img, alpha, colour, top, left):
    """Alpha-composites a digit at (top, left); clips at the image border. Returns the visible
    ink box (ymin, xmin, ymax, xmax) in pixels, or None if nothing is visible."""
    H, W = img.shape[:2]
    h, w = alpha.shape
    y0, x0 = max(top, 0), max(left, 0)
    y1, x1 = min(top + h, H), min(left + w, W)
    if y1 <= y0 or x1 <= x0:
        return None
    a = alpha[y0 - top:y1 - top, x0 - left:x1 - left, None]
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + colour * a
    if (a > 0.25).sum() == 0:
        return None
    by0, bx0, by1, bx1 = ink_box(a[..., 0])
    return (y0 + by0, x0 + bx0, y0 + by1, x0 + bx1)


def box_iou(a, b):
    iy = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    ix = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = iy * ix
    ua = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / ua if ua > 0 else 0.0


def make_scene(rng, digits, labels, size=SCENE, n=None, min_h=None, max_h=None):
    """One scene: returns uint8 HxWx3 and a list of (ymin, xmin, ymax, xmax, label) in pixels."""
    img = make_background(rng, size)
    n = int(rng.integers(1, 5)) if n is None else n
    min_h = 0.13 * size if min_h is None else min_h
    max_h = 0.40 * size if max_h is None else max_h
    boxes = []
    for _ in range(n):
        for _attempt in range(20):
            k = int(rng.integers(0, len(digits)))
            h = int(rng.uniform(min_h, max_h))
            w = max(6, int(h * rng.uniform(0.8, 1.2)))
            top = int(rng.integers(0, size - h + 1))
            left = int(rng.integers(0, size - w + 1))
            alpha = render_digit(digits[k], h, w)
            by0, bx0, by1, bx1 = ink_box(alpha)
            cand = (top + by0, left + bx0, top + by1, left + bx1)
            if all(box_iou(cand, b[:4]) < 0.05 for b in boxes):
                local = img[max(top, 0):top + h, max(left, 0):left + w].reshape(-1, 3).mean(0)
                box = paste_digit(img, alpha, digit_colour(rng, local), top, left)
                if box is not None:
                    boxes.append(box + (int(labels[k]),))
                break
    return np.clip(np.rint(img), 0, 255).astype(np.uint8), boxes


def crop_resize(img, box, out=CLS, jitter=None, rng=None):
    """Crops a box (pixels) grown by 10 % per side (plus optional jitter), clamps to the image,
    and stretches it to out x out (bilinear): the held-out classifier crop rule."""
    y0, x0, y1, x1 = [float(v) for v in box[:4]]
    h, w = y1 - y0, x1 - x0
    m = [0.10, 0.10, 0.10, 0.10]
    if jitter:
        m = [0.10 + rng.uniform(-jitter, jitter) for _ in range(4)]
    y0, x0, y1, x1 = y0 - m[0] * h, x0 - m[1] * w, y1 + m[2] * h, x1 + m[3] * w
    H, W = img.shape[:2]
    y0, x0 = max(0, int(round(y0))), max(0, int(round(x0)))
    y1, x1 = min(H, int(round(y1))), min(W, int(round(x1)))
    y1, x1 = max(y1, y0 + 1), max(x1, x0 + 1)
    return np.asarray(Image.fromarray(img[y0:y1, x0:x1]).resize((out, out), Image.BILINEAR))


def single_digit_image(rng, digits, labels, size=CLS):
    """A whole picture of one digit filling 45-90 % of it (image-labeler use)."""
    k = int(rng.integers(0, len(digits)))
    img = make_background(rng, size)
    h = int(size * rng.uniform(0.45, 0.9))
    w = max(6, int(h * rng.uniform(0.8, 1.2)))
    top = int(rng.integers(0, size - h + 1))
    left = int(rng.integers(0, max(1, size - w + 1)))
    local = img[top:top + h, left:left + w].reshape(-1, 3).mean(0)
    paste_digit(img, render_digit(digits[k], h, w), digit_colour(rng, local), top, left)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8), int(labels[k])


def classifier_data(rng, digits, labels, n):
    xs, ys = [], []
    while len(xs) < n:
        if rng.uniform() < 0.2:
            im, lab = single_digit_image(rng, digits, labels)
            xs.append(im); ys.append(lab)
            continue
        size = int(rng.choice([128, 128, 160, 192]))
        img, boxes = make_scene(rng, digits, labels, size=size)
        for b in boxes:
            if len(xs) < n:
                xs.append(crop_resize(img, b, jitter=0.08, rng=rng)); ys.append(b[4])
    return np.stack(xs), np.array(ys, np.int32)


def detector_data(rng, digits, labels, n):
    xs, bs = [], []
    for _ in range(n):
        if rng.uniform() < 0.3:
            # a larger scene shrunk to the model size, as a pipeline would
            size = int(rng.choice([160, 192, 256]))
            img, boxes = make_scene(rng, digits, labels, size=size)
            img = np.asarray(Image.fromarray(img).resize((SCENE, SCENE), Image.BILINEAR))
        else:
            size = SCENE
            img, boxes = make_scene(rng, digits, labels)
        xs.append(img)
        bs.append([(b[0] / size, b[1] / size, b[2] / size, b[3] / size, b[4]) for b in boxes])
    return np.stack(xs), bs


# ---------------------------------------------------------------------------------------
# Models
# ---------------------------------------------------------------------------------------

L = tf.keras.layers


def conv_bn(x, filters, k, stride, name):
    x = L.Conv2D(filters, k, strides=stride, padding="same", use_bias=False, name=name)(x)
    x = L.BatchNormalization(name=name + "_bn")(x)
    return L.ReLU(6.0, name=name + "_relu6")(x)


def sep(x, filters, stride, name):
    x = L.DepthwiseConv2D(3, strides=stride, padding="same", use_bias=False, name=name + "_dw")(x)
    x = L.BatchNormalization(name=name + "_dw_bn")(x)
    x = L.ReLU(6.0, name=name + "_dw_relu6")(x)
    return conv_bn(x, filters, 1, 1, name + "_pw")


def build_classifier():
    # Plain 3x3 convolutions: on a shared CPU they train about twice as fast in TensorFlow
    # as depthwise-separable blocks of the same size, and the model stays tiny (~100K params).
    inp = L.Input((CLS, CLS, 3), name="image")
    x = conv_bn(inp, 16, 3, 2, "conv0")          # 32
    x = conv_bn(x, 32, 3, 2, "conv1")            # 16
    x = conv_bn(x, 64, 3, 2, "conv2")            # 8
    x = conv_bn(x, 128, 3, 2, "conv3")           # 4
    x = L.GlobalAveragePooling2D(name="pool")(x)
    x = L.Dropout(0.2)(x)
    logits = L.Dense(NUM_CLASSES, name="logits")(x)
    return tf.keras.Model(inp, logits, name="digits_classifier")


def build_detector():
    inp = L.Input((SCENE, SCENE, 3), name="image")
    x = conv_bn(inp, 8, 3, 2, "conv0")           # 64
    x = conv_bn(x, 16, 3, 2, "conv1")            # 32
    x = conv_bn(x, 32, 3, 2, "conv2")            # 16
    f16 = conv_bn(x, 48, 3, 1, "conv3")
    x = conv_bn(f16, 64, 3, 2, "conv4")          # 8
    f8 = conv_bn(x, 64, 3, 1, "conv5")
    boxes, logits = [], []
    for f, (cells, _) in zip([f16, f8], FEATURE_MAPS):
        b = L.Conv2D(ANCHORS_PER_CELL * 4, 1, padding="same", name=f"box_{cells}")(f)
        c = L.Conv2D(ANCHORS_PER_CELL * (NUM_CLASSES + 1), 3, padding="same", name=f"cls_{cells}")(f)
        # tf.reshape with a -1 batch keeps a single RESHAPE op (Keras' Reshape adds SHAPE/PACK)
        n = cells * cells * ANCHORS_PER_CELL
        boxes.append(L.Lambda(lambda t, n=n: tf.reshape(t, [-1, n, 4]), name=f"box_flat_{cells}")(b))
        logits.append(L.Lambda(lambda t, n=n: tf.reshape(t, [-1, n, NUM_CLASSES + 1]), name=f"cls_flat_{cells}")(c))
    box = L.Concatenate(axis=1, name="box_encodings")(boxes)
    cls = L.Concatenate(axis=1, name="class_logits")(logits)
    return tf.keras.Model(inp, [box, cls], name="digits_detector")


ANCHOR_SCALE = 1.0 / 255.0   # anchors are stored as uint8 with this scale (zero point 0)


def make_anchors():
    """Anchors (ycenter, xcenter, h, w), already rounded to their uint8 values: with uint8 box
    encodings, TFLite_Detection_PostProcess reads the anchors as quantized too (float32 anchors
    are only read when the box encodings are float32), so training uses the exact same values."""
    out = []
    for cells, sizes in FEATURE_MAPS:
        for i in range(cells):
            for j in range(cells):
                for s in sizes:
                    for a in ASPECTS:
                        out.append(((i + 0.5) / cells, (j + 0.5) / cells, s, s * a))
    q = np.clip(np.rint(np.array(out, np.float64) / ANCHOR_SCALE), 0, 255)
    return (q * ANCHOR_SCALE).astype(np.float32)


def encode_targets(anchors, boxes):
    """SSD matching: IoU >= 0.5 positive (and each box's best anchor), < 0.4 background,
    otherwise ignored (-1). Returns encodings (N,4) and classes (N,) with 0 = background."""
    n = len(anchors)
    enc = np.zeros((n, 4), np.float32)
    cls = np.zeros((n,), np.int32)
    if not boxes:
        return enc, cls
    ay0 = anchors[:, 0] - anchors[:, 2] / 2; ay1 = anchors[:, 0] + anchors[:, 2] / 2
    ax0 = anchors[:, 1] - anchors[:, 3] / 2; ax1 = anchors[:, 1] + anchors[:, 3] / 2
    gt = np.array([b[:4] for b in boxes], np.float32)
    iy = np.clip(np.minimum(ay1[:, None], gt[None, :, 2]) - np.maximum(ay0[:, None], gt[None, :, 0]), 0, None)
    ix = np.clip(np.minimum(ax1[:, None], gt[None, :, 3]) - np.maximum(ax0[:, None], gt[None, :, 1]), 0, None)
    inter = iy * ix
    area_a = (anchors[:, 2] * anchors[:, 3])[:, None]
    area_g = ((gt[:, 2] - gt[:, 0]) * (gt[:, 3] - gt[:, 1]))[None, :]
    iou = inter / (area_a + area_g - inter)
    best = iou.argmax(1)
    best_iou = iou.max(1)
    cls[:] = 0
    cls[(best_iou >= 0.4) & (best_iou < 0.5)] = -1
    pos = best_iou >= 0.5
    forced = iou.argmax(0)
    best[forced] = np.arange(len(boxes))
    pos[forced] = True
    g = gt[best]
    gh, gw = g[:, 2] - g[:, 0], g[:, 3] - g[:, 1]
    gy, gx = g[:, 0] + gh / 2, g[:, 1] + gw / 2
    e = np.stack([(gy - anchors[:, 0]) / anchors[:, 2] * BOX_SCALES[0],
                  (gx - anchors[:, 1]) / anchors[:, 3] * BOX_SCALES[1],
                  np.log(gh / anchors[:, 2]) * BOX_SCALES[2],
                  np.log(gw / anchors[:, 3]) * BOX_SCALES[3]], 1)
    enc[pos] = e[pos]
    labels = np.array([b[4] for b in boxes], np.int32)
    cls[pos] = labels[best[pos]] + 1
    return enc, cls


def normalize(x):
    return x.astype(np.float32) / 127.5 - 1.0


def train_classifier(xtr, ytr, xval, yval, epochs):
    model = build_classifier()
    steps = epochs * int(np.ceil(len(xtr) / 64))
    opt = tf.keras.optimizers.Adam(tf.keras.optimizers.schedules.CosineDecay(3e-3, steps, alpha=0.02))
    model.compile(opt, tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    model.fit(normalize(xtr), ytr, batch_size=64, epochs=epochs, shuffle=True,
              validation_data=(normalize(xval), yval), verbose=2)
    return model


def train_detector(x, enc, cls, epochs, batch=32):
    model = build_detector()
    n = len(x)
    steps_per_epoch = n // batch
    sched = tf.keras.optimizers.schedules.CosineDecay(3e-3, epochs * steps_per_epoch, alpha=0.02)
    opt = tf.keras.optimizers.Adam(sched)

    @tf.function
    def step(xb, eb, cb):
        with tf.GradientTape() as tape:
            pb, pc = model(xb, training=True)
            pos = cb > 0
            posf = tf.cast(pos, tf.float32)
            npos = tf.maximum(tf.reduce_sum(posf, 1), 1.0)                     # per image
            diff = tf.abs(pb - eb)
            sl1 = tf.reduce_sum(tf.where(diff < 1.0, 0.5 * diff * diff, diff - 0.5), -1)
            loc = tf.reduce_sum(sl1 * posf, 1) / npos
            ce = tf.nn.sparse_softmax_cross_entropy_with_logits(tf.maximum(cb, 0), pc)
            neg = tf.cast(tf.equal(cb, 0), tf.float32)
            # hard negative mining, 3 negatives per positive (at least 8 per image)
            neg_ce = ce * neg - (1.0 - neg) * 1e9
            rank = tf.argsort(tf.argsort(neg_ce, axis=1, direction="DESCENDING"), axis=1)
            k = tf.maximum(3.0 * tf.reduce_sum(posf, 1), 8.0)
            hard = tf.cast(tf.cast(rank, tf.float32) < k[:, None], tf.float32) * neg
            conf = tf.reduce_sum(ce * (posf + hard), 1) / npos
            loss = tf.reduce_mean(loc + conf) + tf.add_n(model.losses) if model.losses else tf.reduce_mean(loc + conf)
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return tf.reduce_mean(loc), tf.reduce_mean(conf)

    rng = np.random.default_rng(SEED + 7)
    t0 = time.time()
    for ep in range(epochs):
        order = rng.permutation(n)
        tl = tc = 0.0
        for s in range(steps_per_epoch):
            b = order[s * batch:(s + 1) * batch]
            xb = normalize(x[b])
            if True:  # horizontal colour jitter only; digits are not mirror-symmetric
                xb = xb * rng.uniform(0.8, 1.2, (len(b), 1, 1, 3)).astype(np.float32)
            l, c = step(tf.constant(xb), tf.constant(enc[b]), tf.constant(cls[b]))
            tl += float(l); tc += float(c)
        log(f"detector epoch {ep + 1}/{epochs}: loc {tl / steps_per_epoch:.3f} conf {tc / steps_per_epoch:.3f} "
            f"({time.time() - t0:.0f} s)")
    return model


# ---------------------------------------------------------------------------------------
# Export
# ---------------------------------------------------------------------------------------

def quantize(model, rep, io_type=tf.uint8):
    conv = tf.lite.TFLiteConverter.from_keras_model(model)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]

    def gen():
        for i in range(len(rep)):
            yield [normalize(rep[i:i + 1])]
    conv.representative_dataset = gen
    conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    conv.inference_input_type = io_type
    conv.inference_output_type = io_type
    conv.experimental_new_quantizer = True
    return conv.convert()


def op_names(buf):
    m = flatbuffer_utils.convert_bytearray_to_object(bytearray(buf))
    names = []
    builtin = {v: k for k, v in _tfl.BuiltinOperator.__dict__.items() if not k.startswith("_")}
    for sg in m.subgraphs:
        for op in sg.operators:
            oc = m.operatorCodes[op.opcodeIndex]
            code = max(oc.builtinCode, oc.deprecatedBuiltinCode)
            names.append(builtin[code] if code != _tfl.BuiltinOperator.CUSTOM else "CUSTOM:" + oc.customCode.decode())
    return names


def check_ops(name, buf, allowed=ALLOWED_OPS):
    ops = op_names(buf)
    bad = sorted({o for o in ops if o.split(":")[0] not in allowed})
    if bad:
        raise SystemExit(f"{name}: operators outside the allowed set: {bad}")
    counts = {}
    for o in ops:
        counts[o] = counts.get(o, 0) + 1
    return counts


def tidy(buf, input_name, output_names):
    """Renames the graph's input/output tensors and drops signature defs."""
    m = flatbuffer_utils.convert_bytearray_to_object(bytearray(buf))
    sg = m.subgraphs[0]
    sg.tensors[sg.inputs[0]].name = input_name.encode()
    for t, n in zip(sg.outputs, output_names):
        sg.tensors[t].name = n.encode()
    m.signatureDefs = []
    m.description = b"Ocellus default model (Models/tools/make_models.py)"
    return bytes(flatbuffer_utils.convert_object_to_bytearray(m))


class _FixedClock:
    """Stands in for the `time` module inside `zipfile`: tflite-support writes the associated
    files with `ZipFile.writestr`, which stamps the current time; a fixed stamp
    (2026-01-01 00:00) makes the models byte-for-byte reproducible."""
    STAMP = 1767225600.0

    def __getattr__(self, name):
        return getattr(time, name)

    def time(self):
        return self.STAMP

    def localtime(self, secs=None):
        return time.gmtime(self.STAMP)


def f32(v):
    return float(np.float32(v))


def append_postprocess(buf, anchors, max_detections=10, score_threshold=1e-8, iou_threshold=0.5):
    """Appends TFLite_Detection_PostProcess to a model whose outputs are box encodings
    [1,N,4] and class scores [1,N,C+1] (uint8); anchors become a uint8 constant."""
    m = flatbuffer_utils.convert_bytearray_to_object(bytearray(buf))
    sg = m.subgraphs[0]
    box_t, cls_t = sg.outputs[0], sg.outputs[1]
    assert list(sg.tensors[box_t].shape)[-1] == 4, sg.tensors[box_t].shape

    def add_buffer(data=None):
        b = _tfl.BufferT()
        b.data = None if data is None else np.frombuffer(data, np.uint8)
        m.buffers.append(b)
        return len(m.buffers) - 1

    def add_tensor(name, shape, ttype, data=None):
        t = _tfl.TensorT()
        t.name = name.encode()
        t.shape = np.array(shape, np.int32)
        t.type = ttype
        t.buffer = add_buffer(data)
        sg.tensors.append(t)
        return len(sg.tensors) - 1

    q = np.rint(anchors.astype(np.float64) / ANCHOR_SCALE)
    assert q.min() >= 0 and q.max() <= 255 and np.allclose(q * ANCHOR_SCALE, anchors, atol=1e-6)
    anchors_t = add_tensor("anchors", anchors.shape, _tfl.TensorType.UINT8, q.astype(np.uint8).tobytes())
    qp = _tfl.QuantizationParametersT()
    qp.scale = np.array([ANCHOR_SCALE], np.float32)
    qp.zeroPoint = np.array([0], np.int64)
    sg.tensors[anchors_t].quantization = qp
    outs = [add_tensor("TFLite_Detection_PostProcess", [1, max_detections, 4], _tfl.TensorType.FLOAT32),
            add_tensor("TFLite_Detection_PostProcess:1", [1, max_detections], _tfl.TensorType.FLOAT32),
            add_tensor("TFLite_Detection_PostProcess:2", [1, max_detections], _tfl.TensorType.FLOAT32),
            add_tensor("TFLite_Detection_PostProcess:3", [1], _tfl.TensorType.FLOAT32)]

    oc = _tfl.OperatorCodeT()
    oc.builtinCode = _tfl.BuiltinOperator.CUSTOM
    oc.deprecatedBuiltinCode = _tfl.BuiltinOperator.CUSTOM
    oc.customCode = b"TFLite_Detection_PostProcess"
    oc.version = 1
    m.operatorCodes.append(oc)

    fbb = flexbuffers.Builder()
    with fbb.Map():
        fbb.Int("max_detections", max_detections)
        fbb.Int("max_classes_per_detection", 1)
        fbb.Int("detections_per_class", 100)
        fbb.Bool("use_regular_nms", False)
        fbb.Float("nms_score_threshold", f32(score_threshold))
        fbb.Float("nms_iou_threshold", f32(iou_threshold))
        fbb.Int("num_classes", NUM_CLASSES)
        fbb.Float("y_scale", f32(BOX_SCALES[0]))
        fbb.Float("x_scale", f32(BOX_SCALES[1]))
        fbb.Float("h_scale", f32(BOX_SCALES[2]))
        fbb.Float("w_scale", f32(BOX_SCALES[3]))
    options = bytes(fbb.Finish())

    op = _tfl.OperatorT()
    op.opcodeIndex = len(m.operatorCodes) - 1
    op.inputs = np.array([box_t, cls_t, anchors_t], np.int32)
    op.outputs = np.array(outs, np.int32)
    op.customOptions = np.frombuffer(options, np.uint8)
    op.customOptionsFormat = _tfl.CustomOptionsFormat.FLEXBUFFERS
    sg.operators.append(op)
    sg.outputs = np.array(outs, np.int32)
    m.signatureDefs = []
    return bytes(flatbuffer_utils.convert_object_to_bytearray(m))


def add_score_threshold(model_with_md, model_plain, label_files, threshold):
    """Adds ScoreThresholdingOptions to the output tensor's process units (the metadata
    writers have no field for it) and repopulates metadata and associated files."""
    md_buf = _metadata.MetadataDisplayer.with_model_buffer(model_with_md).get_metadata_buffer()
    mm = _md.ModelMetadataT.InitFromObj(_md.ModelMetadata.GetRootAsModelMetadata(md_buf, 0))
    out = mm.subgraphMetadata[0].outputTensorMetadata[0]
    pu = _md.ProcessUnitT()
    pu.optionsType = _md.ProcessUnitOptions.ScoreThresholdingOptions
    pu.options = _md.ScoreThresholdingOptionsT()
    pu.options.globalScoreThreshold = threshold
    out.processUnits = (out.processUnits or []) + [pu]
    import flatbuffers
    b = flatbuffers.Builder(0)
    b.Finish(mm.Pack(b), _metadata.MetadataPopulator.METADATA_FILE_IDENTIFIER)
    pop = _metadata.MetadataPopulator.with_model_buffer(model_plain)
    pop.load_metadata_buffer(bytes(b.Output()))
    pop.load_associated_files(label_files)
    pop.populate()
    return bytes(pop.get_model_buffer())


def classifier_metadata(buf, label_path, io_name="uint8"):
    general = metadata_info.GeneralMd(
        name="Ocellus digits classifier",
        version="1",
        description="Classifies a handwritten digit (0-9) in a 64x64 RGB crop. Trained by "
                    "Models/tools/make_models.py on scikit-learn's digits composited on noisy "
                    "coloured backgrounds.",
        author=AUTHOR, licenses=LICENSE)
    inp = metadata_info.InputImageTensorMd(
        name="image", description="RGB image, 64x64, uint8; normalized as (pixel - 127.5) / 127.5.",
        norm_mean=[127.5], norm_std=[127.5], color_space_type=_md.ColorSpaceType.RGB,
        tensor_type=writer_utils.get_input_tensor_types(buf)[0])
    out = metadata_info.ClassificationTensorMd(
        name="probability", description="Probabilities of the 10 digits.",
        label_files=[metadata_info.LabelFileMd(file_path=label_path)],
        tensor_type=writer_utils.get_output_tensor_types(buf)[0])
    with_md = image_classifier.MetadataWriter.create_from_metadata_info(buf, general, inp, out).populate()
    return add_score_threshold(with_md, buf, [label_path], 0.3)


def detector_metadata(buf, label_path):
    w = object_detector.MetadataWriter.create_for_inference(buf, [127.5], [127.5], [label_path])
    with_md = w.populate()
    md_buf = _metadata.MetadataDisplayer.with_model_buffer(with_md).get_metadata_buffer()
    mm = _md.ModelMetadataT.InitFromObj(_md.ModelMetadata.GetRootAsModelMetadata(md_buf, 0))
    mm.name = "Ocellus digits detector"
    mm.version = "1"
    mm.author = AUTHOR
    mm.license = LICENSE
    mm.description = ("SSD-style detector of handwritten digits (0-9) in 128x128 RGB images; "
                      "ends in TFLite_Detection_PostProcess. Trained by Models/tools/make_models.py "
                      "on scikit-learn's digits composited into scenes.")
    import flatbuffers
    b = flatbuffers.Builder(0)
    b.Finish(mm.Pack(b), _metadata.MetadataPopulator.METADATA_FILE_IDENTIFIER)
    pop = _metadata.MetadataPopulator.with_model_buffer(buf)
    pop.load_metadata_buffer(bytes(b.Output()))
    pop.load_associated_files([label_path])
    pop.populate()
    return bytes(pop.get_model_buffer())


# ---------------------------------------------------------------------------------------
# Evaluation with TF Lite's interpreter
# ---------------------------------------------------------------------------------------

def interpreter(buf):
    # TFLite's reference kernels: the optimized/XNNPACK kernels may differ by one quantum in
    # places; Ocellus matches the reference kernels byte for byte.
    it = tf.lite.Interpreter(model_content=buf, num_threads=1,
                             experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)
    it.allocate_tensors()
    return it


def classify(it, images):
    inp = it.get_input_details()[0]
    out = it.get_output_details()[0]
    res = []
    for im in images:
        if inp["dtype"] == np.int8:
            im = (im.astype(np.int16) - 128).astype(np.int8)
        it.set_tensor(inp["index"], im[None])
        it.invoke()
        res.append(it.get_tensor(out["index"])[0].copy())
    return np.stack(res)


def detect(it, image):
    inp = it.get_input_details()[0]
    if image.shape[0] != SCENE or image.shape[1] != SCENE:
        image = np.asarray(Image.fromarray(image).resize((SCENE, SCENE), Image.BILINEAR))
    it.set_tensor(inp["index"], image[None])
    it.invoke()
    outs = it.get_output_details()
    boxes, classes, scores, count = [it.get_tensor(o["index"]) for o in outs]
    n = int(count[0])
    return [(*boxes[0, i].tolist(), int(classes[0, i]), float(scores[0, i])) for i in range(n)]


def average_precision(dets, gts, iou_thr=0.5, class_agnostic=False):
    """VOC-style (all-point interpolated) AP. dets: per image list of (y0,x0,y1,x1,cls,score);
    gts: per image list of (y0,x0,y1,x1,cls). Returns (mAP over classes present, per-class)."""
    classes = [None] if class_agnostic else list(range(NUM_CLASSES))
    aps = {}
    for c in classes:
        recs = []
        npos = 0
        for i, (d, g) in enumerate(zip(dets, gts)):
            gi = [b for b in g if class_agnostic or b[4] == c]
            npos += len(gi)
            for b in d:
                if class_agnostic or b[4] == c:
                    recs.append((b[5], i, b[:4]))
        if npos == 0:
            continue
        recs.sort(key=lambda r: -r[0])
        used = {}
        tp = np.zeros(len(recs)); fp = np.zeros(len(recs))
        for k, (s, i, box) in enumerate(recs):
            gi = [b for b in gts[i] if class_agnostic or b[4] == c]
            best, bj = 0.0, -1
            for j, g in enumerate(gi):
                o = box_iou(box, g[:4])
                if o > best:
                    best, bj = o, j
            if best >= iou_thr and not used.get((i, bj)):
                tp[k] = 1; used[(i, bj)] = True
            else:
                fp[k] = 1
        tp, fp = np.cumsum(tp), np.cumsum(fp)
        rec = tp / npos
        prec = tp / np.maximum(tp + fp, 1e-9)
        mrec = np.concatenate([[0], rec, [1]]); mpre = np.concatenate([[0], prec, [0]])
        for k in range(len(mpre) - 2, -1, -1):
            mpre[k] = max(mpre[k], mpre[k + 1])
        idx = np.where(mrec[1:] != mrec[:-1])[0]
        aps["digit" if c is None else LABELS[c]] = float(np.sum((mrec[idx + 1] - mrec[idx]) * mpre[idx + 1]))
    return float(np.mean(list(aps.values()))), aps


# ---------------------------------------------------------------------------------------
# YOLO-layout detector (Ultralytics YOLOv8 output layout, no NMS in the graph)
# ---------------------------------------------------------------------------------------
#
# Scenes made like the SSD detector's (own seeds), an anchor-free head on the same two feature maps
# (16x16 and 8x8: 256 + 64 = 320 cells, row-major, the 16x16 map first) and one output
# [1, 4 + 10, 320], channels first like YOLOv8's [1, 4 + C, N]: rows 0-3 are the box centre
# x, y and width, height as fractions of the input (0..1), rows 4-13 the sigmoid scores of
# the ten digits. Decoding, inside the graph: raw = conv head; p = sigmoid(raw);
# cx = (j - 0.5 + 2 p) / cells, cy = (i - 0.5 + 2 p) / cells, w = p, h = p, score = p, i.e.
# one constant MUL and one constant ADD after the boxes' LOGISTIC, then a CONCATENATION with
# the scores and a TRANSPOSE.

YOLO_MAPS = [16, 8]                                  # cells per side, finest first
YOLO_CELLS = sum(c * c for c in YOLO_MAPS)          # 320
YOLO_CHANNELS = 4 + NUM_CLASSES                      # 14
YOLO_ALLOWED_OPS = {"CONV_2D", "DEPTHWISE_CONV_2D", "ADD", "MUL", "LOGISTIC", "CONCATENATION",
                    "RESHAPE", "TRANSPOSE", "QUANTIZE", "DEQUANTIZE", "PAD", "MEAN",
                    "FULLY_CONNECTED", "SOFTMAX"}
YOLO_CONF = 0.25                                     # Ultralytics' default score threshold
YOLO_NMS_IOU = 0.7                                   # Ultralytics' default NMS IoU
YOLO_MAX_DET = 300                                   # Ultralytics' default max_det
YOLO_SEED = SEED + 20                                # its own TF/NumPy seeds (weights, shuffling)


def yolo_grid():
    """Per cell and channel, the scale and offset that turn sigmoid(raw) into the output:
    out = sigmoid(raw) * scale + offset, both [YOLO_CELLS, YOLO_CHANNELS] float32."""
    scale = np.ones((YOLO_CELLS, YOLO_CHANNELS), np.float32)
    offset = np.zeros((YOLO_CELLS, YOLO_CHANNELS), np.float32)
    n = 0
    for cells in YOLO_MAPS:
        i, j = np.mgrid[0:cells, 0:cells]
        k = slice(n, n + cells * cells)
        scale[k, 0:2] = 2.0 / cells
        offset[k, 0] = (j.ravel() - 0.5) / cells
        offset[k, 1] = (i.ravel() - 0.5) / cells
        n += cells * cells
    return scale, offset


def build_yolo():
    """Returns the training model: image (pixel / 255) -> raw head outputs [B, 320, 14]."""
    inp = L.Input((SCENE, SCENE, 3), name="images")
    x = conv_bn(inp, 8, 3, 2, "conv0")           # 64
    x = conv_bn(x, 16, 3, 2, "conv1")            # 32
    x = conv_bn(x, 32, 3, 2, "conv2")            # 16
    f16 = conv_bn(x, 48, 3, 1, "conv3")
    x = conv_bn(f16, 64, 3, 2, "conv4")          # 8
    f8 = conv_bn(x, 64, 3, 1, "conv5")
    prior = float(-np.log((1 - 0.01) / 0.01))    # class scores start near 0.01
    raws = []
    for f, cells in zip([f16, f8], YOLO_MAPS):
        b = conv_bn(f, 32, 3, 1, f"box{cells}_conv")
        b = L.Conv2D(4, 1, name=f"box{cells}")(b)
        c = conv_bn(f, 32, 3, 1, f"cls{cells}_conv")
        c = L.Conv2D(NUM_CLASSES, 1, name=f"cls{cells}",
                     bias_initializer=tf.keras.initializers.Constant(prior))(c)
        o = L.Concatenate(name=f"head{cells}")([b, c])
        raws.append(L.Lambda(lambda t, n=cells * cells: tf.reshape(t, [-1, n, YOLO_CHANNELS]),
                             name=f"head{cells}_flat")(o))
    raw = L.Concatenate(axis=1, name="raw")(raws)
    return tf.keras.Model(inp, raw, name="digits_yolo_train")


def yolo_export_model(train_model):
    """Adds the in-graph decoding to the trained layers: box and class logits of both maps
    flattened and concatenated separately (so that int8 quantization gives each its own
    scale: sharing one costs about 2 mAP points, mostly in the widths and heights), sigmoid,
    the grid's scale and offset on the boxes, then [B, 320, 4 + 10] -> [B, 14, 320]."""
    scale, offset = yolo_grid()
    layer = train_model.get_layer
    boxes = [L.Lambda(lambda t, n=c * c: tf.reshape(t, [-1, n, 4]), name=f"box{c}_flat")(layer(f"box{c}").output)
             for c in YOLO_MAPS]
    logits = [L.Lambda(lambda t, n=c * c: tf.reshape(t, [-1, n, NUM_CLASSES]), name=f"cls{c}_flat")(layer(f"cls{c}").output)
              for c in YOLO_MAPS]
    b = L.Activation("sigmoid", name="box_sigmoid")(L.Concatenate(axis=1, name="box_raw")(boxes))
    b = L.Lambda(lambda t: t * scale[None, :, :4] + offset[None, :, :4], name="box_decode")(b)
    c = L.Activation("sigmoid", name="scores")(L.Concatenate(axis=1, name="cls_raw")(logits))
    o = L.Concatenate(axis=-1, name="decoded")([b, c])
    out = L.Lambda(lambda t: tf.transpose(t, [0, 2, 1]), name="output0")(o)
    return tf.keras.Model(train_model.input, out, name="digits_yolo")


def yolo_targets(boxes):
    """Centre assignment. On each map the cell holding the box centre is positive; on the
    16x16 map also its nearer neighbour in x and in y (as YOLOv5), whose centre offsets stay
    within the head's -0.5..1.5 cells. A cell claimed twice keeps the smaller box.
    boxes: normalized (ymin, xmin, ymax, xmax, label). Returns (cx, cy, w, h) [320, 4] and
    the class per cell [320] (-1 = negative)."""
    tb = np.zeros((YOLO_CELLS, 4), np.float32)
    tc = np.full((YOLO_CELLS,), -1, np.int32)
    area = np.full((YOLO_CELLS,), np.inf)
    for y0, x0, y1, x1, lab in boxes:
        cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
        base = 0
        for m, cells in enumerate(YOLO_MAPS):
            gx, gy = cx * cells, cy * cells
            j, i = min(int(gx), cells - 1), min(int(gy), cells - 1)
            cand = [(i, j)]
            if m == 0:
                cand.append((i, j - 1 if gx - j < 0.5 else j + 1))
                cand.append((i - 1 if gy - i < 0.5 else i + 1, j))
            for a, b in cand:
                if 0 <= a < cells and 0 <= b < cells:
                    k = base + a * cells + b
                    if w * h < area[k]:
                        tb[k] = (cx, cy, w, h); tc[k] = lab; area[k] = w * h
            base += cells * cells
    return tb, tc


def _giou_cxcywh(p, t):
    """IoU and GIoU of boxes given as (cx, cy, w, h) along the last axis (TensorFlow)."""
    px0, px1 = p[..., 0] - p[..., 2] / 2, p[..., 0] + p[..., 2] / 2
    py0, py1 = p[..., 1] - p[..., 3] / 2, p[..., 1] + p[..., 3] / 2
    tx0, tx1 = t[..., 0] - t[..., 2] / 2, t[..., 0] + t[..., 2] / 2
    ty0, ty1 = t[..., 1] - t[..., 3] / 2, t[..., 1] + t[..., 3] / 2
    iw = tf.nn.relu(tf.minimum(px1, tx1) - tf.maximum(px0, tx0))
    ih = tf.nn.relu(tf.minimum(py1, ty1) - tf.maximum(py0, ty0))
    inter = iw * ih
    union = p[..., 2] * p[..., 3] + t[..., 2] * t[..., 3] - inter + 1e-9
    iou = inter / union
    hull = (tf.maximum(px1, tx1) - tf.minimum(px0, tx0)) * (tf.maximum(py1, ty1) - tf.minimum(py0, ty0)) + 1e-9
    return iou, iou - (hull - union) / hull


def yolo_pixels(x):
    return x.astype(np.float32) / 255.0


def train_yolo(x, tbox, tcls, epochs, batch=32, iou_targets=True, log_every=1):
    """BCE on the ten class scores of every cell (the assigned class's target is the IoU of the
    predicted box with its ground truth when iou_targets, else 1), GIoU and L1 on the boxes of
    positive cells; each summed and divided by the batch's positive cells."""
    tf.keras.utils.set_random_seed(YOLO_SEED)
    model = build_yolo()
    scale, offset = yolo_grid()
    scale_t, offset_t = tf.constant(scale[None, :, :4]), tf.constant(offset[None, :, :4])
    n = len(x)
    steps_per_epoch = n // batch
    sched = tf.keras.optimizers.schedules.CosineDecay(3e-3, epochs * steps_per_epoch, alpha=0.02)
    opt = tf.keras.optimizers.Adam(sched)

    @tf.function
    def step(xb, tb, tc):
        with tf.GradientTape() as tape:
            raw = model(xb, training=True)
            pbox = tf.sigmoid(raw[..., :4]) * scale_t + offset_t
            posf = tf.cast(tc >= 0, tf.float32)
            npos = tf.maximum(tf.reduce_sum(posf), 1.0)
            iou, giou = _giou_cxcywh(pbox, tb)
            onehot = tf.one_hot(tc, NUM_CLASSES)             # -1 -> all zeros
            if iou_targets:
                target = onehot * tf.stop_gradient(tf.clip_by_value(iou, 0.0, 1.0))[..., None]
            else:
                target = onehot
            bce = tf.nn.sigmoid_cross_entropy_with_logits(target, raw[..., 4:])
            l_cls = tf.reduce_sum(bce) / npos
            l_iou = tf.reduce_sum((1.0 - giou) * posf) / npos
            l_l1 = tf.reduce_sum(tf.reduce_sum(tf.abs(pbox - tb), -1) * posf) * YOLO_MAPS[0] / npos
            loss = l_cls + 2.5 * l_iou + 0.5 * l_l1
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return l_cls, l_iou, l_l1

    rng = np.random.default_rng(YOLO_SEED + 1)
    t0 = time.time()
    for ep in range(epochs):
        order = rng.permutation(n)
        acc = np.zeros(3)
        for s in range(steps_per_epoch):
            b = order[s * batch:(s + 1) * batch]
            # colour jitter only (digits are not mirror-symmetric), kept within 0..1
            xb = np.clip(yolo_pixels(x[b]) * rng.uniform(0.8, 1.2, (len(b), 1, 1, 3)).astype(np.float32), 0, 1)
            acc += [float(v) for v in step(tf.constant(xb), tf.constant(tbox[b]), tf.constant(tcls[b]))]
        if (ep + 1) % log_every == 0 or ep + 1 == epochs:
            acc /= steps_per_epoch
            log(f"yolo epoch {ep + 1}/{epochs}: cls {acc[0]:.3f} giou {acc[1]:.3f} l1 {acc[2]:.3f} "
                f"({time.time() - t0:.0f} s)")
    return model


def yolo_quantize(model, rep):
    """Full-integer post-training quantization, int8 input (pixel / 255) and int8 output."""
    conv = tf.lite.TFLiteConverter.from_keras_model(model)
    conv.optimizations = [tf.lite.Optimize.DEFAULT]

    def gen():
        for i in range(len(rep)):
            yield [yolo_pixels(rep[i:i + 1])]
    conv.representative_dataset = gen
    conv.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
    conv.inference_input_type = tf.int8
    conv.inference_output_type = tf.int8
    conv.experimental_new_quantizer = True
    return conv.convert()


def yolo_float(model):
    return tf.lite.TFLiteConverter.from_keras_model(model).convert()


def yolo_nms(out, conf=YOLO_CONF, iou=YOLO_NMS_IOU, max_det=YOLO_MAX_DET):
    """Decodes one [14, N] output (float; dequantized for the int8 model) as Ultralytics
    does: score = best class score, class = its index, keep score > conf; class-aware NMS in
    descending score order (ties: lower cell index first), a box suppressed when its IoU with a
    kept box of the same class is > iou, at most max_det boxes; boxes cx, cy, w, h -> corners,
    clipped to 0..1 after NMS. Returns (ymin, xmin, ymax, xmax, class, score) tuples, normalized."""
    scores = out[4:]
    cls = scores.argmax(0)
    best = scores.max(0)
    keep = np.where(best > conf)[0]
    keep = keep[np.argsort(-best[keep], kind="stable")]
    cx, cy, w, h = out[0, keep], out[1, keep], out[2, keep], out[3, keep]
    x0, y0, x1, y1 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
    area = np.maximum(x1 - x0, 0) * np.maximum(y1 - y0, 0)
    alive = np.ones(len(keep), bool)
    res = []
    for a in range(len(keep)):
        if not alive[a]:
            continue
        if len(res) == max_det:
            break
        res.append((float(np.clip(y0[a], 0, 1)), float(np.clip(x0[a], 0, 1)),
                    float(np.clip(y1[a], 0, 1)), float(np.clip(x1[a], 0, 1)),
                    int(cls[keep[a]]), float(best[keep[a]])))
        r = np.arange(a + 1, len(keep))
        r = r[alive[r] & (cls[keep[r]] == cls[keep[a]])]
        iw = np.maximum(np.minimum(x1[a], x1[r]) - np.maximum(x0[a], x0[r]), 0)
        ih = np.maximum(np.minimum(y1[a], y1[r]) - np.maximum(y0[a], y0[r]), 0)
        inter = iw * ih
        o = inter / np.maximum(area[a] + area[r] - inter, 1e-12)
        alive[r[o > iou]] = False
    return res


def yolo_run(it, image):
    """One image through a YOLO TFLite model; returns the dequantized [14, N] output."""
    inp = it.get_input_details()[0]
    outd = it.get_output_details()[0]
    x = yolo_pixels(image)[None]
    if inp["dtype"] == np.int8:
        s, z = inp["quantization"]
        x = np.clip(np.rint(x / s) + z, -128, 127).astype(np.int8)
    it.set_tensor(inp["index"], x)
    it.invoke()
    y = it.get_tensor(outd["index"])[0]
    if outd["dtype"] == np.int8:
        s, z = outd["quantization"]
        y = (y.astype(np.float32) - z) * s
    return y


def yolo_tensor_info(detail):
    """dtype, shape and (for quantized tensors) scale and zero point of an interpreter tensor."""
    r = dict(name=detail["name"], dtype=np.dtype(detail["dtype"]).name,
             shape=[int(v) for v in detail["shape"]])
    scale, zero = detail["quantization"]
    if scale:
        r["scale"] = float(scale)
        r["zero_point"] = int(zero)
    return r


def yolo_evaluate(buf, scenes, k):
    """mAP@0.5 of a YOLO TFLite model (reference kernels) on held-out scenes; k: the shipped ones."""
    it = interpreter(buf)
    dets = [yolo_nms(yolo_run(it, im)) for im, _ in scenes]
    gts = [[(b[0] / SCENE, b[1] / SCENE, b[2] / SCENE, b[3] / SCENE, b[4]) for b in bx] for _, bx in scenes]
    m, ap = average_precision(dets, gts)
    agn, _ = average_precision(dets, gts, class_agnostic=True)
    ship, _ = average_precision(dets[:k], gts[:k])
    ship_agn, _ = average_precision(dets[:k], gts[:k], class_agnostic=True)
    return dict(heldout_scenes=len(scenes), heldout_objects=int(sum(len(g) for g in gts)),
                map50=m, ap50_per_class=ap, ap50_class_agnostic=agn,
                detections_per_image=float(np.mean([len(d) for d in dets])),
                shipped_heldout_scenes=k, shipped_heldout_map50=ship,
                shipped_heldout_ap50_class_agnostic=ship_agn), it


def make_yolo(args):
    """Trains (or loads from the cache) the YOLO-layout detector, writes digits_yolo.tflite,
    digits_yolo_int8.tflite and digits_yolo_labels.txt, and adds their evaluation to
    evaluation.json. Uses only its own random generators (YOLO_SEED) and the fixed held-out
    scenes, so it gives the same files whether it runs alone or after the other models."""
    out = args.out
    os.makedirs(out, exist_ok=True)
    (trd, trl), (ted, tel) = load_split()
    xy, by = detector_data(np.random.default_rng(YOLO_SEED + 2), trd, trl, args.yolo_train)
    tbox = np.zeros((len(xy), YOLO_CELLS, 4), np.float32)
    tcls = np.zeros((len(xy), YOLO_CELLS), np.int32)
    for i, b in enumerate(by):
        tbox[i], tcls[i] = yolo_targets(b)
    log(f"yolo data: {xy.shape}, {int((tcls >= 0).sum()) / len(xy):.1f} positive cells/scene")
    # the held-out scenes of the SSD detector: the same generator and seed, regenerated
    rng_test = np.random.default_rng(SEED + 3)
    test_scenes = [make_scene(rng_test, ted, tel) for _ in range(args.heldout_scenes)]

    os.makedirs(args.cache, exist_ok=True)
    yw = os.path.join(args.cache, f"yolo_{len(xy)}_{args.yolo_epochs}.weights.h5")
    if os.path.exists(yw):
        tf.keras.utils.set_random_seed(YOLO_SEED)
        model = build_yolo(); model.load_weights(yw); log("yolo weights from", yw)
    else:
        t0 = time.time()
        model = train_yolo(xy, tbox, tcls, args.yolo_epochs)
        log(f"yolo training: {time.time() - t0:.0f} s")
        model.save_weights(yw)
    export = yolo_export_model(model)

    fbuf = tidy(yolo_float(export), "images", ["output0"])
    qbuf = tidy(yolo_quantize(export, xy[:300]), "images", ["output0"])
    fops = check_ops("yolo", fbuf, YOLO_ALLOWED_OPS)
    qops = check_ops("yolo (int8)", qbuf, YOLO_ALLOWED_OPS)
    files = {"digits_yolo.tflite": fbuf, "digits_yolo_int8.tflite": qbuf}
    for name, buf in files.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(buf)
    with open(os.path.join(out, "digits_yolo_labels.txt"), "w", newline="\n") as f:
        f.write("\n".join(LABELS) + "\n")

    # Keras float (reference figure) and both TFLite files with TF Lite's reference kernels
    imgs = np.stack([im for im, _ in test_scenes])
    kout = export.predict(yolo_pixels(imgs), batch_size=50, verbose=0)
    gts = [[(b[0] / SCENE, b[1] / SCENE, b[2] / SCENE, b[3] / SCENE, b[4]) for b in bx] for _, bx in test_scenes]
    keras_map, _ = average_precision([yolo_nms(o) for o in kout], gts)
    k = min(args.shipped_heldout, len(test_scenes))
    fev, fit = yolo_evaluate(fbuf, test_scenes, k)
    qev, qit = yolo_evaluate(qbuf, test_scenes, k)
    for name, it, ev in (("float", fit, fev), ("int8", qit, qev)):
        i, o = it.get_input_details()[0], it.get_output_details()[0]
        if list(i["shape"]) != [1, SCENE, SCENE, 3] or list(o["shape"]) != [1, YOLO_CHANNELS, YOLO_CELLS]:
            raise SystemExit(f"yolo ({name}): unexpected shapes {i['shape']} -> {o['shape']}")
        ev["input"], ev["output"] = yolo_tensor_info(i), yolo_tensor_info(o)
        log(f"yolo {name}: mAP50 {ev['map50']:.4f} (class-agnostic {ev['ap50_class_agnostic']:.4f}), "
            f"{len(files['digits_yolo.tflite' if name == 'float' else 'digits_yolo_int8.tflite'])} bytes")

    def sha(buf):
        return hashlib.sha256(buf).hexdigest()

    settings = dict(decoding="score = max class score, class = its index; keep score > conf",
                    conf=YOLO_CONF, nms="per class, in descending score order; IoU > nms_iou suppresses",
                    nms_iou=YOLO_NMS_IOU, max_det=YOLO_MAX_DET)
    layout = ("[1, 4 + 10, 320] (Ultralytics YOLOv8 [1, 4 + C, N]): rows 0-3 box centre x, centre y, "
              "width, height as fractions of the input; rows 4-13 sigmoid scores of the digits 0-9; "
              "columns: the 16x16 cells then the 8x8 cells, row-major; no NMS in the graph")
    yolo = dict(
        file="digits_yolo.tflite", sha256=sha(fbuf), bytes=len(fbuf), labels="digits_yolo_labels.txt",
        input_pixels="RGB pixel / 255 (no mean subtraction), 128x128, no letterbox needed for the scenes",
        layout=layout, ops=fops, params=int(model.count_params()),
        train_scenes=int(len(xy)), epochs=args.yolo_epochs, seed=YOLO_SEED,
        keras_float_map50=keras_map, **fev, settings=settings)
    yolo_int8 = dict(
        file="digits_yolo_int8.tflite", sha256=sha(qbuf), bytes=len(qbuf), labels="digits_yolo_labels.txt",
        quantization=("full integer (int8 weights per channel, int8 activations), int8 input and output; "
                      "300 training scenes as the representative set"),
        ops=qops, **qev,
        note="same Keras model as digits_yolo.tflite; evaluated on the dequantized output")
    ev_path = os.path.join(out, "evaluation.json")
    ev = {}
    if os.path.exists(ev_path):
        with open(ev_path) as f:
            ev = json.load(f)
    ev["yolo"] = yolo
    ev["yolo_int8"] = yolo_int8
    with open(ev_path, "w") as f:
        json.dump(ev, f, indent=1)
        f.write("\n")
    log(json.dumps({n: {k2: v for k2, v in e.items() if k2 in ("bytes", "map50", "ap50_class_agnostic", "shipped_heldout_map50")}
                    for n, e in (("yolo", yolo), ("yolo_int8", yolo_int8))}, indent=1))


# ---------------------------------------------------------------------------------------
# Samples
# ---------------------------------------------------------------------------------------

def save_png(path, img):
    Image.fromarray(img).save(path, optimize=True)


def make_sequence(rng, digits, labels, frames=24, size=SCENE):
    """Three digits moving; 'C' leaves through the right edge and comes back."""
    bg = make_background(rng, size, noise=0.0)
    picks = rng.choice(len(digits), 3, replace=False)
    objs = []
    specs = [  # (height px, start y, start x, dy, dx)
        (40, 10, 6, 0.6, 1.6),
        (36, 84, 60, -0.3, -1.6),
        (42, 38, 70, 0.0, 4.2),     # leaves on the right (frames 12-15 hidden), comes back
    ]
    for k, (h, y, x, dy, dx) in zip(picks, specs):
        alpha = render_digit(digits[k], h, int(h * 0.95))
        local = bg[y:y + h, x:x + h].reshape(-1, 3).mean(0)
        objs.append(dict(alpha=alpha, colour=digit_colour(rng, local), y=y, x=x, dy=dy, dx=dx,
                         label=int(labels[k])))
    seq = []
    for f in range(frames):
        img = bg + rng.normal(0, 2.0, bg.shape)
        truth = []
        for tid, o in enumerate(objs):
            if tid == 2:
                # out to the right, hidden for a few frames, then back moving left
                x = 70 + 4.2 * f if f <= 11 else (size + 12 if f <= 15 else size - 5.0 * (f - 15))
                y = o["y"]
            else:
                y, x = o["y"] + o["dy"] * f, o["x"] + o["dx"] * f
            box = paste_digit(img, o["alpha"], o["colour"], int(round(y)), int(round(x)))
            if box is not None:
                full = (box[2] - box[0]) * (box[3] - box[1])
                ink = ink_box(o["alpha"])
                whole = (ink[2] - ink[0]) * (ink[3] - ink[1])
                truth.append(dict(track=tid + 1, label=str(o["label"]),
                                  box=[box[0] / size, box[1] / size, box[2] / size, box[3] / size],
                                  visible_fraction=round(full / whole, 3)))
        seq.append((np.clip(np.rint(img), 0, 255).astype(np.uint8), truth))
    return seq


# ---------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.dirname(here), help="output folder (default: Models/)")
    ap.add_argument("--quick", action="store_true", help="tiny data and epochs, output to /tmp")
    ap.add_argument("--cls-train", type=int, default=16000)
    ap.add_argument("--cls-epochs", type=int, default=15)
    ap.add_argument("--det-train", type=int, default=8000)
    ap.add_argument("--det-epochs", type=int, default=24)
    ap.add_argument("--heldout-scenes", type=int, default=400, help="held-out scenes for evaluation")
    ap.add_argument("--cache", default="/tmp/ocellus-models-cache",
                    help="trained Keras weights are kept here and reused when the data and epochs match")
    ap.add_argument("--shipped-heldout", type=int, default=60, help="held-out scenes written as PNG")
    ap.add_argument("--only", choices=["yolo"],
                    help="make only these models (yolo: digits_yolo*.tflite and their entries in "
                         "evaluation.json), leaving every other file as it is")
    ap.add_argument("--yolo-train", type=int, default=8000)
    ap.add_argument("--yolo-epochs", type=int, default=20)
    args = ap.parse_args()
    if args.quick:
        args.out = "/tmp/ocellus-models-quick"
        args.cls_train, args.cls_epochs, args.det_train, args.det_epochs = 1500, 1, 600, 1
        args.heldout_scenes, args.shipped_heldout = 60, 10
        args.cache = "/tmp/ocellus-models-quick-cache"
        args.yolo_train, args.yolo_epochs = 600, 1

    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.keras.utils.set_random_seed(SEED)
    tf.config.experimental.enable_op_determinism()
    if args.only == "yolo":
        make_yolo(args)
        return

    import zipfile
    zipfile.time = _FixedClock()

    out = args.out
    os.makedirs(out, exist_ok=True)
    (trd, trl), (ted, tel) = load_split()
    log(f"digits: {len(trl)} train, {len(tel)} held-out samples")

    # ---------------- data ----------------
    rng_cls = np.random.default_rng(SEED + 1)
    rng_det = np.random.default_rng(SEED + 2)
    rng_test = np.random.default_rng(SEED + 3)
    rng_samples = np.random.default_rng(SEED + 4)
    xc, yc = classifier_data(rng_cls, trd, trl, args.cls_train)
    xcv, ycv = classifier_data(np.random.default_rng(SEED + 5), ted, tel, 1000 if not args.quick else 200)
    log(f"classifier data: {xc.shape}")
    xd, bd = detector_data(rng_det, trd, trl, args.det_train)
    anchors = make_anchors()
    assert len(anchors) == sum(c * c for c, _ in FEATURE_MAPS) * ANCHORS_PER_CELL
    enc = np.zeros((len(xd), len(anchors), 4), np.float32)
    cls = np.zeros((len(xd), len(anchors)), np.int32)
    for i, b in enumerate(bd):
        enc[i], cls[i] = encode_targets(anchors, b)
    log(f"detector data: {xd.shape}, {len(anchors)} anchors, {int((cls > 0).sum()) / len(xd):.1f} positives/scene")

    # held-out scenes (digits never seen in training); the first ones are shipped as PNG
    test_scenes = [make_scene(rng_test, ted, tel) for _ in range(args.heldout_scenes)]

    # ---------------- classifier ----------------
    cache = args.cache
    os.makedirs(cache, exist_ok=True)
    dw = os.path.join(cache, f"detector_{len(xd)}_{args.det_epochs}.weights.h5")
    if os.path.exists(dw):
        dmodel = build_detector(); dmodel.load_weights(dw); log("detector weights from", dw)
    else:
        dmodel = train_detector(xd, enc, cls, args.det_epochs); dmodel.save_weights(dw)
    cw = os.path.join(cache, f"classifier_{len(yc)}_{args.cls_epochs}.weights.h5")
    if os.path.exists(cw):
        cmodel = build_classifier(); cmodel.load_weights(cw); log("classifier weights from", cw)
    else:
        cmodel = train_classifier(xc, yc, xcv, ycv, args.cls_epochs); cmodel.save_weights(cw)
    float_acc = float(np.mean(np.argmax(cmodel.predict(normalize(xcv), verbose=0), 1) == ycv))
    export_c = tf.keras.Sequential([cmodel, L.Softmax(name="probability")])
    export_c.build((None, CLS, CLS, 3))
    cbuf = tidy(quantize(export_c, xc[:300]), "image", ["scores"])
    cops = check_ops("classifier", cbuf)

    tmp = tempfile.mkdtemp()
    label_path = os.path.join(tmp, "labels.txt")
    with open(label_path, "w") as f:
        f.write("\n".join(LABELS) + "\n")
    cbuf_md = classifier_metadata(cbuf, label_path)
    with open(os.path.join(out, "digits_classifier.tflite"), "wb") as f:
        f.write(cbuf_md)
    # The same network with int8 input and output (pixel - 128 in, probability·256 - 128 out):
    # the interface int8-only runtimes expect; its scores equal the uint8 model's.
    cbuf8 = tidy(quantize(export_c, xc[:300], io_type=tf.int8), "image", ["scores"])
    check_ops("classifier (int8)", cbuf8)
    with open(os.path.join(out, "digits_classifier_int8.tflite"), "wb") as f:
        f.write(classifier_metadata(cbuf8, label_path, io_name="int8 (pixel - 128)"))
    automl = os.path.join(out, "automl_digits")
    os.makedirs(automl, exist_ok=True)
    with open(os.path.join(automl, "model.tflite"), "wb") as f:
        f.write(cbuf)                                   # AutoML bundles carry no metadata
    with open(os.path.join(automl, "dict.txt"), "w") as f:
        f.write("\n".join(LABELS) + "\n")
    with open(os.path.join(automl, "manifest.json"), "w") as f:
        json.dump({"modelType": "IMAGE_LABELING", "modelFile": "model.tflite", "labelsFile": "dict.txt"}, f, indent=2)
        f.write("\n")

    # ---------------- detector ----------------
    box_out, logit_out = dmodel.outputs
    scores = L.Softmax(axis=-1, name="class_scores")(logit_out)
    export_d = tf.keras.Model(dmodel.inputs, [box_out, scores])
    raw = quantize(export_d, xd[:300])
    # make sure output 0 is the box encodings (the converter may reorder outputs)
    it = interpreter(raw)
    od = it.get_output_details()
    if od[0]["shape"][-1] != 4:
        m = flatbuffer_utils.convert_bytearray_to_object(bytearray(raw))
        m.subgraphs[0].outputs = m.subgraphs[0].outputs[::-1]
        raw = bytes(flatbuffer_utils.convert_object_to_bytearray(m))
    raw = tidy(raw, "normalized_input_image_tensor", ["box_encodings", "class_predictions"])
    dbuf = append_postprocess(raw, anchors)
    dops = check_ops("detector", dbuf)
    dbuf_md = detector_metadata(dbuf, label_path)
    with open(os.path.join(out, "digits_detector.tflite"), "wb") as f:
        f.write(dbuf_md)

    # ---------------- evaluation (TF Lite interpreter, final files) ----------------
    cit = interpreter(cbuf_md)
    cls_big = float(np.mean(np.argmax(classify(cit, xcv), 1) == ycv))
    cls8_big = float(np.mean(np.argmax(classify(interpreter(
        open(os.path.join(out, "digits_classifier_int8.tflite"), "rb").read()), xcv), 1) == ycv))
    dit = interpreter(dbuf_md)
    dets = [detect(dit, im) for im, _ in test_scenes]
    gts = [[(b[0] / SCENE, b[1] / SCENE, b[2] / SCENE, b[3] / SCENE, b[4]) for b in bx] for _, bx in test_scenes]
    det_map, det_ap = average_precision(dets, gts)
    det_agn, _ = average_precision(dets, gts, class_agnostic=True)
    k = args.shipped_heldout
    ship_map, _ = average_precision(dets[:k], gts[:k])
    ship_agn, _ = average_precision(dets[:k], gts[:k], class_agnostic=True)
    crops = [(crop_resize(im, b), b[4]) for im, bx in test_scenes for b in bx]
    crop_acc = float(np.mean(np.argmax(classify(cit, np.stack([c for c, _ in crops])), 1) == np.array([l for _, l in crops])))
    ship_crops = [(crop_resize(im, b), b[4]) for im, bx in test_scenes[:k] for b in bx]
    ship_acc = float(np.mean(np.argmax(classify(cit, np.stack([c for c, _ in ship_crops])), 1) == np.array([l for _, l in ship_crops])))

    # ---------------- samples and shipped held-out set ----------------
    sdir = os.path.join(out, "samples")
    if os.path.isdir(sdir):
        shutil.rmtree(sdir)
    os.makedirs(os.path.join(sdir, "sequence"))
    samples = {"images": [], "sequence": []}
    for i in range(6):
        size = [128, 128, 192, 192, 256, 256][i]
        img, boxes = make_scene(rng_samples, ted, tel, size=size, n=[2, 3, 3, 4, 2, 4][i])
        name = f"scene_{i + 1}.png"
        save_png(os.path.join(sdir, name), img)
        samples["images"].append(dict(file=name, width=size, height=size, kind="scene", objects=[
            dict(label=str(b[4]), box=[b[0] / size, b[1] / size, b[2] / size, b[3] / size]) for b in boxes]))
    for i in range(4):
        img, lab = single_digit_image(rng_samples, ted, tel, size=96)
        name = f"digit_{i + 1}.png"
        save_png(os.path.join(sdir, name), img)
        samples["images"].append(dict(file=name, width=96, height=96, kind="single digit", label=str(lab)))
    seq = make_sequence(rng_samples, ted, tel)
    seq_dets = []
    for f, (img, truth) in enumerate(seq):
        name = f"frame_{f:03d}.png"
        save_png(os.path.join(sdir, "sequence", name), img)
        samples["sequence"].append(dict(file="sequence/" + name, objects=truth))
        seq_dets.append(detect(dit, img))
    samples["note"] = ("Boxes are [ymin, xmin, ymax, xmax] as fractions of the image, around the "
                       "ink of each digit. In the sequence, 'track' is the ground-truth identity: "
                       "track 3 leaves through the right edge and comes back.")
    with open(os.path.join(sdir, "ground_truth.json"), "w") as f:
        json.dump(samples, f, indent=1)
        f.write("\n")
    sample_dets = [detect(dit, np.asarray(Image.open(os.path.join(sdir, s["file"])).convert("RGB")))
                   for s in samples["images"] if s["kind"] == "scene"]
    sample_gts = [[(*o["box"], int(o["label"])) for o in s["objects"]] for s in samples["images"] if s["kind"] == "scene"]
    seq_gts = [[(*o["box"], int(o["label"])) for o in fr["objects"] if o["visible_fraction"] > 0.5] for fr in samples["sequence"]]
    seq_map, _ = average_precision(seq_dets, seq_gts)
    seq_agn, _ = average_precision(seq_dets, seq_gts, class_agnostic=True)
    samp_agn, _ = average_precision(sample_dets, sample_gts, class_agnostic=True)

    hdir = os.path.join(out, "heldout")
    if os.path.isdir(hdir):
        shutil.rmtree(hdir)
    os.makedirs(hdir)
    held = []
    for i, (img, boxes) in enumerate(test_scenes[:k]):
        name = f"scene_{i:03d}.png"
        save_png(os.path.join(hdir, name), img)
        held.append(dict(file=name, objects=[dict(label=str(b[4]), box=[b[0] / SCENE, b[1] / SCENE, b[2] / SCENE, b[3] / SCENE],
                                                  box_pixels=[int(v) for v in b[:4]]) for b in boxes]))
    with open(os.path.join(hdir, "annotations.json"), "w") as f:
        json.dump(dict(
            note=("Held-out scenes (128x128, digits from the held-out 20 % of scikit-learn's digits). "
                  "Boxes are [ymin, xmin, ymax, xmax] fractions of the image (box_pixels: integer "
                  "pixel edges, max exclusive). Classifier crops: grow box_pixels by 10 % of its "
                  "height/width on each side, round, clamp to the image, and stretch to 64x64 (bilinear)."),
            scenes=held), f, indent=1)
        f.write("\n")

    def sha(p):
        return hashlib.sha256(open(p, "rb").read()).hexdigest()

    ev = dict(
        generator="Models/tools/make_models.py",
        seed=SEED,
        tensorflow=tf.__version__,
        data=dict(source="sklearn.datasets.load_digits (1797 8x8 digits)", train_digits=int(len(trl)),
                  heldout_digits=int(len(tel)), split="stratified 80/20 by sample, random_state=seed"),
        classifier=dict(
            file="digits_classifier.tflite", sha256=sha(os.path.join(out, "digits_classifier.tflite")),
            input="uint8 [1,64,64,3] RGB", output="uint8 [1,10] probabilities",
            ops=cops, train_crops=int(len(yc)), epochs=args.cls_epochs,
            heldout_crops=int(len(ycv)), accuracy_tflite=cls_big, accuracy_keras_float=float_acc,
            heldout_scene_gt_crops=len(crops), accuracy_on_heldout_scene_crops=crop_acc,
            shipped_heldout_crops=len(ship_crops), accuracy_on_shipped_heldout=ship_acc),
        classifier_int8=dict(
            file="digits_classifier_int8.tflite",
            sha256=sha(os.path.join(out, "digits_classifier_int8.tflite")),
            input="int8 [1,64,64,3] RGB (pixel - 128)", output="int8 [1,10] probabilities",
            accuracy_tflite=cls8_big,
            note="same network and quantization as digits_classifier.tflite, int8 interface"),
        automl_bundle=dict(folder="automl_digits", sha256=sha(os.path.join(automl, "model.tflite")),
                           note="same network as digits_classifier.tflite without metadata"),
        detector=dict(
            file="digits_detector.tflite", sha256=sha(os.path.join(out, "digits_detector.tflite")),
            input="uint8 [1,128,128,3] RGB", anchors=int(len(anchors)),
            ops=dops, train_scenes=int(len(xd)), epochs=args.det_epochs,
            heldout_scenes=len(test_scenes), heldout_objects=int(sum(len(g) for g in gts)),
            map50=det_map, ap50_per_class=det_ap, ap50_class_agnostic=det_agn,
            shipped_heldout_scenes=k, shipped_heldout_map50=ship_map, shipped_heldout_ap50_class_agnostic=ship_agn,
            samples_scenes_ap50_class_agnostic=samp_agn,
            sequence_map50=seq_map, sequence_ap50_class_agnostic=seq_agn,
            settings=dict(max_detections=10, nms_score_threshold=1e-8, nms_iou_threshold=0.5,
                          use_regular_nms=False, scales=list(BOX_SCALES))),
        metric_notes=("mAP@0.5: VOC all-point interpolated AP at IoU >= 0.5 per digit class, "
                      "averaged over the classes, on the TFLite model's up-to-10 detections per "
                      "image (TF Lite Python interpreter, reference kernels). Classifier accuracy: top-1 of the "
                      "quantized TFLite model."),
    )
    with open(os.path.join(out, "evaluation.json"), "w") as f:
        json.dump(ev, f, indent=1)
        f.write("\n")
    shutil.rmtree(tmp)
    log(json.dumps({k2: v for k2, v in ev["classifier"].items() if k2 != "ops"}, indent=1))
    log(json.dumps({k2: v for k2, v in ev["detector"].items() if k2 not in ("ops", "ap50_per_class")}, indent=1))

    # The YOLO-layout detector, last and in a process of its own: nothing above depends on it,
    # and its files are the same as with `--only yolo`.
    import subprocess
    subprocess.run([sys.executable, os.path.abspath(__file__), "--only", "yolo", "--out", out,
                    "--cache", args.cache, "--heldout-scenes", str(args.heldout_scenes),
                    "--shipped-heldout", str(args.shipped_heldout),
                    "--yolo-train", str(args.yolo_train), "--yolo-epochs", str(args.yolo_epochs)],
                   check=True)


if __name__ == "__main__":
    main()
