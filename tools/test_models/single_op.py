"""A builder of small models written tensor by tensor (no converter): what the catalog family
uses for operator/type pairs the TensorFlow converter never emits on its own."""
import flatbuffers
import numpy as np
from ai_edge_litert import schema_py_generated as schema

# Element type name → (schema tensor type, numpy dtype).
TYPES = {
    "float32": (schema.TensorType.FLOAT32, np.float32),
    "float16": (schema.TensorType.FLOAT16, np.float16),
    "int8": (schema.TensorType.INT8, np.int8),
    "uint8": (schema.TensorType.UINT8, np.uint8),
    "int16": (schema.TensorType.INT16, np.int16),
    "int32": (schema.TensorType.INT32, np.int32),
    "int64": (schema.TensorType.INT64, np.int64),
    "bool": (schema.TensorType.BOOL, np.bool_),
}

# The (scale, zero point) a quantized data tensor of each 8/16-bit type gets by default.
DATA_QUANTIZATION = {"int8": (0.05, -3), "uint8": (0.05, 125), "int16": (1 / 1024, 0)}


class Graph:
    """One subgraph being written; `Model` holds the graphs, buffers and operator codes."""

    def __init__(self, model):
        self.model = model
        self.tensors, self.operators, self.inputs = [], [], []

    def tensor(self, type_name, shape, data=None, quantization=None, name=None):
        """A new tensor's index; `data` (a numpy array) makes it a constant."""
        tensor = schema.TensorT()
        tensor.name = (name or f"t{len(self.tensors)}").encode()
        tensor.type = schema.TensorType.RESOURCE if type_name == "resource" else TYPES[type_name][0]
        tensor.shape = np.array(shape, dtype=np.int32)
        tensor.buffer = self.model.buffer(data)
        if quantization is not None:
            scales, zero_points = quantization[0], quantization[1]
            q = schema.QuantizationParametersT()
            q.scale = list(np.atleast_1d(scales).astype(float))
            q.zeroPoint = [int(z) for z in np.atleast_1d(zero_points)]
            q.quantizedDimension = quantization[2] if len(quantization) > 2 else 0
            tensor.quantization = q
        self.tensors.append(tensor)
        return len(self.tensors) - 1

    def feed(self, type_name, shape, quantization="default", name=None):
        """A model input of `type_name` (quantized by default when 8/16-bit)."""
        if quantization == "default":
            quantization = DATA_QUANTIZATION.get(type_name)
        index = self.tensor(type_name, shape, quantization=quantization, name=name)
        self.inputs.append(index)
        return index

    def const(self, values, type_name="int32", quantization=None):
        """A constant tensor holding `values` as `type_name`."""
        array = np.asarray(values, dtype=TYPES[type_name][1])
        return self.tensor(type_name, array.shape, data=array, quantization=quantization)

    def op(self, name, inputs, outputs, options=None, custom_options=None, version=1):
        """Appends operator `name` (a BuiltinOperator name, or CUSTOM:<code>)."""
        operator = schema.OperatorT()
        operator.opcodeIndex = self.model.code(name, version)
        operator.inputs, operator.outputs = list(inputs), list(outputs)
        if options is not None:
            table_name = type(options).__name__[:-1]  # ReshapeOptionsT → ReshapeOptions
            operator.builtinOptionsType = getattr(schema.BuiltinOptions, table_name)
            operator.builtinOptions = options
        if custom_options is not None:
            operator.customOptions = list(custom_options)
        self.operators.append(operator)
        return outputs[0] if len(outputs) == 1 else outputs

    def packed(self, outputs):
        subgraph = schema.SubGraphT()
        subgraph.tensors, subgraph.operators = self.tensors, self.operators
        subgraph.inputs, subgraph.outputs = list(self.inputs), list(outputs)
        return subgraph


class Model:
    """A model being written: its subgraphs (the first is the main one), buffers and codes."""

    def __init__(self):
        self.buffers = [schema.BufferT()]
        self.codes = []
        self.subgraphs = []

    def graph(self):
        graph = Graph(self)
        return graph

    def buffer(self, data):
        if data is None:
            return 0
        buffer = schema.BufferT()
        buffer.data = list(np.ascontiguousarray(data).tobytes())
        self.buffers.append(buffer)
        return len(self.buffers) - 1

    def code(self, name, version):
        if name.startswith("CUSTOM:"):
            builtin, custom = schema.BuiltinOperator.CUSTOM, name[len("CUSTOM:"):].encode()
        else:
            builtin, custom = getattr(schema.BuiltinOperator, name), None
        for index, code in enumerate(self.codes):
            if code.builtinCode == builtin and code.customCode == custom:
                return index
        code = schema.OperatorCodeT()
        code.builtinCode, code.deprecatedBuiltinCode = builtin, min(builtin, 127)
        code.customCode, code.version = custom, version
        self.codes.append(code)
        return len(self.codes) - 1

    def bytes(self, graphs_and_outputs):
        """The .tflite bytes: `graphs_and_outputs` lists (graph, output tensor indices)."""
        tree = schema.ModelT()
        tree.version = 3
        tree.description = b"Ocellus catalog test model"
        tree.buffers, tree.operatorCodes = self.buffers, self.codes
        tree.subgraphs = [graph.packed(outputs) for graph, outputs in graphs_and_outputs]
        builder = flatbuffers.Builder(1024)
        builder.Finish(tree.Pack(builder), file_identifier=b"TFL3")
        return bytes(builder.Output())


def options(table, **fields):
    """An options table object (`table` is e.g. "ReshapeOptions") with `fields` set."""
    value = getattr(schema, table + "T")()
    for key, field in fields.items():
        setattr(value, key, field)
    return value
