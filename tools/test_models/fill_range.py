"""FILL, RANGE and ZEROS_LIKE, with values fed and with shapes or bounds computed from a
dynamic input's shape (the converter cannot fold them; Ocellus knows them at load).
tf.ones_like becomes SHAPE + BROADCAST_TO (TFLite has no ONES_LIKE)."""
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .ops_support import integers, named, with_input_shapes

DYNAMIC = [tf.TensorSpec([None, None], tf.float32)]


def _dynamic(function, shape=(3, 7)):
    """`function` of a [None, None] float input, loaded with default shape `shape`."""
    return lambda: with_input_shapes(convert(function, DYNAMIC), [list(shape)])


def _fill_cases():
    # Raw int8/int16 fills become BROADCAST_TO; quantized ones are FILLs (below).
    for dtype in (tf.float32, tf.int32, tf.int64, tf.bool):
        inputs = random_inputs() if dtype in (tf.float32, tf.bool) else named(a=integers(-50, 50))
        yield Case(f"fill_{dtype.name}", lambda d=dtype: convert(
            lambda a: tf.fill([2, 3, 2], a), [tf.TensorSpec([], d)]), inputs)
    yield Case("fill_dynamic_shape_float32", _dynamic(lambda a: tf.fill(tf.shape(a), 2.5)),
               random_inputs())
    yield Case("fill_dynamic_shape_int32", _dynamic(
        lambda a: tf.fill(tf.reverse(tf.shape(a), [0]), tf.shape(a)[0])), random_inputs())
    # int16 without the ADD (Ocellus' ADD has no 16-bit quantized kernel).
    for int16, function in ((False, lambda a: tf.fill(tf.shape(a), 0.5) + a),
                            (True, lambda a: tf.fill(tf.shape(a), 0.5))):
        yield Case(f"fill_quantized_{'int16' if int16 else 'int8'}", lambda q=int16, f=function:
                   with_input_shapes(convert(
                       f, [tf.TensorSpec([None, 3], tf.float32)],
                       representative=representative_of([[2, 3]]), int8_io=True, int16x8=q),
                       [[2, 3]]), random_inputs())
    for dtype in (tf.float32, tf.int32, tf.int64):
        yield Case(f"zeros_like_{dtype.name}", lambda d=dtype: convert(
            lambda a: tf.zeros_like(a), [tf.TensorSpec([None, 3], d)]),
            random_inputs() if dtype == tf.float32 else named(a=integers(-9, 9)))
    yield Case("ones_like_float32", lambda: convert(
        lambda a: tf.ones_like(a), [tf.TensorSpec([None, 3], tf.float32)]), random_inputs())


def _range_cases():
    yield Case("range_int32", _dynamic(lambda a: tf.range(tf.shape(a)[1])), random_inputs())
    yield Case("range_step_int32", _dynamic(
        lambda a: tf.range(tf.shape(a)[0] * 7, -3, -2)), random_inputs())
    yield Case("range_int64", _dynamic(
        lambda a: tf.range(tf.cast(tf.shape(a)[1], tf.int64), 40, 3)), random_inputs())
    yield Case("range_float32", _dynamic(
        lambda a: tf.range(0.5, tf.cast(tf.shape(a)[1], tf.float32), 0.3)), random_inputs())
    yield Case("range_negative_float32", _dynamic(
        lambda a: tf.range(tf.cast(tf.shape(a)[1], tf.float32), -1.1, -0.7)), random_inputs())
    yield Case("range_fed_int32", lambda: convert(
        lambda a: tf.range(0, a, 1), [tf.TensorSpec([], tf.int32)]), named(a=integers(5, 5)),
        error="must be known at load",
        note="the output's length depends on the limit's value: refused at load")


def cases():
    yield from _fill_cases()
    yield from _range_cases()
