"""Transposes that cancel, as ONNX and PyTorch converters write them around NCHW operators:
inverse pairs and sandwiches of layout-agnostic elementwise operators (which the plan removes,
`TransposeFolding`), and near misses it must leave alone (a permutation that is not the
inverse, an intermediate read twice, a per-channel quantized middle). Written tensor by tensor
with single_op, so that no converter folds them first. `TransposeFoldingTests` runs each with
the rewrite on and off (byte-identical) and counts the TRANSPOSE nodes left."""
import numpy as np

from .common import Case, random_inputs
from .single_op import DATA_QUANTIZATION, Model, options

SHAPE = [1, 3, 4, 5]
TO_NHWC, TO_NCHW = [0, 2, 3, 1], [0, 3, 1, 2]
LOGISTIC_QUANT = {"int8": (1 / 256, -128), "uint8": (1 / 256, 0)}


class Builder:
    """One graph being written: `x` the input; `transpose` and `unary` append operators."""

    def __init__(self, t):
        self.model, self.t = Model(), t
        self.g = self.model.graph()
        self.quant = DATA_QUANTIZATION.get(t)
        self.x = self.g.feed(t, SHAPE)

    def tensor(self, quant="same"):
        return self.g.tensor(self.t, [], quantization=self.quant if quant == "same" else quant)

    def transpose(self, source, perm, quant="same"):
        out = self.tensor(quant)
        self.g.op("TRANSPOSE", [source, self.g.const(perm)], [out])
        return out

    def sandwich(self, name, quant):
        """TRANSPOSE to NHWC, `name` with output quantization `quant`, TRANSPOSE back."""
        middle = self.unary(name, self.transpose(self.x, TO_NHWC), quant=quant)
        return self.transpose(middle, TO_NCHW, quant=quant)

    def unary(self, name, source, quant="same", opts=None):
        out = self.tensor(quant)
        self.g.op(name, [source], [out], opts)
        return out

    def add(self, a, b):
        out = self.tensor()
        self.g.op("ADD", [a, b], [out], options("AddOptions"))
        return out

    def bytes(self, outputs):
        return self.model.bytes([(self.g, outputs)])


def round_trip(t, back):
    """TRANSPOSE to NHWC, TRANSPOSE by `back` (the inverse or not), then RELU."""
    b = Builder(t)
    return b.bytes([b.unary("RELU", b.transpose(b.transpose(b.x, TO_NHWC), back))])


def pair(t):
    return round_trip(t, TO_NCHW)


def sandwich(t):
    b = Builder(t)
    return b.bytes([b.sandwich("LOGISTIC", LOGISTIC_QUANT.get(t))])


def chain(t):
    b = Builder(t)
    middle = b.unary("TANH", b.unary("RELU", b.transpose(b.x, TO_NHWC)))
    return b.bytes([b.add(b.transpose(middle, TO_NCHW), b.x)])


def not_inverse(t):
    return round_trip(t, TO_NHWC)


def read_twice(t):
    b = Builder(t)
    nhwc = b.transpose(b.x, TO_NHWC)
    back = b.transpose(nhwc, TO_NCHW)
    return b.bytes([b.unary("RELU", back), b.unary("RELU", nhwc)])


def requantized(t):
    b = Builder(t)
    out = b.sandwich("QUANTIZE", (0.03, 7))
    return b.bytes([b.add(out, out)])


RECIPES = {"pair": pair, "sandwich": sandwich, "chain": chain, "not_inverse": not_inverse,
           "read_twice": read_twice, "requantized": requantized}
TYPES = {"pair": ("float32", "int8", "uint8"), "sandwich": ("float32", "int8"),
         "chain": ("float32",), "not_inverse": ("float32",), "read_twice": ("int8",),
         "requantized": ("int8",)}


def cases():
    for name, recipe in RECIPES.items():
        for t in TYPES[name]:
            exact = t != "float32" or name in ("pair", "not_inverse", "read_twice")
            yield Case(f"{name}_{t}", lambda r=recipe, t=t: r(t), random_inputs(low=-2.0, high=2.0),
                       compare="exact" if exact else "relative",
                       tolerance=0.0 if exact else 1e-5)
