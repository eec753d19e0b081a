"""Binary math: FLOOR_DIV, POW, SQUARED_DIFFERENCE, ADD_N, and the types of ADD, SUB, MUL, DIV,
MAXIMUM, MINIMUM and FLOOR_MOD beyond float32/int32 and 8-bit (int64, plain int16, int8
FLOOR_MOD/FLOOR_DIV, quantized int16 arithmetic, quantized DIV), broadcasting.

TFLite fails at run time on integer zero divisors (FLOOR_DIV, FLOOR_MOD, DIV; also float
FLOOR_DIV), on negative int32 exponents and on quantized divisors equal to their zero point,
so the inputs avoid them. Quantized DIV on uint8 and int16 are int8 graphs edited
(`model_edit`), as the converter emits neither.
"""
import numpy as np
import tensorflow as tf
from ai_edge_litert.interpreter import Interpreter

from . import model_edit
from .common import Case, convert, random_inputs, representative_of

SHAPE_A = [2, 3, 4]
SHAPE_B = [3, 1]


def spec(dtype, shape_b=SHAPE_B):
    return [tf.TensorSpec(SHAPE_A, dtype), tf.TensorSpec(shape_b, dtype)]


def operand_inputs(ranges, seed=1):
    """Inputs matching the model's input details, by argument name: the input named
    `serving_default_<key>:0` is uniform in `ranges[key]` = (low, high, nonzero), integers for
    integer inputs (0 replaced by `high` when `nonzero`), floats otherwise (at least 0.25 in
    magnitude when `nonzero`). The converter orders inputs by name, not by argument."""
    def make(model):
        rng = np.random.default_rng(seed)
        arrays = []
        for detail in Interpreter(model_content=model).get_input_details():
            key = detail["name"].removeprefix("serving_default_").split(":")[0]
            low, high, nonzero = ranges[key]
            shape, dtype = detail["shape"], detail["dtype"]
            if np.issubdtype(dtype, np.integer):
                values = rng.integers(low, high + 1, size=shape)
                if nonzero:
                    values[values == 0] = high
            else:
                values = rng.uniform(low, high, size=shape)
                if nonzero:
                    values = np.where(np.abs(values) < 0.25, 0.25, values)
            arrays.append(values.astype(dtype))
        return arrays
    return make


def divisor_inputs(dividend, divisor):
    """Dividend `x` in `dividend` = (low, high) and non-zero divisor `y` in `divisor`."""
    return operand_inputs({"x": dividend + (False,), "y": divisor + (True,)})


def exponent_inputs(base, exponent):
    """Base `x` in `base` = (low, high) and exponent `y` in `exponent`."""
    return operand_inputs({"x": base + (False,), "y": exponent + (False,)})


def plain_cases():
    for dtype in (tf.float32, tf.int32, tf.int16, tf.int8):
        wide = (-9.0, 9.0) if dtype == tf.float32 else (-100, 100)
        yield Case(f"floor_div_{dtype.name}", lambda d=dtype: convert(tf.math.floordiv, spec(d)),
                   divisor_inputs(wide, (-4, 4)), compare="exact")
    for dtype in (tf.int64, tf.int16, tf.int8):
        yield Case(f"floor_mod_{dtype.name}", lambda d=dtype: convert(tf.math.floormod, spec(d)),
                   divisor_inputs((-100, 100), (-7, 7)))
    for name, op in (("add", tf.add), ("sub", tf.subtract), ("mul", tf.multiply),
                     ("maximum", tf.maximum), ("minimum", tf.minimum)):
        yield Case(f"{name}_int64", lambda op=op: convert(op, spec(tf.int64)),
                   random_inputs(low=-1000, high=1000))
    for name, op in (("add", tf.add), ("mul", tf.multiply)):
        yield Case(f"{name}_int16", lambda op=op: convert(op, spec(tf.int16)),
                   random_inputs(low=-300, high=300), note="wraps past the int16 range")
    for dtype in (tf.float32, tf.int32):
        yield Case(f"squared_difference_{dtype.name}",
                   lambda d=dtype: convert(tf.math.squared_difference, spec(d)),
                   random_inputs(low=-100, high=100),
                   compare="relative" if dtype == tf.float32 else "exact", tolerance=1e-6)
    yield Case("add_n_float32",
               lambda: convert(lambda a, b, c: tf.math.add_n([a, b, c]),
                               [tf.TensorSpec(SHAPE_A, tf.float32)] * 3),
               random_inputs(low=-10, high=10), compare="relative", tolerance=1e-6)
    yield Case("add_n_int32",
               lambda: convert(lambda a, b, c, d: tf.math.add_n([a, b, c, d]),
                               [tf.TensorSpec(SHAPE_A, tf.int32)] * 4),
               random_inputs(low=-1000, high=1000))


def power_cases():
    """POW: elementwise (powf / double pow), broadcast, and the repeated-squaring path for a
    single integer exponent."""
    same = [tf.TensorSpec(SHAPE_A, tf.float32)] * 2
    yield Case("pow_float32", lambda: convert(tf.pow, same),
               exponent_inputs((0.1, 3.0), (-2.0, 2.0)), compare="relative", tolerance=1e-5)
    yield Case("pow_float32_broadcast", lambda: convert(tf.pow, spec(tf.float32, [4])),
               exponent_inputs((0.1, 3.0), (-2.0, 2.0)), compare="relative", tolerance=1e-5)
    scalar = [tf.TensorSpec(SHAPE_A, tf.float32), tf.TensorSpec([], tf.float32)]
    for name, value in (("integer", 3.0), ("fraction", 0.5)):
        yield Case(f"pow_float32_scalar_{name}", lambda: convert(tf.pow, scalar),
                   exponent_inputs((0.1, 3.0), (value, value)), compare="relative",
                   tolerance=1e-5)
    yield Case("pow_float32_scalar_overflow", lambda: convert(tf.pow, scalar),
               exponent_inputs((-1e13, 1e13), (3.0, 3.0)), compare="relative", tolerance=1e-5,
               note="products past the float range clamp to ±FLT_MAX on this path")
    same_int = [tf.TensorSpec(SHAPE_A, tf.int32)] * 2
    yield Case("pow_int32", lambda: convert(tf.pow, same_int), exponent_inputs((-9, 9), (0, 5)))
    yield Case("pow_int32_broadcast", lambda: convert(tf.pow, spec(tf.int32, [4])),
               exponent_inputs((-9, 9), (0, 5)))
    scalar_int = [tf.TensorSpec(SHAPE_A, tf.int32), tf.TensorSpec([], tf.int32)]
    yield Case("pow_int32_scalar", lambda: convert(tf.pow, scalar_int),
               exponent_inputs((-2000, 2000), (3, 3)), note="wraps past the int32 range")


def quantized(op, shapes, low=-1.0, high=1.0, int16x8=False):
    """`op` on float inputs of `shapes`, converted to full integer with int8 (or int16) I/O."""
    return convert(op, [tf.TensorSpec(s, tf.float32) for s in shapes],
                   representative=representative_of(shapes, low=low, high=high),
                   int8_io=True, int16x8=int16x8)


def quantized_cases():
    shapes = [SHAPE_A, SHAPE_B]
    yield Case("squared_difference_int8",
               lambda: quantized(tf.math.squared_difference, shapes, -1.0, 2.0),
               random_inputs(low=-1.0, high=2.0))
    for name, op in (("add", tf.add), ("sub", tf.subtract), ("mul", tf.multiply)):
        yield Case(f"{name}_int16_quantized",
                   lambda op=op: quantized(op, shapes, -1.0, 2.0, int16x8=True),
                   random_inputs(low=-1.0, high=2.0))
    for name, op, operand_shapes in (("add", tf.add, [SHAPE_A, SHAPE_A]),
                                     ("sub", tf.subtract, shapes)):
        yield Case(f"{name}_int16_power_of_two",
                   lambda op=op, s=operand_shapes: power_of_two(
                       quantized(op, s, -1.0, 2.0, int16x8=True)),
                   random_inputs(low=-1.0, high=2.0),
                   note="int16 graph with pot_scale_int16 and power-of-two scales (LSTM path; "
                        "TFLite's ADD runs it on same-shape operands only)")
    divide = lambda: quantized(tf.math.divide, shapes, 0.5, 2.0)
    positive = random_inputs(low=0.5, high=2.0)
    yield Case("div_int8", divide, positive)
    yield Case("div_uint8", lambda: model_edit.retype(divide(), "int8", "uint8", 128), positive,
               note="int8 graph retyped to uint8")
    yield Case("div_int16_quantized", lambda: int16_division(divide()), positive,
               note="int8 graph retyped to int16 with symmetric scales")


def power_of_two(model):
    """The int16 ADD/SUB graph `model` on TFLite's power-of-two path: pot_scale_int16 set,
    input `x` and the output scaled 2^-12, input `y` 2^-14."""
    model = model_edit.set_options(model, potScaleInt16=True)
    details = Interpreter(model_content=model).get_input_details()
    scales = [(2.0 ** -12 if "_x:" in d["name"] else 2.0 ** -14, 0) for d in details]
    model = model_edit.requantize_inputs(model, scales)
    return model_edit.requantize_outputs(model, [(2.0 ** -12, 0)])


def int16_division(model):
    """The int8 DIV graph `model` as int16: symmetric quantization, scales for ±4 (inputs) and
    ±8 (output) over the int16 range."""
    tree = model_edit.load(model_edit.retype(model, "int8", "int16"))
    subgraph = tree.subgraphs[0]
    for position in list(subgraph.inputs) + list(subgraph.outputs):
        tensor = subgraph.tensors[position]
        limit = 8.0 if position in subgraph.outputs else 4.0
        tensor.quantization.scale = [float(np.float32(limit / 32767))]
        tensor.quantization.zeroPoint = [0]
    return model_edit.save(tree)


def cases():
    yield from plain_cases()
    yield from power_cases()
    yield from quantized_cases()
