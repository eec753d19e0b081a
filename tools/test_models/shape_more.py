"""TILE, REVERSE_V2, MIRROR_PAD, BROADCAST_TO, BROADCAST_ARGS and DYNAMIC_UPDATE_SLICE: every
type TensorFlow emits them with (raw integer types, quantized int8/int16)."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .ops_support import constant, integers, named

SHAPE = [2, 3, 4]
OPS = {
    "tile": lambda a: tf.tile(a, [2, 1, 3]),
    "reverse": lambda a: tf.reverse(a, [1, 2]),
    "reverse_first": lambda a: tf.reverse(a, [0]),
    "mirror_reflect": lambda a: tf.pad(a, [[1, 0], [2, 2], [0, 3]], mode="REFLECT"),
    "mirror_symmetric": lambda a: tf.pad(a, [[2, 1], [0, 3], [4, 1]], mode="SYMMETRIC"),
    "broadcast_to": lambda a: tf.broadcast_to(a[:, :1, :], [3, 2, 5, 4]),
}
# The raw types TensorFlow emits each op with (found by trying every one).
RAW = {
    "tile": (tf.float32, tf.int32, tf.int64, tf.bool, tf.uint8),
    "reverse": (tf.float32, tf.int32, tf.int64, tf.bool, tf.uint8, tf.int16),
    "reverse_first": (tf.float32,),
    "mirror_reflect": (tf.float32, tf.int32, tf.int64, tf.uint8, tf.int8),
    "mirror_symmetric": (tf.float32, tf.int32),
    "broadcast_to": (tf.float32, tf.int32, tf.int64, tf.bool, tf.uint8, tf.int8, tf.int16,
                     tf.uint32),
}
QUANTIZED = ("tile", "reverse", "mirror_reflect", "mirror_symmetric", "broadcast_to")


def _inputs(dtype):
    if dtype == tf.bool or dtype.is_floating:
        return random_inputs()
    return named(a=integers(0 if dtype.is_unsigned else -100, 100))


def _data_movement_cases():
    for name, op in OPS.items():
        for dtype in RAW[name]:
            yield Case(f"{name}_{dtype.name}", lambda op=op, d=dtype: convert(
                op, [tf.TensorSpec(SHAPE, d)]), _inputs(dtype))
    for name in QUANTIZED:
        for int16 in (False, True):
            yield Case(f"{name}_quantized_{'int16' if int16 else 'int8'}",
                       lambda op=OPS[name], q=int16: convert(
                           op, [tf.TensorSpec(SHAPE, tf.float32)],
                           representative=representative_of([SHAPE]), int8_io=True, int16x8=q),
                       random_inputs())


def _broadcast_args_cases():
    for dtype in (tf.int32, tf.int64):
        spec = [tf.TensorSpec([4], dtype), tf.TensorSpec([2], dtype)]
        yield Case(f"broadcast_args_{dtype.name}", lambda s=spec: convert(
            lambda a, b: tf.raw_ops.BroadcastArgs(s0=a, s1=b), s),
            named(a=constant([2, 1, 3, 1]), b=constant([3, 4])))


def _update_slice_cases():
    from tensorflow.compiler.tf2xla.python import xla
    update = lambda a, b, c: xla.dynamic_update_slice(a, b, c)  # noqa: E731
    for dtype in (tf.float32, tf.int32, tf.int64, tf.bool, tf.int8, tf.int16):
        spec = [tf.TensorSpec([4, 5], dtype), tf.TensorSpec([2, 3], dtype),
                tf.TensorSpec([2], tf.int32)]
        yield Case(f"dynamic_update_slice_{dtype.name}", lambda s=spec: convert(update, s),
                   named(c=constant([1, 2]), **({} if dtype == tf.bool or dtype.is_floating else
                                                {"a": integers(-9, 9), "b": integers(-9, 9)})))
    spec = [tf.TensorSpec([2, 4, 5], tf.float32), tf.TensorSpec([1, 3, 2], tf.float32),
            tf.TensorSpec([3], tf.int64)]
    for label, start in (("clamped", [-3, 3, 9]), ("inside", [1, 0, 2])):
        yield Case(f"dynamic_update_slice_{label}_int64_start", lambda: convert(update, spec),
                   named(c=constant(start)))
    yield Case("dynamic_update_slice_constant_start", lambda: convert(
        lambda a, b: xla.dynamic_update_slice(a, b, tf.constant([2, 1])),
        [tf.TensorSpec([4, 5], tf.float32), tf.TensorSpec([2, 3], tf.float32)]), random_inputs())


def cases():
    yield from _data_movement_cases()
    yield from _broadcast_args_cases()
    yield from _update_slice_cases()
