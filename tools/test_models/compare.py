"""Comparisons (EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL) and logic
(LOGICAL_AND, LOGICAL_OR, LOGICAL_NOT), broadcasting, in every type LiteRT 2.3.0 runs them.

The converter emits float32, int32, int64 and bool comparisons directly, int16 only for EQUAL
and LESS, and quantized ones only as int8 (and not NOT_EQUAL): the other combinations are the
same graphs edited (`model_edit`: int32 → int16, int8 → uint8 with zero points + 128, one
comparison swapped for another, int8 → quantized int16 for EQUAL/NOT_EQUAL). Inputs are drawn
from a coarse grid so that equal values occur; quantized operands get different scales and
zero points so the rescaling decides ties.
"""
import numpy as np
import tensorflow as tf
from ai_edge_litert.interpreter import Interpreter

from . import model_edit
from .common import Case, convert, random_inputs, representative_of

SHAPE_A = [3, 4, 5]
SHAPE_B = [4, 1]
OPS = {"equal": ("EQUAL", tf.equal), "not_equal": ("NOT_EQUAL", tf.not_equal),
       "less": ("LESS", tf.less), "less_equal": ("LESS_EQUAL", tf.less_equal),
       "greater": ("GREATER", tf.greater), "greater_equal": ("GREATER_EQUAL", tf.greater_equal)}
# (scale, zero point) of the two quantized operands: different, so that ties are decided by
# the rescaling arithmetic.
INT8_PARAMETERS = [(0.02, 5), (0.03, -7)]
INT16_PARAMETERS = [(0.0003, 0), (0.0002, 0)]


def grid_inputs(seed=1, low=-2, high=2, step=0.5):
    """Inputs matching the model's input details, on a grid of `step` in [low, high] (so that
    equal values are frequent); integer inputs take the grid's integers, quantized ones the
    stored values nearest to the grid's reals."""
    def make(model):
        rng = np.random.default_rng(seed)
        arrays = []
        for detail in Interpreter(model_content=model).get_input_details():
            shape, dtype = detail["shape"], detail["dtype"]
            real = rng.integers(int(low / step), int(high / step) + 1, size=shape) * step
            if dtype == np.bool_:
                arrays.append(rng.integers(0, 2, size=shape).astype(np.bool_))
            elif np.issubdtype(dtype, np.integer):
                scale, zero = detail["quantization"]
                info = np.iinfo(dtype)
                values = np.round(real / scale + zero) if scale else np.round(real / step)
                arrays.append(np.clip(values, info.min, info.max).astype(dtype))
            else:
                arrays.append(real.astype(dtype))
        return arrays
    return make


def spec(dtype):
    return [tf.TensorSpec(SHAPE_A, dtype), tf.TensorSpec(SHAPE_B, dtype)]


def quantized_base():
    """LESS on two int8 operands with INT8_PARAMETERS (the converter's only quantized
    comparison graph that keeps every operator quantized)."""
    model = convert(tf.less, spec(tf.float32),
                    representative=representative_of([SHAPE_A, SHAPE_B], low=-2, high=3),
                    int8_io=True)
    return model_edit.requantize_inputs(model, INT8_PARAMETERS)


def edited(base, operator, *edits):
    """`base` (a LESS graph) with `edits` applied, then LESS replaced by `operator`."""
    def make():
        model = base()
        for edit in edits:
            model = edit(model)
        return model_edit.replace_operator(model, "LESS", operator)
    return make


def comparison_cases():
    int32_less = lambda: convert(tf.less, spec(tf.int32))
    to_int16 = lambda m: model_edit.retype(m, "int32", "int16")
    to_uint8 = lambda m: model_edit.retype(m, "int8", "uint8", 128)
    for name, (operator, op) in OPS.items():
        for dtype in (tf.float32, tf.int32, tf.int64):
            yield Case(f"{name}_{dtype.name}", lambda op=op, d=dtype: convert(op, spec(d)),
                       grid_inputs())
        if operator != "NOT_EQUAL":  # LiteRT 2.3.0 leaves unquantized int16 NOT_EQUAL unwritten
            yield Case(f"{name}_int16", edited(int32_less, operator, to_int16), grid_inputs(),
                       note="int32 graph retyped to int16")
        yield Case(f"{name}_int8", edited(quantized_base, operator), grid_inputs(),
                   note="quantized LESS graph, operator swapped")
        yield Case(f"{name}_uint8", edited(quantized_base, operator, to_uint8), grid_inputs(),
                   note="quantized int8 graph retyped to uint8")
    yield Case("equal_float32_same_shape",
               lambda: convert(tf.equal, [tf.TensorSpec(SHAPE_A, tf.float32)] * 2), grid_inputs())
    for name in ("equal", "not_equal"):
        operator, op = OPS[name]
        yield Case(f"{name}_bool", lambda op=op: convert(op, spec(tf.bool)), grid_inputs())
        to_int16 = lambda m: model_edit.requantize_inputs(
            model_edit.retype(m, "int8", "int16"), INT16_PARAMETERS)
        yield Case(f"{name}_int16_quantized", edited(quantized_base, operator, to_int16),
                   grid_inputs(low=-0.6, high=0.6, step=0.12), note="int8 graph retyped to quantized int16")
    # LESS on quantized int16 compares the stored values (the scales differ here).
    to_int16 = lambda m: model_edit.requantize_inputs(
        model_edit.retype(m, "int8", "int16"), INT16_PARAMETERS)
    yield Case("less_int16_quantized", edited(quantized_base, "LESS", to_int16),
               grid_inputs(low=-0.6, high=0.6, step=0.12), note="int8 graph retyped to quantized int16")


def logic_cases():
    for name, op in (("logical_and", tf.logical_and), ("logical_or", tf.logical_or)):
        yield Case(f"{name}_bool", lambda op=op: convert(op, spec(tf.bool)), random_inputs())
    yield Case("logical_not_bool",
               lambda: convert(tf.logical_not, [tf.TensorSpec(SHAPE_A, tf.bool)]), random_inputs())


def cases():
    yield from comparison_cases()
    yield from logic_cases()
