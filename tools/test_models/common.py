"""What every family module uses: the Case record, converters and the LiteRT reference run."""
import dataclasses
from typing import Callable, List, Optional

import numpy as np
import tensorflow as tf
from ai_edge_litert.interpreter import Interpreter, OpResolverType


@dataclasses.dataclass
class Case:
    """One test model: `make()` returns .tflite bytes; `inputs(model)` the arrays to feed."""
    name: str
    make: Callable[[], bytes]
    inputs: Callable[[bytes], List[np.ndarray]]
    # "exact": integer outputs must match bit for bit, floats exactly;
    # "relative": floats within `tolerance` relative (of the reference's largest magnitude).
    compare: str = "exact"
    tolerance: float = 0.0
    note: str = ""
    # Invocations with the same inputs (stateful models: variables change between runs); the
    # outputs of each are saved.
    invocations: int = 1
    # For malformed models: the text Ocellus' error must contain, and whether it comes when
    # the model is loaded ("load") or run ("invoke"). No LiteRT reference is made.
    error: Optional[str] = None
    error_at: str = "load"
    # InterpreterOptions.maxLoopIterations for the Swift run (0: the default).
    max_loop_iterations: int = 0
    # True when LiteRT may refuse the model (a type it does not run): the case is then kept
    # without a reference, as `compare: runs` (Ocellus must load and run it).
    allow_unreferenced: bool = False
    # Outputs computed another way (numpy) for a model LiteRT does not run: `reference(inputs)`
    # returns the arrays; used only when LiteRT refuses the model.
    fallback_reference: Optional[Callable[[List[np.ndarray]], List[np.ndarray]]] = None
    # True where LiteRT's reference kernel is wrong and its optimized one right: the reference
    # comes from the builtin kernels (BUILTIN_WITHOUT_DEFAULT_DELEGATES) first.
    prefer_optimized: bool = False


def convert(function, signature, optimize=False, representative=None, int8_io=False,
            int16x8=False, allow_custom=False, select_float16=False):
    """Converts a tf.function with `signature` (a list of tf.TensorSpec) to .tflite bytes.

    optimize: dynamic-range (hybrid) quantization when no representative dataset is given,
    full integer with one. int8_io: int8 model inputs/outputs. int16x8: 16-bit activations.
    """
    concrete = tf.function(function).get_concrete_function(*signature)
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], tf.Module())
    if optimize or representative is not None:
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
    if representative is not None:
        converter.representative_dataset = representative
        if int16x8:
            converter.target_spec.supported_ops = [
                tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
        else:
            converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        if int8_io:
            converter.inference_input_type = tf.int16 if int16x8 else tf.int8
            converter.inference_output_type = tf.int16 if int16x8 else tf.int8
    if select_float16:
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.target_spec.supported_types = [tf.float16]
    converter.allow_custom_ops = allow_custom
    return converter.convert()


def representative_of(shapes, seed=0, low=-1.0, high=1.0, count=32):
    """A representative dataset of uniform float inputs of `shapes`."""
    def generate():
        rng = np.random.default_rng(seed)
        for _ in range(count):
            yield [rng.uniform(low, high, size=s).astype(np.float32) for s in shapes]
    return generate


def random_inputs(seed=1, low=-1.0, high=1.0):
    """Inputs matching the model's input details: uniform in [low, high] for floats (scaled to
    the quantized range for integer inputs), 0/1 for bools."""
    def make(model):
        rng = np.random.default_rng(seed)
        arrays = []
        for detail in Interpreter(model_content=model).get_input_details():
            shape, dtype = detail["shape"], detail["dtype"]
            if dtype == np.bool_:
                arrays.append(rng.integers(0, 2, size=shape).astype(np.bool_))
            elif np.issubdtype(dtype, np.integer):
                scale, zero = detail["quantization"]
                if scale:
                    real = rng.uniform(low, high, size=shape)
                    info = np.iinfo(dtype)
                    q = np.clip(np.round(real / scale + zero), info.min, info.max)
                    arrays.append(q.astype(dtype))
                else:
                    arrays.append(rng.integers(int(low), int(high) + 1, size=shape).astype(dtype))
            else:
                arrays.append(rng.uniform(low, high, size=shape).astype(dtype))
        return arrays
    return make


def reference_outputs(model, inputs, invocations=1, prefer_optimized=False):
    """The outputs of LiteRT's reference kernels (BUILTIN_REF) on `inputs`, and which resolver
    gave them: where the reference resolver lacks an op (or `prefer_optimized`), LiteRT's
    builtin kernels without delegates (BUILTIN_WITHOUT_DEFAULT_DELEGATES)."""
    resolvers = [OpResolverType.BUILTIN_REF, OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES]
    for resolver in reversed(resolvers) if prefer_optimized else resolvers:
        try:
            interpreter = Interpreter(
                model_content=model, experimental_op_resolver_type=resolver, num_threads=1)
        except ValueError:
            continue
        interpreter.allocate_tensors()
        runs = [run(interpreter, inputs) for _ in range(invocations)]
        return runs, resolver.name
    raise ValueError("no LiteRT resolver runs this model")


def run(interpreter, inputs):
    """Feeds `inputs`, invokes, and returns copies of every output."""
    for detail, array in zip(interpreter.get_input_details(), inputs):
        interpreter.set_tensor(detail["index"], array)
    interpreter.invoke()
    return [interpreter.get_tensor(d["index"]).copy() for d in interpreter.get_output_details()]


def operators_of(model):
    """The builtin (or CUSTOM:name) operators of every subgraph, sorted, without repeats."""
    from ai_edge_litert import schema_py_generated as schema
    names = {v: k for k, v in vars(schema.BuiltinOperator).items() if k.isupper()}
    root = schema.Model.GetRootAs(model, 0)
    codes = []
    for i in range(root.OperatorCodesLength()):
        code = root.OperatorCodes(i)
        builtin = max(code.BuiltinCode(), code.DeprecatedBuiltinCode())
        name = names.get(builtin, str(builtin))
        if name == "CUSTOM":
            name = "CUSTOM:" + (code.CustomCode() or b"").decode()
        codes.append(name)
    used = set()
    for s in range(root.SubgraphsLength()):
        subgraph = root.Subgraphs(s)
        for o in range(subgraph.OperatorsLength()):
            used.add(codes[subgraph.Operators(o).OpcodeIndex()])
    return sorted(used)


def edited(model, edit):
    """`model` with `edit(model_t)` applied to its object form (ai_edge_litert's schema)."""
    import flatbuffers
    from ai_edge_litert import schema_py_generated as schema
    tree = schema.ModelT.InitFromObj(schema.Model.GetRootAs(model, 0))
    edit(tree)
    builder = flatbuffers.Builder(1024)
    builder.Finish(tree.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())
