"""BATCH_MATMUL: float32, int8 and int16 (16x8) full-integer models, with adjoints, broadcast
batch dimensions, and a computed or constant right operand. (The hybrid float × int8 models
are in hybrid.py.)"""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of

SHAPES = {
    # name: (lhs shape, rhs shape, adjoint_a, adjoint_b)
    "plain": ([2, 3, 4], [2, 4, 5], False, False),
    "adjoint_both": ([2, 4, 3], [2, 5, 4], True, True),
    "adjoint_x": ([2, 4, 3], [2, 4, 5], True, False),
    "adjoint_y": ([3, 4], [2, 5, 4], False, True),
    "broadcast": ([2, 1, 3, 4], [3, 4, 5], False, False),
}


def _matmul(adjoint_a, adjoint_b):
    return lambda x, y: tf.matmul(x, y, adjoint_a=adjoint_a, adjoint_b=adjoint_b)


def _quantized(function, spec, int16):
    """Full-integer conversion with a representative dataset in the model's input order
    (the converter may order the inputs differently from the function's arguments)."""
    from ai_edge_litert.interpreter import Interpreter
    order = [d["name"] for d in Interpreter(model_content=convert(function, spec))
             .get_input_details()]
    names = [f"serving_default_{n}:0" for n in ("x", "y")][:len(spec)]
    shapes = [spec[names.index(n)].shape.as_list() for n in order]
    return convert(function, spec, representative=representative_of(shapes), int8_io=True,
                   int16x8=int16)


def _constant_rhs(shape):
    rhs = tf.constant(np.random.default_rng(7).normal(size=shape).astype(np.float32))
    return lambda x: tf.matmul(x, rhs)


def cases():
    rel = dict(compare="relative", tolerance=1e-5)
    for name, (a, b, adj_a, adj_b) in SHAPES.items():
        spec = [tf.TensorSpec(a, tf.float32), tf.TensorSpec(b, tf.float32)]
        function = _matmul(adj_a, adj_b)
        yield Case(f"{name}_float32", lambda f=function, s=spec: convert(f, s),
                   random_inputs(), **rel)
        for suffix, int16 in (("int8", False), ("int16", True)):
            yield Case(
                f"{name}_{suffix}",
                lambda f=function, s=spec, int16=int16: _quantized(f, s, int16),
                random_inputs(), compare="exact")
    const_spec = [tf.TensorSpec([2, 3, 4], tf.float32)]
    yield Case("constant_rhs_float32", lambda: convert(_constant_rhs([2, 4, 5]), const_spec),
               random_inputs(), **rel)
    for suffix, int16 in (("int8", False), ("int16", True)):
        yield Case(
            f"constant_rhs_{suffix}",
            lambda int16=int16: _quantized(_constant_rhs([2, 4, 5]), const_spec, int16),
            random_inputs(), compare="exact")
