"""SELECT, SELECT_V2, TOPK_V2 and WHERE: every type TensorFlow emits them with."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .ops_support import integers, named, with_input_shapes

SHAPE = [2, 3, 4]
BOOL = lambda s: tf.TensorSpec(s, tf.bool)  # noqa: E731


def _mixed(shapes):
    """A representative dataset for (condition, x, y) inputs: random bools and floats, in the
    model's input order (the converter lists the arguments a, b, c as c, b, a)."""
    def generate():
        rng = np.random.default_rng(0)
        for _ in range(16):
            yield ([rng.integers(0, 2, size=shapes[0]).astype(np.bool_)] + [
                rng.uniform(-1, 1, size=s).astype(np.float32) for s in shapes[1:]])[::-1]
    return generate


def _select_cases():
    v1 = lambda a, b, c: tf.raw_ops.Select(condition=a, x=b, y=c)  # noqa: E731
    v2 = lambda a, b, c: tf.where(a, b, c)  # noqa: E731
    # TensorFlow emits no uint8 SELECT; raw int8, int16 and uint32 ones become SELECT.
    for dtype in (tf.float32, tf.int32, tf.int64, tf.bool, tf.int8, tf.int16, tf.uint32):
        name = dtype.name
        spec = [BOOL(SHAPE), tf.TensorSpec(SHAPE, dtype), tf.TensorSpec(SHAPE, dtype)]
        inputs = named(b=integers(-100, 100), c=integers(-100, 100)) if dtype.is_integer \
            else random_inputs()
        if dtype == tf.uint32:
            inputs = named(b=integers(0, 200), c=integers(0, 200))
        yield Case(f"select_{name}", lambda s=spec: convert(v1, s), inputs)
        yield Case(f"select_v2_{name}", lambda s=spec: convert(v2, s), inputs)
    f32 = lambda s: tf.TensorSpec(s, tf.float32)  # noqa: E731
    yield Case("select_rows_float32", lambda: convert(v1, [BOOL([2]), f32(SHAPE), f32(SHAPE)]),
               random_inputs())
    yield Case("select_scalar_float32", lambda: convert(v1, [BOOL([]), f32(SHAPE), f32(SHAPE)]),
               random_inputs(seed=3))
    broadcast = [BOOL([2, 1, 4]), f32([3, 1]), f32([2, 1, 1])]
    yield Case("select_v2_broadcast_float32", lambda: convert(v2, broadcast), random_inputs())
    yield Case("select_v2_scalar_condition_float32",
               lambda: convert(v2, [BOOL([]), f32([3, 4]), f32([2, 3, 4])]), random_inputs())
    for int16 in (False, True):
        suffix = "int16" if int16 else "int8"
        for name, op, shapes in (("select", v1, [SHAPE] * 3),
                                 ("select_v2", v2, [[2, 1, 4], [3, 1], [2, 3, 4]])):
            if int16 and name == "select_v2":
                continue  # the converter cannot quantize SELECT_V2 to 16x8
            spec = [BOOL(shapes[0]), f32(shapes[1]), f32(shapes[2])]
            yield Case(f"{name}_quantized_{suffix}", lambda op=op, s=spec, sh=shapes, q=int16: convert(
                op, s, representative=_mixed(sh), int8_io=True, int16x8=q), random_inputs())


def _topk_cases():
    f32 = tf.TensorSpec([3, 7], tf.float32)
    top = lambda k: lambda a: tf.math.top_k(a, k)  # noqa: E731
    yield Case("topk_float32", lambda: convert(top(3), [f32]), random_inputs())
    yield Case("topk_all_float32", lambda: convert(top(7), [f32]), random_inputs(seed=2))
    yield Case("topk_rank1_float32", lambda: convert(top(4), [tf.TensorSpec([9], tf.float32)]),
               random_inputs(seed=4))
    ties = np.array([[1, 3, 3, 0, 3, 1, 2], [0, 0, 0, 0, 0, 0, 0], [-1, 2, -1, 2, 5, 5, -1]],
                    np.float32)
    yield Case("topk_ties_float32", lambda: convert(top(4), [f32]),
               named(a=lambda rng, shape, dtype: ties))
    for dtype in (tf.int32, tf.int64, tf.uint8, tf.int8, tf.int16):
        spec = [tf.TensorSpec([3, 7], dtype)]
        yield Case(f"topk_{dtype.name}", lambda s=spec: convert(top(3), s),
                   named(a=integers(0 if dtype == tf.uint8 else -5, 5)))
    yield Case("topk_int16_indices_float32", lambda: convert(
        lambda a: tf.math.top_k(a, 4, index_type=tf.int16), [f32]), random_inputs(seed=6))
    dynamic = [tf.TensorSpec([None, None], tf.float32)]
    yield Case("topk_k_from_shape_float32", lambda: with_input_shapes(convert(
        lambda a: tf.math.top_k(a, tf.shape(a)[0]), dynamic), [[3, 7]]), random_inputs())
    yield Case("topk_fed_k_float32", lambda: convert(
        lambda a, b: tf.math.top_k(a, b), [f32, tf.TensorSpec([], tf.int32)]),
        named(b=integers(2, 2)), error="must be known at load",
        note="the outputs' last dimension is k: refused at load when k is fed")
    # The converter cannot quantize TOPK_V2 to 16x8.
    yield Case("topk_quantized_int8", lambda: convert(
        top(3), [f32], representative=representative_of([[3, 7]]), int8_io=True),
        random_inputs(seed=5))


def _where_condition(dtype, rank):
    """A WHERE of a condition computed from the input's (dynamic) shape, as int32 % 3 cast to
    `dtype`: the converter cannot fold it, Ocellus knows it at load."""
    def where(a):
        shape = tf.shape(a)
        if rank == 1:
            values = tf.range(shape[1]) % 3
        else:
            values = tf.reshape(tf.range(shape[0] * shape[1]) % 3, shape)
        return tf.where(tf.cast(values, dtype))
    return where


def _where_cases():
    dynamic = [tf.TensorSpec([None, None], tf.float32)]
    # uint32 conditions need a CAST to uint32, which Ocellus' CAST lacks.
    for dtype in (tf.bool, tf.float32, tf.int32, tf.int64, tf.int8, tf.uint8):
        for rank in (1, 2):
            yield Case(f"where_rank{rank}_{dtype.name}", lambda d=dtype, r=rank: with_input_shapes(
                convert(_where_condition(d, r), dynamic), [[3, 7]]), random_inputs())
    yield Case("where_fed_bool", lambda: convert(lambda a: tf.where(a), [BOOL([2, 3])]),
               random_inputs(), error="must be known at load",
               note="the output's shape depends on the condition's values: refused at load")


def cases():
    yield from _select_cases()
    yield from _topk_cases()
    yield from _where_cases()
