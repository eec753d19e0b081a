"""The operator catalog's gaps: one tiny model for each (operator, element type) pair the
catalog (`ocellus ops`) lists that no other family exercises, written tensor by tensor with
single_op. LiteRT 2.3.0's outputs are the reference where it runs the pair; where it does not
(Ocellus moves bytes of any fixed-size type, LiteRT only of some), byte movers are checked
against numpy's result, and anything else is recorded as `runs` (it must load and run).
`OperatorSupportTests` fails when a listed pair has no model, or when a node runs on a kernel
its catalog entry does not list."""
import re

import numpy as np
from flatbuffers import flexbuffers

from ai_edge_litert import schema_py_generated as schema
from ai_edge_litert.interpreter import Interpreter

from .common import Case
from .model_edit import save
from .single_op import DATA_QUANTIZATION, TYPES, Model, options

ALL = ["float32", "float16", "int8", "uint8", "int16", "int32", "int64", "bool"]
QUANTIZED = {"int8", "uint8", "int16"}
# A second quantization for outputs that may differ from their input's.
OUTPUT_QUANTIZATION = {"int8": (0.08, 2), "uint8": (0.08, 120), "int16": (1 / 512, 0)}


def single(name, t, shapes, extra=(), opts=None, outputs=1, out_type=None, same_quant=True,
           version=1, custom_options=None, out_quant=None):
    """A model of operator `name` on data inputs of type `t` and `shapes`, then the constant
    inputs `extra` (callables of the graph returning tensor indices)."""
    model = Model()
    g = model.graph()
    inputs = [g.feed(t, shape) for shape in shapes] + [make(g) for make in extra]
    out_type = out_type or t
    if out_quant is None and out_type in QUANTIZED:
        out_quant = DATA_QUANTIZATION[out_type] if same_quant else OUTPUT_QUANTIZATION[out_type]
    outs = [g.tensor(out_type, [], quantization=out_quant) for _ in range(outputs)]
    g.op(name, inputs, outs, opts, custom_options=custom_options, version=version)
    return model.bytes([(g, outs)])


def c(values, type_name="int32", quantization=None):
    """A constant input maker."""
    return lambda g: g.const(values, type_name, quantization)


def byte_movers():
    """Operators that only move bytes: every fixed-size type."""
    r = {
        "RESHAPE": lambda t: single("RESHAPE", t, [[2, 3]], [c([3, 2])],
                                    options("ReshapeOptions", newShape=[3, 2])),
        "SQUEEZE": lambda t: single("SQUEEZE", t, [[1, 2, 1, 3]], (),
                                    options("SqueezeOptions", squeezeDims=[0, 2])),
        "EXPAND_DIMS": lambda t: single("EXPAND_DIMS", t, [[2, 3]], [c(1)]),
        "TRANSPOSE": lambda t: single("TRANSPOSE", t, [[2, 3, 4]], [c([2, 0, 1])]),
        "SLICE": lambda t: single("SLICE", t, [[3, 4]], [c([1, 0]), c([2, 3])]),
        "STRIDED_SLICE": lambda t: single(
            "STRIDED_SLICE", t, [[4, 4]], [c([0, 1]), c([4, 4]), c([2, 1])],
            options("StridedSliceOptions")),
        "TILE": lambda t: single("TILE", t, [[2, 3]], [c([2, 1])]),
        "REVERSE_V2": lambda t: single("REVERSE_V2", t, [[2, 3]], [c([1])]),
        "BROADCAST_TO": lambda t: single("BROADCAST_TO", t, [[1, 3]], [c([2, 3])]),
        "DEPTH_TO_SPACE": lambda t: single("DEPTH_TO_SPACE", t, [[1, 1, 2, 4]], (),
                                           options("DepthToSpaceOptions", blockSize=2)),
        "SPACE_TO_DEPTH": lambda t: single("SPACE_TO_DEPTH", t, [[1, 2, 4, 1]], (),
                                           options("SpaceToDepthOptions", blockSize=2)),
        "BATCH_TO_SPACE_ND": lambda t: single("BATCH_TO_SPACE_ND", t, [[4, 1, 2, 1]],
                                              [c([2, 2]), c([[0, 0], [0, 1]])]),
        "SPACE_TO_BATCH_ND": lambda t: single("SPACE_TO_BATCH_ND", t, [[1, 2, 3, 1]],
                                              [c([2, 2]), c([[0, 0], [0, 1]])]),
        "PAD": lambda t: single("PAD", t, [[2, 3]], [c([[1, 0], [0, 2]])]),
        "PADV2": lambda t: single("PADV2", t, [[2, 3]], [
            c([[1, 0], [0, 2]]), c(np.ones([], dtype=np.float64), t, DATA_QUANTIZATION.get(t))]),
        "MIRROR_PAD": lambda t: single("MIRROR_PAD", t, [[3, 3]], [c([[1, 1], [0, 2]])],
                                       options("MirrorPadOptions", mode=0)),
        "GATHER": lambda t: single("GATHER", t, [[4, 3]], [c([3, 0, 2])],
                                   options("GatherOptions", axis=0)),
        "GATHER_ND": lambda t: single("GATHER_ND", t, [[3, 2]], [c([[1], [0]])]),
        "CONCATENATION": lambda t: single("CONCATENATION", t, [[2, 3], [2, 1]], (),
                                          options("ConcatenationOptions", axis=1)),
        "PACK": lambda t: single("PACK", t, [[2, 3], [2, 3]], (),
                                 options("PackOptions", valuesCount=2, axis=1)),
        "UNPACK": lambda t: single("UNPACK", t, [[2, 3]], (),
                                   options("UnpackOptions", num=2, axis=0), outputs=2),
        "SPLIT_V": lambda t: single("SPLIT_V", t, [[2, 5]], [c([2, 3]), c(1)],
                                    options("SplitVOptions", numSplits=2), outputs=2),
        "SHAPE": lambda t: single("SHAPE", t, [[2, 3]], (), options("ShapeOptions", outType=2),
                                  out_type="int32"),
        "ZEROS_LIKE": lambda t: single("ZEROS_LIKE", t, [[2, 3]]),
        "SPLIT": split, "FILL": fill, "DYNAMIC_UPDATE_SLICE": dynamic_update_slice,
        "SELECT": lambda t: select("SELECT", t, [2, 3]),
        "SELECT_V2": lambda t: select("SELECT_V2", t, [1, 3]),
        "EMBEDDING_LOOKUP": embedding_lookup, "ASSIGN_VARIABLE": variable,
        "READ_VARIABLE": variable, "IF": if_then_else, "WHILE": while_loop,
    }
    return r


def split(t):
    model = Model()
    g = model.graph()
    axis = g.const(1)
    data = g.feed(t, [2, 4])
    q = DATA_QUANTIZATION.get(t)
    outs = [g.tensor(t, [], quantization=q) for _ in range(2)]
    g.op("SPLIT", [axis, data], outs, options("SplitOptions", numSplits=2))
    return model.bytes([(g, outs)])


def fill(t):
    model = Model()
    g = model.graph()
    dims = g.const([2, 3])
    value = g.feed(t, [])
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op("FILL", [dims, value], [out])
    return model.bytes([(g, [out])])


def dynamic_update_slice(t):
    model = Model()
    g = model.graph()
    operand, update = g.feed(t, [3, 3]), g.feed(t, [2, 2])
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op("DYNAMIC_UPDATE_SLICE", [operand, update, g.const([0, 1])], [out])
    return model.bytes([(g, [out])])


def select(name, t, condition_shape):
    model = Model()
    g = model.graph()
    condition = g.feed("bool", condition_shape)
    x, y = g.feed(t, [2, 3]), g.feed(t, [2, 3])
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op(name, [condition, x, y], [out])
    return model.bytes([(g, [out])])


def embedding_lookup(t):
    """Ids fed (0…3), the table constant."""
    model = Model()
    g = model.graph()
    ids = g.feed("int32", [3], name="ids")
    table = np.arange(12).reshape(4, 3) % 2 if t == "bool" else np.arange(12).reshape(4, 3)
    value = g.const(table, t, DATA_QUANTIZATION.get(t))
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op("EMBEDDING_LOOKUP", [ids, value], [out])
    return model.bytes([(g, [out])])


def variable(t):
    """VAR_HANDLE, ASSIGN_VARIABLE of the fed value, READ_VARIABLE."""
    model = Model()
    g = model.graph()
    value = g.feed(t, [2, 3])
    handle = g.tensor("resource", [])
    g.op("VAR_HANDLE", [], [handle], options("VarHandleOptions", sharedName=b"v"))
    g.op("ASSIGN_VARIABLE", [handle, value], [])
    out = g.tensor(t, [2, 3], quantization=DATA_QUANTIZATION.get(t))
    g.op("READ_VARIABLE", [handle], [out])
    return model.bytes([(g, [out])])


def passthrough_graph(model, t, name):
    """A subgraph returning its `t` input through `name` (RESHAPE or REVERSE-free identity)."""
    g = model.graph()
    x = g.feed(t, [2, 3])
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op("RESHAPE", [x, g.const([3, 2] if name == "then" else [6])], [out],
         options("ReshapeOptions", newShape=[3, 2] if name == "then" else [6]))
    return g, [out]


def if_then_else(t):
    model = Model()
    main = model.graph()
    condition = main.feed("bool", [])
    x = main.feed(t, [2, 3])
    out = main.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    main.op("IF", [condition, x], [out],
            options("IfOptions", thenSubgraphIndex=1, elseSubgraphIndex=1))
    return model.bytes([(main, [out]), passthrough_graph(model, t, "then")])


def while_loop(t):
    """Loop variables (x of type t, counter); three turns, x tiled along its rows each turn is
    not possible with a fixed shape, so x passes through reshaped to itself."""
    model = Model()
    main = model.graph()
    x, counter = main.feed(t, [2, 3]), main.feed("int32", [], name="counter")
    outs = [main.tensor(t, [], quantization=DATA_QUANTIZATION.get(t)), main.tensor("int32", [])]
    main.op("WHILE", [x, counter], outs,
            options("WhileOptions", condSubgraphIndex=1, bodySubgraphIndex=2))
    cond = model.graph()
    cx, cn = cond.feed(t, [2, 3]), cond.feed("int32", [])
    flag = cond.tensor("bool", [])
    cond.op("LESS", [cn, cond.const(3)], [flag])
    body = model.graph()
    bx, bn = body.feed(t, [2, 3]), body.feed("int32", [])
    bout = [body.tensor(t, [], quantization=DATA_QUANTIZATION.get(t)), body.tensor("int32", [])]
    body.op("RESHAPE", [bx, body.const([2, 3])], [bout[0]],
            options("ReshapeOptions", newShape=[2, 3]))
    body.op("ADD", [bn, body.const(1)], [bout[1]], options("AddOptions"))
    return model.bytes([(main, outs), (cond, [flag]), (body, bout)])


def arithmetic():
    """Elementwise operators on two inputs, quantized ones with a different output scale."""
    def binary(name, table=None):
        return lambda t: single(name, t, [[2, 3], [2, 3]], (),
                                options(table) if table else None, same_quant=False)
    r = {name: binary(name, table) for name, table in [
        ("ADD", "AddOptions"), ("SUB", "SubOptions"), ("MUL", "MulOptions"),
        ("MAXIMUM", None), ("MINIMUM", None), ("FLOOR_MOD", None)]}
    r["DIV"] = binary("DIV", "DivOptions")
    return r


def activations():
    """Unary activations; TANH's quantized output has LiteRT's fixed scale."""
    def unary(name, opts=None, out_quant=None):
        return lambda t: single(name, t, [[2, 8]], (), opts, same_quant=False,
                                out_quant=out_quant(t) if out_quant else None)
    tanh_quant = {"int8": (1 / 128, 0), "uint8": (1 / 128, 128)}.get
    logistic_quant = {"int8": (1 / 256, -128), "uint8": (1 / 256, 0)}.get
    return {
        "RELU": unary("RELU"), "RELU6": unary("RELU6"), "RELU_N1_TO_1": unary("RELU_N1_TO_1"),
        "HARD_SWISH": unary("HARD_SWISH"),
        "LEAKY_RELU": unary("LEAKY_RELU", options("LeakyReluOptions", alpha=0.2)),
        "TANH": unary("TANH", out_quant=tanh_quant),
        "LOGISTIC": unary("LOGISTIC", out_quant=logistic_quant),
        "SOFTMAX": unary("SOFTMAX", options("SoftmaxOptions", beta=1.0),
                         out_quant=logistic_quant),
        "PRELU": lambda t: single("PRELU", t, [[1, 2, 3]], [c(
            [2, -3, 5] if t != "uint8" else [130, 100, 140], t,
            {"int8": (0.1, 0), "uint8": (0.1, 128)}.get(t))], same_quant=False),
    }


def pooling_and_reduction():
    def pool(name):
        return lambda t: single(name, t, [[1, 4, 4, 2]], (), options(
            "Pool2DOptions", padding=1, strideW=2, strideH=2, filterWidth=2, filterHeight=2))

    def reduce(name, same_quant):
        return lambda t: single(name, t, [[2, 3, 4]], [c([1])],
                                options("ReducerOptions", keepDims=False), same_quant=same_quant)

    def resize(name, table, **fields):
        return lambda t: single(name, t, [[1, 2, 3, 1]], [c([4, 6])], options(table, **fields))
    r = {name: pool(name) for name in ["AVERAGE_POOL_2D", "MAX_POOL_2D", "L2_POOL_2D"]}
    r.update({"MEAN": reduce("MEAN", False), "SUM": reduce("SUM", False),
              "REDUCE_MAX": reduce("REDUCE_MAX", True), "REDUCE_MIN": reduce("REDUCE_MIN", True)})
    r["RESIZE_BILINEAR"] = resize("RESIZE_BILINEAR", "ResizeBilinearOptions",
                                  halfPixelCenters=True)
    r["RESIZE_NEAREST_NEIGHBOR"] = resize("RESIZE_NEAREST_NEIGHBOR",
                                          "ResizeNearestNeighborOptions")
    return r


def conversions():
    def cast(t):
        target = "float32" if t == "int32" else "int32"
        codes = {"float32": 0, "float16": 1, "int32": 2, "uint8": 3, "int64": 4, "bool": 6,
                 "int16": 7, "int8": 9}
        return single("CAST", t, [[2, 3]], (), options(
            "CastOptions", inDataType=codes[t], outDataType=codes[target]), out_type=target)

    def arg(name):
        return lambda t: single(name, t, [[2, 5]], [c([1])],
                                options(name.title().replace("_", "") + "Options", outputType=2),
                                out_type="int32")
    return {
        "CAST": cast, "ARG_MAX": arg("ARG_MAX"), "ARG_MIN": arg("ARG_MIN"),
        "DEQUANTIZE": lambda t: single("DEQUANTIZE", t, [[2, 3]], (), out_type="float32"),
        "QUANTIZE": requantize,
    }


def requantize(t):
    """QUANTIZE to int8 of float32, or of a quantized integer tensor (int32 with its own
    scale)."""
    model = Model()
    g = model.graph()
    x = g.feed(t, [2, 3], None if t == "float32" else DATA_QUANTIZATION.get(t, (0.001, 0)))
    out = g.tensor("int8", [], quantization=(0.07, 1))
    g.op("QUANTIZE", [x], [out])
    return model.bytes([(g, [out])])


# Filter quantization of the 8-bit convolutions: int8 per channel (zero points 0), uint8 per
# tensor.
FILTER_QUANTIZATION = {"int8": ([0.02, 0.03, 0.025], [0, 0, 0]), "uint8": (0.02, 128)}


def weights(values, t, channels, axis):
    """A constant filter of type t (float32 values, or 8-bit ones with FILTER_QUANTIZATION
    over `channels` along `axis`) and its bias (float32, or int32 at input × filter scale)."""
    values = np.asarray(values)
    if t == "float32":
        return c(values / 50.0, "float32"), c(np.linspace(-0.5, 0.5, channels), "float32")
    scales, zeros = FILTER_QUANTIZATION[t]
    scales = np.resize(np.atleast_1d(scales), channels) if t == "int8" else np.atleast_1d(scales)
    zeros = np.resize(np.atleast_1d(zeros), len(scales))
    stored = values + (128 if t == "uint8" else 0)
    input_scale = DATA_QUANTIZATION[t][0]
    bias_scales = input_scale * scales
    quantization = (scales, zeros, axis)
    return (c(stored, t, quantization),
            c(np.arange(channels) * 40 - 40, "int32", (bias_scales, np.zeros(len(scales)), 0)))


def depthwise(t):
    filter_values = np.array([[[[10, -20], [30, 40]], [[-50, 60], [70, -80]]]])
    w, bias = weights(filter_values, t, 2, 3)
    return single("DEPTHWISE_CONV_2D", t, [[1, 3, 3, 2]], [w, bias], options(
        "DepthwiseConv2DOptions", padding=1, strideW=1, strideH=1, depthMultiplier=1),
        same_quant=False, version=3 if t == "int8" else 1)


def convolution(t):
    filter_values = np.arange(24).reshape(3, 2, 2, 2) * 7 % 61 - 30
    w, bias = weights(filter_values, t, 3, 0)
    return single("CONV_2D", t, [[1, 4, 4, 2]], [w, bias], options(
        "Conv2DOptions", padding=0, strideW=1, strideH=1), same_quant=False,
        version=3 if t == "int8" else 1)


def fully_connected(t):
    w, bias = weights(np.arange(12).reshape(3, 4) * 11 % 53 - 26, t, 3, 0)
    return single("FULLY_CONNECTED", t, [[2, 4]], [w, bias], options("FullyConnectedOptions"),
                  same_quant=False, version=1 if t != "int8" else 4)


def densify(t):
    """A constant 4×4 CSR tensor (rows dense, columns compressed) made dense."""
    from .sparse import dimension
    model = Model()
    g = model.graph()
    values = np.array([1, 2, 3, 4, 5], dtype=np.float64)
    stored = values % 2 if t == "bool" else values
    sparse = g.const(stored, t, DATA_QUANTIZATION.get(t))
    parameters = schema.SparsityParametersT()
    parameters.traversalOrder = [0, 1]
    parameters.dimMetadata = [dimension(dense=4),
                              dimension(segments=[0, 2, 3, 3, 5], indices=[0, 3, 1, 0, 2])]
    g.tensors[sparse].sparsity = parameters
    g.tensors[sparse].shape = np.array([4, 4], dtype=np.int32)
    out = g.tensor(t, [], quantization=DATA_QUANTIZATION.get(t))
    g.op("DENSIFY", [sparse], [out])
    return model.bytes([(g, [out])])


def transpose_conv_uint8(t):
    model = Model()
    g = model.graph()
    shape = g.const([1, 4, 4, 1])
    weights = g.const(np.array([140, 100, 120, 160]).reshape(1, 2, 2, 1), "uint8", (0.02, 128))
    x = g.feed("uint8", [1, 2, 2, 1])
    out = g.tensor("uint8", [], quantization=OUTPUT_QUANTIZATION["uint8"])
    g.op("TRANSPOSE_CONV", [shape, weights, x], [out],
         options("TransposeConvOptions", padding=1, strideW=2, strideH=2))
    return model.bytes([(g, [out])])


def detection_post_process(t):
    """Four anchors, two classes (plus background); LiteRT's flexbuffer options."""
    model = Model()
    g = model.graph()
    q = {"int8": (0.05, 0)}.get(t)
    boxes, scores = g.feed(t, [1, 4, 4], q), g.feed(t, [1, 4, 3], {"int8": (1 / 256, -128)}.get(t))
    anchors = np.array([[0.2, 0.2, 0.4, 0.4], [0.5, 0.5, 0.4, 0.4], [0.7, 0.3, 0.2, 0.3],
                        [0.3, 0.7, 0.3, 0.2]])
    a = g.const(anchors if t != "int8" else np.round(anchors / 0.01), t,
                {"int8": (0.01, 0)}.get(t))
    outs = [g.tensor("float32", []) for _ in range(4)]
    attributes = flexbuffers.Dumps({
        "max_detections": 3, "max_classes_per_detection": 1, "detections_per_class": 100,
        "use_regular_nms": False, "nms_score_threshold": 0.1, "nms_iou_threshold": 0.5,
        "num_classes": 2, "y_scale": 10.0, "x_scale": 10.0, "h_scale": 5.0, "w_scale": 5.0})
    g.op("CUSTOM:TFLite_Detection_PostProcess", [boxes, scores, a], outs,
         custom_options=attributes)
    return model.bytes([(g, outs)])


def one_hot(t):
    """Indices fed (some outside 0..<4), depth 4, on 1 and off 0 as type t, depth last."""
    model = Model()
    g = model.graph()
    indices = g.feed("int32", [2, 3], name="indices")
    q = DATA_QUANTIZATION.get(t)
    on, off = g.const(np.ones([]), t, q), g.const(np.zeros([]), t, q)
    out = g.tensor(t, [], quantization=q)
    g.op("ONE_HOT", [indices, g.const(4), on, off], [out], options("OneHotOptions", axis=-1))
    return model.bytes([(g, [out])])


def recipes():
    r = byte_movers()
    r["ONE_HOT"] = one_hot
    r["RANK"] = lambda t: single("RANK", t, [[2, 3, 4]], (), options("RankOptions"),
                                 out_type="int32")
    r["SIGN"] = lambda t: single("SIGN", t, [[2, 8]])
    r["ATAN2"] = lambda t: single("ATAN2", t, [[2, 3], [2, 3]])
    for group in (arithmetic(), activations(), pooling_and_reduction(), conversions()):
        r.update(group)
    r["DEPTHWISE_CONV_2D"] = depthwise
    r["CONV_2D"] = convolution
    r["FULLY_CONNECTED"] = fully_connected
    r["DENSIFY"] = densify
    r["TRANSPOSE_CONV"] = transpose_conv_uint8
    r["CUSTOM:TFLite_Detection_PostProcess"] = detection_post_process
    return r


# The pairs no other family exercises (OperatorSupportTests.everyPairHasAModel names any
# pair without a model).
GAPS = {
    "ONE_HOT": " ".join(ALL), "RANK": " ".join(ALL), "SIGN": "float32 int32", "ATAN2": "float32",
    "ADD": "uint8 int32", "ARG_MAX": "float32 int8 uint8 int32", "ARG_MIN": "float32 int8 uint8 int32",
    "ASSIGN_VARIABLE": "float16 int8 uint8 int16 int32 int64 bool",
    "AVERAGE_POOL_2D": "float32 int8 uint8 int16", "BATCH_TO_SPACE_ND": " ".join(ALL),
    "BROADCAST_TO": "float16", "CAST": "float32 int8 uint8 int64 bool",
    "CONCATENATION": "float16 uint8 int16 int32 int64 bool",
    "CUSTOM:TFLite_Detection_PostProcess": "float32 int8",
    "DEPTHWISE_CONV_2D": "float32 int8 uint8", "CONV_2D": "uint8",
    "FULLY_CONNECTED": "uint8", "DENSIFY": "int8 uint8 int16 int32 int64 bool",
    "LOGISTIC": "uint8", "SOFTMAX": "float32 uint8", "DEPTH_TO_SPACE": " ".join(ALL), "DEQUANTIZE": "int8 uint8 int16",
    "DIV": "float32 int32", "DYNAMIC_UPDATE_SLICE": "float16 uint8",
    "EMBEDDING_LOOKUP": "float16 int16 int32 int64 bool", "EXPAND_DIMS": " ".join(ALL),
    "FILL": "float16 uint8", "FLOOR_MOD": "float32", "GATHER": " ".join(ALL),
    "GATHER_ND": "float16", "HARD_SWISH": "float32 int8 uint8",
    "IF": "float16 int8 uint8 int16 int32 int64 bool", "L2_POOL_2D": "float32",
    "LEAKY_RELU": "float32 int8 uint8", "MAXIMUM": "float32 int8 uint8 int16 int32",
    "MAX_POOL_2D": "float32 int8 uint8 int16", "MEAN": "float32 uint8 int16",
    "MINIMUM": "float32 int8 uint8 int16 int32", "MIRROR_PAD": "float16 bool", "MUL": "uint8",
    "PACK": " ".join(ALL), "PAD": " ".join(ALL), "PADV2": " ".join(ALL),
    "PRELU": "float32 int8 uint8", "QUANTIZE": "float32 int16 int32",
    "READ_VARIABLE": "float16 int8 uint8 int16 int32 int64 bool",
    "REDUCE_MAX": "float32 int8 uint8 int16", "REDUCE_MIN": "float32 int8 uint8 int16",
    "RELU6": "float32 int8 uint8", "RELU": "float32 int8 uint8",
    "RELU_N1_TO_1": "float32 int8 uint8", "RESHAPE": "float16 int16 int64 bool",
    "RESIZE_BILINEAR": "float32 int8 uint8 int16", "RESIZE_NEAREST_NEIGHBOR": "float32 int8 uint8 int16",
    "REVERSE_V2": "float16", "SELECT": "float16 uint8",
    "SELECT_V2": "float16 uint8 int16 int32 int64 bool",
    "SHAPE": "float16 uint8 int32 int64 bool", "SLICE": " ".join(ALL),
    "SPACE_TO_BATCH_ND": " ".join(ALL), "SPACE_TO_DEPTH": " ".join(ALL), "SPLIT": " ".join(ALL),
    "SPLIT_V": " ".join(ALL), "SQUEEZE": " ".join(ALL),
    "STRIDED_SLICE": "float16", "SUB": "float32 int8 uint8 int32", "SUM": "float32 int8 uint8 int16",
    "TANH": "float32 int8 uint8", "TILE": "float16",
    "TRANSPOSE": "float16 uint8 int16 int32 int64 bool", "TRANSPOSE_CONV": "uint8",
    "UNPACK": " ".join(ALL), "WHILE": "float16 int8 uint8 int16 int64 bool",
    "ZEROS_LIKE": "float16 int8 uint8 int16 bool",
}


def model_inputs(model, seed=7):
    """Seeded inputs read off the model file itself (LiteRT may not load it): uniform in
    [-2, 2] for floats, scaled to the quantized range for quantized tensors, small integers
    otherwise, 0/1 for bools."""
    tree = schema.ModelT.InitFromPackedBuf(bytearray(model), 0)
    subgraph = tree.subgraphs[0]
    dtypes = {code: dtype for code, dtype in TYPES.values()}
    rng = np.random.default_rng(seed)
    arrays = []
    for index in subgraph.inputs:
        tensor = subgraph.tensors[index]
        dtype, shape = dtypes[tensor.type], list(tensor.shape)
        quantization = tensor.quantization
        if dtype == np.bool_:
            arrays.append(rng.integers(0, 2, size=shape).astype(np.bool_))
        elif np.issubdtype(dtype, np.floating):
            arrays.append(rng.uniform(-2, 2, size=shape).astype(dtype))
        elif quantization is not None and quantization.scale is not None:
            real = rng.uniform(-2, 2, size=shape)
            info = np.iinfo(dtype)
            q = np.round(real / quantization.scale[0] + quantization.zeroPoint[0])
            arrays.append(np.clip(q, info.min, info.max).astype(dtype))
        else:
            arrays.append(rng.integers(-3, 4, size=shape).astype(dtype))
    return arrays


def inputs_for(operator, t):
    """model_inputs, with index-like inputs (ids, divisors, counters) kept in range."""
    def make(model):
        arrays = model_inputs(model)
        if operator == "EMBEDDING_LOOKUP":
            arrays[0] = np.array([3, 0, 2], dtype=np.int32)
        if operator in ("DIV", "FLOOR_MOD") and t in ("int32", "int64"):
            arrays[1] = np.where(arrays[1] == 0, 3, arrays[1]).astype(arrays[1].dtype)
        if operator == "WHILE":
            arrays[1] = np.array(0, dtype=np.int32)
        if operator == "ONE_HOT":
            arrays[0] = np.array([[0, 3, -1], [2, 4, 1]], dtype=np.int32)
        return arrays
    return make


def lowest_loading_version(model):
    """`model` with each operator at the lowest version (up to 8) LiteRT registers for it;
    unchanged when LiteRT registers none (a type it does not run at any version)."""
    tree = schema.ModelT.InitFromPackedBuf(bytearray(model), 0)
    names = {v: k for k, v in vars(schema.BuiltinOperator).items() if k.isupper()}
    candidate = model
    for _ in range(16):
        try:
            Interpreter(model_content=candidate)
            return candidate
        except ValueError as error:
            found = re.search(r"builtin opcode '(\w+)' version '(\d+)'", str(error))
            if not found or int(found.group(2)) >= 8:
                return model
            for code in tree.operatorCodes:
                if names.get(code.builtinCode) == found.group(1):
                    code.version = int(found.group(2)) + 1
            candidate = save(tree)
    return model


def densified(inputs):
    values = np.array([1, 2, 3, 4, 5])
    dense = np.zeros((4, 4), dtype=np.float64)
    for (row, column), value in zip([(0, 0), (0, 3), (1, 1), (3, 0), (3, 2)], values):
        dense[row, column] = value
    return dense


def depth_to_space(x, block=2):
    n, h, w, c = x.shape
    return (x.reshape(n, h, w, block, block, c // block ** 2).transpose(0, 1, 3, 2, 4, 5)
            .reshape(n, h * block, w * block, c // block ** 2))


def space_to_depth(x, block=2):
    n, h, w, c = x.shape
    return (x.reshape(n, h // block, block, w // block, block, c).transpose(0, 1, 3, 2, 4, 5)
            .reshape(n, h // block, w // block, block * block * c))


# What byte-moving operators compute, for the types LiteRT does not run them on (the recipes'
# shapes and options): the outputs from the inputs.
NUMPY_REFERENCES = {
    "DEPTH_TO_SPACE": lambda x: [depth_to_space(x[0])],
    "SPACE_TO_DEPTH": lambda x: [space_to_depth(x[0])],
    "PACK": lambda x: [np.stack(x, axis=1)],
    "SPLIT": lambda x: np.split(x[0], 2, axis=1),
    "SPLIT_V": lambda x: [x[0][:, :2], x[0][:, 2:]],
    "UNPACK": lambda x: [x[0][0], x[0][1]],
    "ZEROS_LIKE": lambda x: [np.zeros_like(x[0])],
}


def densify_reference(t):
    """DENSIFY's output for the `densify` recipe of type t."""
    dtype = TYPES[t][1]
    return lambda inputs: [(densified(inputs) % 2 if t == "bool" else densified(inputs))
                           .astype(dtype)]


def cases():
    table = recipes()
    for operator, types in GAPS.items():
        for t in types.split():
            name = operator.replace("CUSTOM:", "custom_").lower() + "_" + t
            exact = t not in ("float32", "float16") or operator in BYTE_EXACT
            make = (lambda recipe, t: lambda: lowest_loading_version(recipe(t)))(
                table[operator], t)
            yield Case(name, make,
                       inputs_for(operator, t), compare="exact" if exact else "relative",
                       tolerance=0.0 if exact else 1e-5, allow_unreferenced=True,
                       fallback_reference=fallback(operator, t),
                       prefer_optimized=(operator, t) in REFERENCE_KERNEL_WRONG)


# Pairs whose LiteRT 2.3.0 reference kernel (BUILTIN_REF) is wrong: quantized SUM with
# different input and output scales reads uninitialized memory (its output changes from run to
# run); the optimized kernel agrees with the real-valued sum, as Ocellus does.
REFERENCE_KERNEL_WRONG = {("SUM", "int8"), ("SUM", "int16")}


def fallback(operator, t):
    """A numpy reference for the pair, or None."""
    if operator == "DENSIFY":
        return densify_reference(t)
    if operator == "ONE_HOT":
        return lambda inputs: [(np.arange(4) == inputs[0][..., None]).astype(TYPES[t][1])]
    if operator == "RANK":
        return lambda inputs: [np.array(inputs[0].ndim, dtype=np.int32)]
    reference = NUMPY_REFERENCES.get(operator)
    return (lambda inputs: [np.asarray(a) for a in reference(inputs)]) if reference else None


BYTE_EXACT = set(byte_movers()) | {"ONE_HOT", "RANK", "SIGN", "MAXIMUM", "MINIMUM", "RELU", "RELU6",
                                   "RELU_N1_TO_1",
                                   "REDUCE_MAX", "REDUCE_MIN", "ARG_MAX", "ARG_MIN", "CAST"}
