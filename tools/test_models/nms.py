"""NON_MAX_SUPPRESSION_V4 and NON_MAX_SUPPRESSION_V5 (float32): hard and soft suppression,
either box diagonal, tied scores, thresholds constant and fed."""
import numpy as np
import tensorflow as tf

from .common import Case, convert
from .ops_support import named

COUNT = 12


def _boxes(rng, shape, dtype):
    """Boxes in clusters that overlap, some with their corners swapped, one empty."""
    centers = rng.uniform(0.2, 0.8, size=(3, 2))[rng.integers(0, 3, size=COUNT)]
    centers += rng.normal(0, 0.05, size=(COUNT, 2))
    sizes = rng.uniform(0.1, 0.4, size=(COUNT, 2))
    boxes = np.concatenate([centers - sizes / 2, centers + sizes / 2], axis=1)
    boxes[1::4] = boxes[1::4][:, [2, 3, 0, 1]]  # the other diagonal
    boxes[7] = [0.5, 0.5, 0.5, 0.6]  # no area
    return boxes.astype(np.float32)


def _scores(rng, shape, dtype):
    scores = rng.uniform(0, 1, size=COUNT).astype(np.float32)
    scores[[2, 5, 9]] = scores[4]  # ties
    return scores


def _v4(limit, iou, score):
    return lambda a, b: tf.raw_ops.NonMaxSuppressionV4(
        boxes=a, scores=b, max_output_size=limit, iou_threshold=iou, score_threshold=score,
        pad_to_max_output_size=True)


def _v5(limit, iou, score, sigma):
    return lambda a, b: tf.raw_ops.NonMaxSuppressionV5(
        boxes=a, scores=b, max_output_size=limit, iou_threshold=iou, score_threshold=score,
        soft_nms_sigma=sigma, pad_to_max_output_size=True)


def cases():
    spec = [tf.TensorSpec([COUNT, 4], tf.float32), tf.TensorSpec([COUNT], tf.float32)]
    for seed in (1, 2):
        inputs = named(seed=seed, a=_boxes, b=_scores)
        for label, (limit, iou, score) in {"": (6, 0.5, 0.2), "_all": (COUNT, 0.3, -1.0),
                                           "_few": (2, 0.7, 0.0)}.items():
            yield Case(f"v4{label}_seed{seed}", lambda p=(limit, iou, score): convert(
                _v4(*p), spec), inputs)
        for label, (limit, iou, score, sigma) in {"_hard": (6, 0.5, 0.2, 0.0),
                                                  "_soft": (8, 0.6, 0.1, 0.5),
                                                  "_soft_only": (COUNT, 1.0, 0.05, 0.3)}.items():
            yield Case(f"v5{label}_seed{seed}", lambda p=(limit, iou, score, sigma): convert(
                _v5(*p), spec), inputs, compare="relative", tolerance=1e-5)
    fed = spec + [tf.TensorSpec([], tf.float32)] * 2
    yield Case("v4_fed_thresholds", lambda: convert(
        lambda a, b, c, d: tf.raw_ops.NonMaxSuppressionV4(
            boxes=a, scores=b, max_output_size=5, iou_threshold=c, score_threshold=d,
            pad_to_max_output_size=True), fed),
        named(a=_boxes, b=_scores, c=lambda *_: np.float32(0.4), d=lambda *_: np.float32(0.3)))
    yield Case("v4_fed_limit", lambda: convert(
        lambda a, b, c: tf.raw_ops.NonMaxSuppressionV4(
            boxes=a, scores=b, max_output_size=c, iou_threshold=0.5, score_threshold=0.0,
            pad_to_max_output_size=True), spec + [tf.TensorSpec([], tf.int32)]),
        named(a=_boxes, b=_scores, c=lambda *_: np.int32(4)), error="must be known at load",
        note="the outputs' length is max_output_size: refused at load when it is fed")
