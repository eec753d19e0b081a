"""Helpers of the gather, selection, reduce_more, fill_range, shape_more and nms families:
explicit inputs, default shapes for dynamic inputs, and operator rewrites."""
import numpy as np

from .common import edited, random_inputs


def given(*arrays):
    """An `inputs` function feeding exactly `arrays` (each converted with np.asarray)."""
    return lambda model: [np.asarray(a) for a in arrays]


def named(seed=1, **makers):
    """An `inputs` function feeding each model input by its argument name (the converter may
    order inputs differently from the function's arguments): `makers[name](rng, shape, dtype)`;
    names not listed get random_inputs' values."""
    def make(model):
        from ai_edge_litert.interpreter import Interpreter
        rng = np.random.default_rng(seed)
        fallback = random_inputs(seed=seed)(model)
        arrays = []
        for position, detail in enumerate(Interpreter(model_content=model).get_input_details()):
            name = detail["name"].split("serving_default_")[-1].split(":")[0]
            maker = makers.get(name)
            arrays.append(np.asarray(maker(rng, list(detail["shape"]), detail["dtype"]),
                                     dtype=detail["dtype"]) if maker else fallback[position])
        return arrays
    return make


def integers(low, high):
    """A `named` maker of uniform integers in [low, high]."""
    return lambda rng, shape, dtype: rng.integers(low, high + 1, size=shape)


def constant(array):
    """A `named` maker of one fixed array."""
    return lambda rng, shape, dtype: np.asarray(array).reshape(shape)


def with_input_shapes(model, shapes):
    """`model` with the default shape of subgraph 0's inputs set to `shapes` (their shape
    signature keeps its unknown dimensions): the shape LiteRT and Ocellus load with."""
    def edit(tree):
        subgraph = tree.subgraphs[0]
        for position, shape in enumerate(shapes):
            subgraph.tensors[subgraph.inputs[position]].shape = np.array(shape, dtype=np.int32)
    return edited(model, edit)


def as_embedding_lookup(model):
    """`model` with its GATHER (axis 0 of constant params) rewritten as EMBEDDING_LOOKUP: the
    same rows picked, with the inputs in EMBEDDING_LOOKUP's order (ids, values). TensorFlow's
    converter emits GATHER for tf.nn.embedding_lookup; this is the op other converters emit."""
    from ai_edge_litert import schema_py_generated as schema

    def edit(tree):
        for code in tree.operatorCodes:
            if max(code.builtinCode, code.deprecatedBuiltinCode) == schema.BuiltinOperator.GATHER:
                code.builtinCode = schema.BuiltinOperator.EMBEDDING_LOOKUP
                code.deprecatedBuiltinCode = schema.BuiltinOperator.EMBEDDING_LOOKUP
                code.version = 1
        for op in tree.subgraphs[0].operators:
            op.inputs = np.array([op.inputs[1], op.inputs[0]], dtype=np.int32)
            op.builtinOptionsType = 0
            op.builtinOptions = None
    return edited(model, edit)
