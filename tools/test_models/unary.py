"""Elementwise unary math: one float model per op, plus int8 where LiteRT has an int8 kernel."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of

SHAPE = [2, 3, 4, 5]

FLOAT_OPS = {
    "abs": tf.abs, "ceil": tf.math.ceil, "cos": tf.math.cos, "exp": tf.math.exp,
    "floor": tf.math.floor, "neg": tf.math.negative, "round": tf.math.round,
    "sin": tf.math.sin, "square": tf.math.square, "elu": tf.nn.elu,
    "gelu": lambda x: tf.nn.gelu(x, approximate=False),
    "gelu_tanh": lambda x: tf.nn.gelu(x, approximate=True),
}
POSITIVE_OPS = {"log": tf.math.log, "sqrt": tf.math.sqrt, "rsqrt": tf.math.rsqrt}


def cases():
    spec = [tf.TensorSpec(SHAPE, tf.float32)]
    for name, op in FLOAT_OPS.items():
        yield Case(f"{name}_float32", lambda op=op: convert(op, spec),
                   random_inputs(low=-3, high=3), compare="relative", tolerance=1e-5)
    for name, op in POSITIVE_OPS.items():
        yield Case(f"{name}_float32", lambda op=op: convert(op, spec),
                   random_inputs(low=0.05, high=4), compare="relative", tolerance=1e-5)
    for name, op, dtype in (("abs_int32", tf.abs, tf.int32), ("neg_int32", tf.math.negative, tf.int32),
                            ("neg_int64", tf.math.negative, tf.int64)):
        int_spec = [tf.TensorSpec(SHAPE, dtype)]
        yield Case(name, lambda op=op, s=int_spec: convert(op, s),
                   random_inputs(low=-1000, high=1000), compare="exact")
