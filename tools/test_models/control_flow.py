"""Control flow and resource variables: IF, WHILE, CALL_ONCE, VAR_HANDLE, READ_VARIABLE,
ASSIGN_VARIABLE (several subgraphs per model)."""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs


def with_flag(value, seed):
    """Random float inputs, then a bool flag of `value`."""
    def make(model):
        arrays = random_inputs(seed=seed)(model)
        arrays[-1] = np.array([value], dtype=np.bool_)
        return arrays
    return make


def if_float(x, flag):
    return tf.cond(flag[0], lambda: x * 2.0 + 1.0, lambda: x - 3.0)


def if_two_outputs(x, y, flag):
    return tf.cond(flag[0], lambda: (x + y, x * y), lambda: (x - y, y))


def while_counter(x):
    def body(i, x):
        return i + 1, x * 1.5 + 0.25
    _, y = tf.while_loop(lambda i, x: i < 5, body, [tf.constant(0), x])
    return y


def while_input_count(x, n):
    # The number of iterations is an input: 0, 1 or several.
    def body(i, x):
        return i + 1, tf.nn.relu(x - 0.5) + x * 0.5
    _, y = tf.while_loop(lambda i, x: i < n[0], body, [tf.constant(0), x])
    return y


def nested(x, flag):
    def body(i, x):
        return i + 1, tf.cond(flag[0], lambda: x + 1.0, lambda: x * 0.5)
    _, y = tf.while_loop(lambda i, x: i < 3, body, [tf.constant(0), x])
    return y


class Accumulator(tf.Module):
    """A variable initialized by CALL_ONCE, increased by the input at every invocation."""

    def __init__(self):
        self.total = tf.Variable(tf.fill([2, 3], 0.5))

    @tf.function(input_signature=[tf.TensorSpec([2, 3], tf.float32)])
    def __call__(self, x):
        self.total.assign_add(x)
        return self.total * 2.0


def accumulator():
    module = Accumulator()
    converter = tf.lite.TFLiteConverter.from_concrete_functions(
        [module.__call__.get_concrete_function()], module)
    return converter.convert()


def cases():
    f4 = tf.TensorSpec([4], tf.float32)
    flag = tf.TensorSpec([1], tf.bool)
    yield Case("if_float32", lambda: convert(if_float, [f4, flag]), with_flag(True, 3),
               compare="relative", tolerance=1e-6)
    yield Case("if_float32_else", lambda: convert(if_float, [f4, flag]), with_flag(False, 4),
               compare="relative", tolerance=1e-6)
    yield Case("if_two_outputs", lambda: convert(if_two_outputs, [f4, f4, flag]),
               with_flag(True, 5), compare="relative", tolerance=1e-6)
    yield Case("while_counter", lambda: convert(while_counter, [f4]), random_inputs(),
               compare="relative", tolerance=1e-6)
    yield Case("while_input_count",
               lambda: convert(while_input_count, [f4, tf.TensorSpec([1], tf.int32)]),
               random_inputs(seed=6, low=0, high=4), compare="relative", tolerance=1e-6)
    yield Case("while_if_nested", lambda: convert(nested, [f4, flag]), with_flag(True, 7),
               compare="relative", tolerance=1e-6)
    yield Case("variable_call_once", accumulator, random_inputs(seed=8), compare="relative",
               tolerance=1e-6, invocations=3)
