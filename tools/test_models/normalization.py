"""Normalization and activation: LOG_SOFTMAX (float32, uint8, int8), L2_NORMALIZATION (float32,
uint8, int8), LOCAL_RESPONSE_NORMALIZATION (float32) and RELU_0_TO_1 (float32, uint8, int8).

The converter quantizes to int8 only; the uint8 models are the int8 graphs retyped (zero points
+ 128, which gives exactly the output parameters TFLite requires: 16/256 and 255 for
LOG_SOFTMAX, 1/128 and 128 for L2_NORMALIZATION).
"""
import tensorflow as tf

from . import model_edit
from .common import Case, convert, random_inputs, representative_of

SHAPE = [2, 3, 10]
IMAGE = [1, 3, 4, 7]

OPS = {
    "log_softmax": (lambda x: tf.nn.log_softmax(x, axis=-1), -4.0, 4.0),
    "l2_normalization": (lambda x: tf.math.l2_normalize(x, axis=-1), -2.0, 3.0),
    "relu_0_to_1": (tf.nn.relu, -1.0, 2.0),
}
# The converter writes min(relu(x), 1) as MINIMUM and RELU; RELU_0_TO_1 is the RELU graph with
# its operator swapped.
SWAPPED = {"relu_0_to_1": ("RELU", "RELU_0_TO_1", 1)}


def swapped(name, model):
    """`model` with the operator of `name` in place of the one the converter wrote."""
    if name not in SWAPPED:
        return model
    return model_edit.replace_operator(model, *SWAPPED[name])


def float_model(name, op):
    return swapped(name, convert(op, [tf.TensorSpec(SHAPE, tf.float32)]))


def quantized(name, op, low, high):
    return swapped(name, convert(op, [tf.TensorSpec(SHAPE, tf.float32)],
                                 representative=representative_of([SHAPE], low=low, high=high),
                                 int8_io=True))


def cases():
    for name, (op, low, high) in OPS.items():
        note = "RELU graph, operator swapped; " if name in SWAPPED else ""
        yield Case(f"{name}_float32", lambda n=name, op=op: float_model(n, op),
                   random_inputs(low=low, high=high), compare="relative", tolerance=1e-5,
                   note=note.rstrip("; "))
        yield Case(f"{name}_int8", lambda n=name, op=op, l=low, h=high: quantized(n, op, l, h),
                   random_inputs(low=low, high=high), note=note.rstrip("; "))
        yield Case(f"{name}_uint8",
                   lambda n=name, op=op, l=low, h=high: model_edit.retype(
                       quantized(n, op, l, h), "int8", "uint8", 128),
                   random_inputs(low=low, high=high), note=note + "int8 graph retyped to uint8")
    yield Case("log_softmax_int8_wide",
               lambda: quantized("log_softmax", OPS["log_softmax"][0], -40.0, 40.0),
               random_inputs(low=-40.0, high=40.0),
               note="a wide input range: many differences fall below the thresholds")
    for radius, bias, alpha, beta in ((2, 1.0, 0.5, 0.75), (1, 2.0, 1e-3, 0.5)):
        yield Case(f"local_response_normalization_r{radius}_float32",
                   lambda r=radius, b=bias, a=alpha, e=beta: convert(
                       lambda x: tf.nn.local_response_normalization(
                           x, depth_radius=r, bias=b, alpha=a, beta=e),
                       [tf.TensorSpec(IMAGE, tf.float32)]),
                   random_inputs(low=-3.0, high=3.0), compare="relative", tolerance=1e-5)
