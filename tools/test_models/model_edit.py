"""Small edits of converted models, for operator/type combinations the TensorFlow converter does
not emit although LiteRT runs them (uint8 quantized tensors, int16 integer comparisons, one
operator swapped for a sibling with the same operands). The edited model is still checked
against LiteRT's own kernels, so an edit can only produce a case LiteRT accepts."""
import flatbuffers
import numpy as np
from ai_edge_litert import schema_py_generated as schema

TYPES = {"float32": schema.TensorType.FLOAT32, "int32": schema.TensorType.INT32,
         "int64": schema.TensorType.INT64, "int16": schema.TensorType.INT16,
         "int8": schema.TensorType.INT8, "uint8": schema.TensorType.UINT8,
         "bool": schema.TensorType.BOOL}


def load(model):
    """The object form (ModelT) of .tflite bytes."""
    return schema.ModelT.InitFromPackedBuf(bytearray(model), 0)


def save(tree):
    """The .tflite bytes of a ModelT."""
    builder = flatbuffers.Builder(1024)
    builder.Finish(tree.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def retype(model, old, new, zero_point_shift=0):
    """Every tensor of type `old` (a TYPES key) becomes `new`; quantized ones have their zero
    points moved by `zero_point_shift` (128 turns int8 into uint8 with the same real values).
    Constant buffers are not converted: use on graphs whose `old` tensors are activations."""
    tree = load(model)
    for subgraph in tree.subgraphs:
        for tensor in subgraph.tensors:
            if tensor.type != TYPES[old]:
                continue
            tensor.type = TYPES[new]
            quantization = tensor.quantization
            if quantization is not None and quantization.zeroPoint is not None:
                quantization.zeroPoint = [int(z) + zero_point_shift for z in quantization.zeroPoint]
    return save(tree)


def replace_operator(model, old, new, version=None):
    """Every use of builtin operator `old` (a name, e.g. "EQUAL") runs `new` instead, at
    operator `version` when given (LiteRT registers some operators at fewer versions)."""
    tree = load(model)
    old_code = getattr(schema.BuiltinOperator, old)
    new_code = getattr(schema.BuiltinOperator, new)
    for code in tree.operatorCodes:
        if max(code.builtinCode, code.deprecatedBuiltinCode) == old_code:
            code.builtinCode = new_code
            code.deprecatedBuiltinCode = min(new_code, 127)
            if version is not None:
                code.version = version
    return save(tree)


def requantize_inputs(model, parameters):
    """Sets the (scale, zero point) of the subgraph's inputs, in order; None keeps one."""
    return _requantize(model, "inputs", parameters)


def requantize_outputs(model, parameters):
    """Sets the (scale, zero point) of the subgraph's outputs, in order; None keeps one."""
    return _requantize(model, "outputs", parameters)


def _requantize(model, which, parameters):
    tree = load(model)
    subgraph = tree.subgraphs[0]
    for position, values in zip(getattr(subgraph, which), parameters):
        if values is None:
            continue
        tensor = subgraph.tensors[position]
        tensor.quantization.scale = [float(np.float32(values[0]))]
        tensor.quantization.zeroPoint = [int(values[1])]
    return save(tree)


def set_options(model, **fields):
    """Sets builtin option `fields` (object-API names, e.g. potScaleInt16=True) on every
    operator whose options have them."""
    tree = load(model)
    for subgraph in tree.subgraphs:
        for operator in subgraph.operators:
            for name, value in fields.items():
                if hasattr(operator.builtinOptions, name):
                    setattr(operator.builtinOptions, name, value)
    return save(tree)
