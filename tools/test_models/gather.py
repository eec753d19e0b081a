"""GATHER_ND (every params type TensorFlow emits, int32/int64 indices, constant and fed) and
EMBEDDING_LOOKUP (float32, int8, uint8 values; rewritten from GATHER, which TensorFlow emits)."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .ops_support import as_embedding_lookup, constant, given, integers, named

PARAMS = [3, 4, 5]
INDICES = [[0, 1], [2, 3], [1, 0], [2, 2]]
POINTS = [[[0, 1, 4], [2, 3, 0]], [[1, 0, 2], [2, 2, 2]]]  # full coordinates


def cases():
    f32 = tf.TensorSpec(PARAMS, tf.float32)
    yield Case("gather_nd_float32", lambda: convert(lambda x: tf.gather_nd(x, INDICES), [f32]),
               random_inputs(low=-3, high=3))
    yield Case("gather_nd_points_float32",
               lambda: convert(lambda x: tf.gather_nd(x, POINTS), [f32]), random_inputs())
    yield Case("gather_nd_batch_float32", lambda: convert(
        lambda x: tf.gather_nd(x, [[1], [0], [2], [1]]), [f32]), random_inputs())
    for dtype, name in ((tf.int32, "int32"), (tf.int64, "int64")):
        spec = [tf.TensorSpec(PARAMS, dtype), tf.TensorSpec([4, 2], dtype)]
        yield Case(f"gather_nd_fed_{name}_indices_{name}",
                   lambda s=spec: convert(lambda a, b: tf.gather_nd(a, b), s),
                   named(a=integers(-1000, 1000), b=constant(INDICES)))
    for dtype in (tf.uint8, tf.int8, tf.int16):
        yield Case(f"gather_nd_{dtype.name}", lambda d=dtype: convert(
            lambda a: tf.gather_nd(a, INDICES), [tf.TensorSpec(PARAMS, d)]),
            named(a=integers(0 if dtype == tf.uint8 else -100, 100)))
    yield Case("gather_nd_bool", lambda: convert(
        lambda x: tf.gather_nd(x, INDICES), [tf.TensorSpec(PARAMS, tf.bool)]), random_inputs())
    yield Case("gather_nd_quantized_int8", lambda: convert(
        lambda x: tf.gather_nd(x, INDICES), [f32], representative=representative_of([PARAMS]),
        int8_io=True), random_inputs())
    yield Case("gather_nd_quantized_int16", lambda: convert(
        lambda x: tf.gather_nd(x, INDICES), [f32], representative=representative_of([PARAMS]),
        int8_io=True, int16x8=True), random_inputs())
    table = np.arange(24, dtype=np.float32).reshape(6, 4) / 7 - 1
    ids = tf.TensorSpec([5], tf.int32)
    yield Case("embedding_lookup_float32", lambda: as_embedding_lookup(convert(
        lambda i: tf.gather(tf.constant(table), i), [ids])), given(np.array([5, 0, 3, 3, 1], np.int32)))
    yield Case("embedding_lookup_rank3_float32", lambda: as_embedding_lookup(convert(
        lambda i: tf.gather(tf.constant(table.reshape(6, 2, 2)), i), [ids])),
        given(np.array([2, 4, 0, 5, 1], np.int32)))
    yield Case("embedding_lookup_int8", lambda: as_embedding_lookup(convert(
        lambda i: tf.gather(tf.constant(table.astype(np.int8)), i), [ids])),
        given(np.array([1, 1, 5, 2, 0], np.int32)))
    yield Case("embedding_lookup_uint8", lambda: as_embedding_lookup(convert(
        lambda i: tf.gather(tf.constant((table * 10 + 20).astype(np.uint8)), i), [ids])),
        given(np.array([4, 3, 2, 1, 0], np.int32)))
