"""An explicit PAD before a VALID convolution, as PyTorch and ONNX exports write padding:
the folds the plan makes (`PadFolding`: PAD and PADV2 filling with zero, symmetric and
asymmetric, CONV_2D and DEPTHWISE_CONV_2D, float32/int8/uint8) and near misses it must leave
alone (PADV2 filling with another value, a SAME convolution after the PAD). Written tensor by
tensor with single_op; `PadFoldingTests` runs each with the rewrite on and off and counts the
PAD nodes left."""
import numpy as np

from .catalog import weights
from .common import Case, random_inputs
from .single_op import DATA_QUANTIZATION, Model, options

SHAPE = [1, 6, 7, 2]
SYMMETRIC, BOTTOM_RIGHT = [[0, 0], [1, 1], [1, 1], [0, 0]], [[0, 0], [0, 1], [0, 1], [0, 0]]


def padded_convolution(t, depthwise=False, pads=SYMMETRIC, fill=None, padding=1,
                       stride=1):
    """PAD (or PADV2 with `fill`, a stored value) of `pads`, then a 3×3 convolution (padding
    1: VALID, 0: SAME)."""
    model = Model()
    g = model.graph()
    quant = DATA_QUANTIZATION.get(t)
    x = g.feed(t, SHAPE)
    padded = g.tensor(t, [], quantization=quant)
    amounts = g.const(np.array(pads, dtype=np.int32))
    if fill is None:
        g.op("PAD", [x, amounts], [padded])
    else:
        g.op("PADV2", [x, amounts, g.const([fill], t, quant)], [padded])
    out = g.tensor(t, [], quantization={"int8": (0.08, 2), "uint8": (0.08, 120)}.get(t))
    if depthwise:
        values = (np.arange(18).reshape(1, 3, 3, 2) * 13 % 41) - 20
        w, bias = weights(values, t, 2, 3)
        g.op("DEPTHWISE_CONV_2D", [padded, w(g), bias(g)], [out], options(
            "DepthwiseConv2DOptions", padding=padding, strideW=stride, strideH=stride,
            depthMultiplier=1), version=3 if t == "int8" else 1)
    else:
        values = (np.arange(54).reshape(3, 3, 3, 2) * 7 % 61) - 30
        w, bias = weights(values, t, 3, 0)
        g.op("CONV_2D", [padded, w(g), bias(g)], [out], options(
            "Conv2DOptions", padding=padding, strideW=stride, strideH=stride),
            version=3 if t == "int8" else 1)
    return model.bytes([(g, [out])])


ZERO = {"float32": 0.0, "int8": DATA_QUANTIZATION["int8"][1], "uint8": DATA_QUANTIZATION["uint8"][1]}
RECIPES = {
    "pad_conv": lambda t: padded_convolution(t),
    "padv2_conv": lambda t: padded_convolution(t, fill=ZERO[t]),
    "pad_depthwise_stride2": lambda t: padded_convolution(t, True, BOTTOM_RIGHT, stride=2),
    "padv2_other_fill": lambda t: padded_convolution(t, fill=ZERO[t] + 5),
    "pad_same_conv": lambda t: padded_convolution(t, padding=0),
}
TYPES = {"pad_conv": ("float32", "int8", "uint8"), "padv2_conv": ("float32", "int8"),
         "pad_depthwise_stride2": ("float32", "int8", "uint8"), "padv2_other_fill": ("int8",),
         "pad_same_conv": ("uint8",)}


def cases():
    for name, recipe in RECIPES.items():
        for t in TYPES[name]:
            exact = t != "float32"
            yield Case(f"{name}_{t}", lambda r=recipe, t=t: r(t), random_inputs(low=-2.0, high=2.0),
                       compare="exact" if exact else "relative",
                       tolerance=0.0 if exact else 1e-5)
