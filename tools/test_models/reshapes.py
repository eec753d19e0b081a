"""Chains of RESHAPE, EXPAND_DIMS and SQUEEZE between other operators, float32 and int8: the
reshapes whose input and output both live in the arena share its memory at load
(`ReshapeAliasing`), the one writing the model's output keeps its copy."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of

SHAPE = [2, 6, 8, 4]


def _chain(x):
    y = tf.nn.relu(x + 0.25)
    y = tf.reshape(y, [2, 48, 4])
    y = tf.expand_dims(y, 1)
    z = y * 1.5
    y = tf.squeeze(y, 1)
    y = tf.reshape(y, [2, 192]) + tf.reshape(z, [2, 192])
    return tf.reshape(tf.nn.relu6(y), [2, 12, 16])


def cases():
    spec = [tf.TensorSpec(SHAPE, tf.float32)]
    yield Case("chain_float32", lambda: convert(_chain, spec), random_inputs(),
               compare="relative", tolerance=1e-6)
    yield Case("chain_int8",
               lambda: convert(_chain, spec, representative=representative_of([SHAPE]),
                               int8_io=True),
               random_inputs(), compare="exact")
