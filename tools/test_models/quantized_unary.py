"""Quantized elementwise unary math: ABS, LOG, SQRT and RSQRT on int8 and int16 (LiteRT's
`elementwise.cc` types; SIN, COS, SQUARE and the others have float kernels only), and ABS on
plain int16.

The converter quantizes ABS, LOG and RSQRT in both widths but leaves SQRT in float: the SQRT
models are the RSQRT graphs with the operator swapped (`model_edit`). Inputs stay where TFLite
runs (no negative values for SQRT and RSQRT, whose kernels fail there).
"""
import tensorflow as tf

from . import model_edit
from .common import Case, convert, random_inputs, representative_of

SHAPE = [2, 3, 4, 5]
# op, its TensorFlow function, the real input range
OPS = {"abs": (tf.abs, -2.0, 3.0), "log": (tf.math.log, 0.05, 4.0),
       "rsqrt": (tf.math.rsqrt, 0.05, 4.0)}


def quantized(op, low, high, int16x8):
    return convert(op, [tf.TensorSpec(SHAPE, tf.float32)],
                   representative=representative_of([SHAPE], low=low, high=high),
                   int8_io=True, int16x8=int16x8)


def cases():
    for name, (op, low, high) in OPS.items():
        for width, int16x8 in (("int8", False), ("int16", True)):
            yield Case(f"{name}_{width}", lambda op=op, l=low, h=high, i=int16x8: quantized(op, l, h, i),
                       random_inputs(low=low, high=high))
    for width, int16x8 in (("int8", False), ("int16", True)):
        yield Case(f"sqrt_{width}",
                   lambda i=int16x8: model_edit.replace_operator(
                       quantized(tf.math.rsqrt, 0.0, 4.0, i), "RSQRT", "SQRT"),
                   random_inputs(low=0.0, high=4.0), note="RSQRT graph, operator swapped")
    yield Case("abs_int8_same_scale",
               lambda: model_edit.requantize_outputs(
                   model_edit.requantize_inputs(quantized(tf.abs, -2.0, 3.0, False), [(0.02, -28)]),
                   [(0.02, -28)]),
               random_inputs(low=-2.0, high=3.0), note="input and output scales made equal")
    yield Case("abs_int16_rescaled",
               lambda: model_edit.requantize_outputs(quantized(tf.abs, -2.0, 3.0, True),
                                                     [(0.00011, 0)]),
               random_inputs(low=-2.0, high=3.0), note="output scale made different")
    yield Case("abs_int16_plain", lambda: convert(tf.abs, [tf.TensorSpec(SHAPE, tf.int16)]),
               random_inputs(low=-32768, high=32767))
