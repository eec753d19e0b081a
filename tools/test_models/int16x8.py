"""16x8 quantization (int16 activations, int8 weights): CONV_2D, DEPTHWISE_CONV_2D and
FULLY_CONNECTED with int16 inputs and outputs, per-channel int8 weights and int64 bias (int32
with the converter's bias-type option), a few shapes, strides, paddings and activations; and
the int16 LOGISTIC and SOFTMAX such networks end in."""
import numpy as np
import tensorflow as tf

from .common import Case, random_inputs, representative_of

ACTIVATIONS = {"none": lambda x: x, "relu": tf.nn.relu, "relu6": tf.nn.relu6}


def convert16(function, signature, bias_int32=False):
    """Full-integer 16x8 conversion with int16 model inputs/outputs; `bias_int32` asks the
    converter for int32 biases instead of int64."""
    concrete = tf.function(function).get_concrete_function(*signature)
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], tf.Module())
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter.representative_dataset = representative_of([s.shape for s in signature])
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    converter.inference_input_type = tf.int16
    converter.inference_output_type = tf.int16
    if bias_int32:
        converter._experimental_full_integer_quantization_bias_type = tf.int32
    return converter.convert()


def _weights(shape, seed):
    rng = np.random.default_rng(seed)
    # Output channels of very different magnitudes, so per-channel scales differ.
    w = rng.uniform(-1, 1, size=shape).astype(np.float32)
    return w * np.linspace(0.2, 2.0, shape[-1]).astype(np.float32)


def _conv(input_shape, filters, kernel, strides, padding, activation, dilation=1, bias=True,
          seed=0):
    w = tf.constant(_weights([kernel, kernel, input_shape[-1], filters], seed))
    b = tf.constant(np.linspace(-0.5, 0.5, filters).astype(np.float32))

    def f(x):
        y = tf.nn.conv2d(x, w, strides=strides, padding=padding, dilations=dilation)
        return ACTIVATIONS[activation](y + b if bias else y)
    return f


def _depthwise(input_shape, multiplier, kernel, strides, padding, activation, bias=True, seed=0):
    w = tf.constant(_weights([kernel, kernel, input_shape[-1], multiplier], seed))
    b = tf.constant(np.linspace(-0.3, 0.3, input_shape[-1] * multiplier).astype(np.float32))

    def f(x):
        y = tf.nn.depthwise_conv2d(x, w, strides=[1, strides, strides, 1], padding=padding)
        return ACTIVATIONS[activation](y + b if bias else y)
    return f


def _dense(depth, units, activation, bias=True, seed=0):
    w = tf.constant(_weights([depth, units], seed))
    b = tf.constant(np.linspace(-1, 1, units).astype(np.float32))

    def f(x):
        y = tf.matmul(x, w)
        return ACTIVATIONS[activation](y + b if bias else y)
    return f


def _case(name, function, shape, bias_int32=False):
    spec = [tf.TensorSpec(shape, tf.float32)]
    return Case(name, lambda: convert16(function, spec, bias_int32), random_inputs(),
                compare="exact")


def cases():
    conv = [
        ("conv_3x3_same_relu", [1, 6, 6, 3], 4, 3, 1, "SAME", "relu", 1, True),
        ("conv_3x3_valid_s2_relu6", [1, 7, 7, 2], 5, 3, 2, "VALID", "relu6", 1, True),
        ("conv_1x1_none", [2, 3, 3, 6], 3, 1, 1, "VALID", "none", 1, True),
        ("conv_3x3_dilated_nobias", [1, 7, 6, 2], 3, 3, 1, "SAME", "none", 2, False),
        ("conv_5x5_same_s2", [1, 8, 8, 3], 4, 5, 2, "SAME", "none", 1, True),
    ]
    for name, shape, filters, k, s, padding, act, dilation, bias in conv:
        f = _conv(shape, filters, k, s, padding, act, dilation, bias)
        yield _case(name, f, shape)
    yield _case("conv_3x3_same_bias32", _conv([1, 5, 5, 3], 4, 3, 1, "SAME", "relu"),
                [1, 5, 5, 3], bias_int32=True)
    depthwise = [
        ("depthwise_3x3_same_relu", [1, 6, 6, 4], 1, 3, 1, "SAME", "relu", True),
        ("depthwise_3x3_valid_s2_m2", [1, 7, 7, 3], 2, 3, 2, "VALID", "none", True),
        ("depthwise_5x5_same_relu6", [2, 5, 5, 2], 1, 5, 1, "SAME", "relu6", True),
    ]
    for name, shape, multiplier, k, s, padding, act, bias in depthwise:
        yield _case(name, _depthwise(shape, multiplier, k, s, padding, act, bias), shape)
    # LiteRT's DEPTHWISE_CONV_2D requires an int64 bias for int16 inputs (no int32 case).
    dense = [
        ("fc_relu", [3, 10], 6, "relu", True),
        ("fc_nobias", [2, 12], 5, "none", False),
        ("fc_relu6_one_row", [1, 16], 8, "relu6", True),
    ]
    for name, shape, units, act, bias in dense:
        yield _case(name, _dense(shape[1], units, act, bias), shape)
    yield _case("fc_bias32", _dense(10, 6, "none"), [3, 10], bias_int32=True)
    yield from activation_cases()
    yield from relu_cases()


def _activation_case(name, function, shape, low, high):
    spec = [tf.TensorSpec(shape, tf.float32)]

    def make():
        concrete = tf.function(function).get_concrete_function(*spec)
        converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], tf.Module())
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = representative_of([shape], low=low, high=high)
        converter.target_spec.supported_ops = [
            tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
        converter.inference_input_type = tf.int16
        converter.inference_output_type = tf.int16
        return converter.convert()
    return Case(name, make, random_inputs(low=low, high=high), compare="exact")


def activation_cases():
    """LOGISTIC and SOFTMAX on int16 (the activations 16x8 networks use after convolutions)."""
    yield _activation_case("logistic_unit", tf.sigmoid, [4, 16], -1.0, 1.0)
    yield _activation_case("logistic_wide", tf.sigmoid, [4, 16], -9.0, 7.0)
    yield _activation_case("softmax_rows", tf.nn.softmax, [3, 10], -4.0, 4.0)
    yield _activation_case("softmax_wide", tf.nn.softmax, [2, 40], -20.0, 20.0)


def relu_cases():
    """A standalone int16 RELU (NASNet's separable blocks start with one)."""
    yield _activation_case("relu_standalone", tf.nn.relu, [4, 16], -3.0, 5.0)
