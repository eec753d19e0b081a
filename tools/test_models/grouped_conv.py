"""Grouped CONV_2D (input channels a multiple of the filter's): the ONNX/PyTorch `groups` and
Keras `Conv2D(groups=)` convolutions converters keep as one CONV_2D, in float32, int8 (int8 and
uint8 I/O), 16x8 and hybrid (per-channel weights). Groups of several channels (RegNet,
ResNeXt) and groups of one input channel (ConvNeXt's depthwise convolutions written as
CONV_2D, with multipliers 1 and 2), with strides, VALID padding, dilation and batches. Every
filter has at least 1024 weights, or the hybrid conversion would keep it float."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .hybrid import convert_hybrid

# name: (input shape, output channels, groups, kernel, strides, padding, dilation, activation)
GEOMETRIES = {
    "g4_same": ([1, 6, 7, 16], 32, 4, 3, 1, "SAME", 1, tf.nn.relu),
    "g3_stride2_valid": ([2, 7, 8, 12], 48, 3, 3, 2, "VALID", 1, tf.identity),
    "g2_pointwise": ([1, 5, 5, 64], 64, 2, 1, 1, "SAME", 1, tf.nn.relu6),
    "channelwise": ([1, 6, 5, 128], 128, 128, 3, 1, "SAME", 1, tf.identity),
    "channelwise_multiplier2_dilated": ([2, 8, 9, 64], 128, 64, 3, 1, "SAME", 2, tf.nn.relu),
    "channelwise_7x7_stride2": ([1, 12, 11, 24], 24, 24, 7, 2, "SAME", 1, tf.identity),
}


def _grouped(shape, channels, groups, kernel, stride, padding, dilation, activation):
    rng = np.random.default_rng(70 + groups)
    w = tf.constant(
        rng.normal(scale=0.5, size=[kernel, kernel, shape[3] // groups, channels]).astype(
            np.float32))
    b = tf.constant(rng.normal(size=[channels]).astype(np.float32))
    return lambda x: activation(
        tf.nn.conv2d(x, w, stride, padding, dilations=dilation) + b)


def cases():
    rel = dict(compare="relative", tolerance=1e-5)
    for name, (shape, channels, groups, *rest) in GEOMETRIES.items():
        function = _grouped(shape, channels, groups, *rest)
        spec = [tf.TensorSpec(shape, tf.float32)]
        yield Case(f"{name}_float32", lambda f=function, s=spec: convert(f, s), random_inputs(),
                   **rel)
        yield Case(
            f"{name}_int8",
            lambda f=function, s=spec, shape=shape: convert(
                f, s, representative=representative_of([shape]), int8_io=True),
            random_inputs(), compare="exact")
        yield Case(
            f"{name}_int16",
            lambda f=function, s=spec, shape=shape: convert(
                f, s, representative=representative_of([shape]), int8_io=True, int16x8=True),
            random_inputs(), compare="exact")
        yield Case(f"{name}_hybrid", lambda f=function, s=spec: convert_hybrid(f, s),
                   random_inputs(low=-2, high=2), **rel)
