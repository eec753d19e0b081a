"""UNIDIRECTIONAL_SEQUENCE_LSTM: float32 (batch-major and time-major), hybrid (int8 weights,
float activations, asymmetric and symmetric input quantization) and the integer LSTM (int8
activations and weights, int16 cell state) of full-integer conversion.

Keras 3's LSTM layer converts to a WHILE loop, not to the fused operator; the fused operator
comes from the function the converter recognises as a Keras LSTM (`api_implements` =
"lstm_<id>", with `time_major` and `go_backwards` attributes and the Keras gate order i, f, c,
o), which `_keras_style_lstm` writes as the Keras 2 layer did. Its state tensors are variables
(zero at load), so one invoke starts from zero states.
"""
import uuid

import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .hybrid import with_options


def _keras_style_lstm(units, n_input, time_major=False, seed=0):
    rng = np.random.default_rng(seed)
    kernel = tf.constant(rng.normal(scale=0.4, size=[n_input, 4 * units]).astype(np.float32))
    recurrent = tf.constant(rng.normal(scale=0.4, size=[units, 4 * units]).astype(np.float32))
    bias = tf.constant(rng.normal(scale=0.2, size=[4 * units]).astype(np.float32))
    attributes = {"api_implements": "lstm_" + str(uuid.uuid4()), "api_preferred_device": "CPU",
                  "time_major": time_major, "go_backwards": False}

    @tf.function(experimental_attributes=attributes, autograph=False)
    def standard_lstm(inputs, init_h, init_c, kernel, recurrent_kernel, bias):
        sequence = inputs if time_major else tf.transpose(inputs, [1, 0, 2])
        h, c = init_h, init_c
        outputs = []
        for t in range(sequence.shape[0]):
            z = tf.matmul(sequence[t], kernel) + tf.matmul(h, recurrent_kernel) + bias
            i, f, g, o = tf.split(z, 4, axis=1)
            c = tf.sigmoid(f) * c + tf.sigmoid(i) * tf.tanh(g)
            h = tf.sigmoid(o) * tf.tanh(c)
            outputs.append(h)
        outputs = tf.stack(outputs)
        if not time_major:
            outputs = tf.transpose(outputs, [1, 0, 2])
        return h, outputs, h, c, tf.constant(0.0)

    def model(x):
        batch = x.shape[1] if time_major else x.shape[0]
        zeros = tf.zeros([batch, units])
        return standard_lstm(x, zeros, zeros, kernel, recurrent, bias)[1]
    return model


def cases():
    rel = dict(compare="relative", tolerance=1e-5)
    inputs = random_inputs(low=-2, high=2)
    yield Case("lstm_float32",
               lambda: convert(_keras_style_lstm(8, 4), [tf.TensorSpec([2, 5, 4], tf.float32)]),
               inputs, **rel)
    yield Case("lstm_time_major_float32",
               lambda: convert(_keras_style_lstm(8, 4, time_major=True),
                               [tf.TensorSpec([5, 3, 4], tf.float32)]),
               inputs, **rel)
    hybrid = lambda: convert(_keras_style_lstm(32, 40), [tf.TensorSpec([2, 5, 40], tf.float32)],
                             optimize=True)
    yield Case("lstm_hybrid_asymmetric", hybrid, inputs, **rel)
    yield Case("lstm_hybrid_symmetric",
               lambda: with_options(hybrid(), asymmetricQuantizeInputs=False), inputs, **rel)
    for name, shape, time_major in (("lstm_int8", [2, 5, 4], False),
                                    ("lstm_time_major_int8", [5, 3, 4], True)):
        yield Case(
            name,
            lambda shape=shape, time_major=time_major: convert(
                _keras_style_lstm(8, 4, time_major=time_major),
                [tf.TensorSpec(shape, tf.float32)],
                representative=representative_of([shape], low=-2, high=2), int8_io=True),
            inputs, compare="exact")
