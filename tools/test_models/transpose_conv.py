"""TRANSPOSE_CONV: float32 (with and without bias), int8 (per-channel weights) and int16 (16x8),
SAME and VALID padding, strides 1 and 2."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of

INPUT = [1, 4, 5, 3]


def _transpose_conv(stride, padding, bias, activation=tf.identity, channels=4):
    rng = np.random.default_rng(50 + stride)
    w = tf.constant(rng.normal(scale=0.5, size=[3, 3, channels, INPUT[3]]).astype(np.float32))
    b = tf.constant(rng.normal(size=[channels]).astype(np.float32))
    h, wd = INPUT[1], INPUT[2]
    if padding == "SAME":
        out = [INPUT[0], h * stride, wd * stride, channels]
    else:
        out = [INPUT[0], (h - 1) * stride + 3, (wd - 1) * stride + 3, channels]

    def function(x):
        y = tf.nn.conv2d_transpose(x, w, out, stride, padding)
        return activation(y + b) if bias else y
    return function


def cases():
    spec = [tf.TensorSpec(INPUT, tf.float32)]
    variants = {
        "same_stride2_bias": (2, "SAME", True, tf.identity),
        "same_stride1": (1, "SAME", False, tf.identity),
        "valid_stride2_relu": (2, "VALID", True, tf.nn.relu),
        "valid_stride1": (1, "VALID", False, tf.identity),
    }
    for name, (stride, padding, bias, activation) in variants.items():
        function = _transpose_conv(stride, padding, bias, activation)
        yield Case(f"{name}_float32", lambda f=function: convert(f, spec), random_inputs(),
                   compare="relative", tolerance=1e-5)
        for suffix, int16 in (("int8", False), ("int16", True)):
            yield Case(
                f"{name}_{suffix}",
                lambda f=function, int16=int16: convert(
                    f, spec, representative=representative_of([INPUT]), int8_io=True,
                    int16x8=int16),
                random_inputs(), compare="exact")
