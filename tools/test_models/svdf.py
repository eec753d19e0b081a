"""SVDF: float32, hybrid (float32 activations, int8 weights_feature and weights_time, symmetric
and asymmetric input quantization) and full integer (int8 input and weights_feature, int16
weights_time and state, int32 bias, int8 output).

TensorFlow's converter does not emit SVDF from TensorFlow ops, so these models are written
directly as TFLite flatbuffers (`_svdf_model`, with ai_edge_litert's schema object API): one SVDF
operator whose activation state (input 4) is a variable tensor, zero at load. Each model runs
several invocations, so that the state's shift and the time weights are tested; LiteRT's
reference kernels give the expected outputs of every invocation.
"""
import flatbuffers
import numpy as np
from ai_edge_litert import schema_py_generated as schema

from .common import Case, edited, random_inputs

T = schema.TensorType
ACTIVATIONS = {"none": schema.ActivationFunctionType.NONE,
               "relu": schema.ActivationFunctionType.RELU,
               "tanh": schema.ActivationFunctionType.TANH}


def _tensor(tensors, buffers, name, shape, dtype, data=None, quantization=None,
            variable=False):
    """Appends a tensor (with its constant `data` in a new buffer) and returns its index."""
    tensor = schema.TensorT()
    tensor.name = name
    tensor.shape = np.array(shape, dtype=np.int32)
    tensor.type = dtype
    tensor.isVariable = variable
    if quantization is not None:
        q = schema.QuantizationParametersT()
        q.scale = [float(np.float32(quantization[0]))]
        q.zeroPoint = [int(quantization[1])]
        tensor.quantization = q
    if data is not None:
        buffer = schema.BufferT()
        buffer.data = np.frombuffer(np.ascontiguousarray(data).tobytes(), dtype=np.uint8)
        buffers.append(buffer)
        tensor.buffer = len(buffers) - 1
    tensors.append(tensor)
    return len(tensors) - 1


def _svdf_model(spec):
    """The .tflite bytes of one SVDF operator. `spec` has the arrays (`wf`, `wt`, `bias` or
    None), their types and quantization, the sizes and the options."""
    batch, memory, filters = spec["batch"], spec["memory"], spec["wf"].shape[0]
    units = filters // spec["rank"]
    buffers = [schema.BufferT()]
    tensors = []
    inputs = [
        _tensor(tensors, buffers, "input", [batch, spec["wf"].shape[1]], spec["io_type"],
                quantization=spec.get("input_q")),
        _tensor(tensors, buffers, "weights_feature", spec["wf"].shape, spec["wf_type"],
                spec["wf"], spec.get("wf_q")),
        _tensor(tensors, buffers, "weights_time", spec["wt"].shape, spec["wt_type"],
                spec["wt"], spec.get("wt_q")),
        -1 if spec["bias"] is None else _tensor(
            tensors, buffers, "bias", [units], spec["bias_type"], spec["bias"],
            spec.get("bias_q")),
        _tensor(tensors, buffers, "state", [batch, memory * filters], spec["state_type"],
                quantization=spec.get("state_q"), variable=True),
    ]
    output = _tensor(tensors, buffers, "output", [batch, units], spec["io_type"],
                     quantization=spec.get("output_q"))
    options = schema.SVDFOptionsT()
    options.rank = spec["rank"]
    options.fusedActivationFunction = ACTIVATIONS[spec["activation"]]
    options.asymmetricQuantizeInputs = spec.get("asymmetric", False)
    operator = schema.OperatorT()
    operator.opcodeIndex = 0
    operator.inputs = np.array(inputs, dtype=np.int32)
    operator.outputs = np.array([output], dtype=np.int32)
    operator.builtinOptionsType = schema.BuiltinOptions.SVDFOptions
    operator.builtinOptions = options
    subgraph = schema.SubGraphT()
    subgraph.tensors = tensors
    subgraph.inputs = np.array([inputs[0]], dtype=np.int32)
    subgraph.outputs = np.array([output], dtype=np.int32)
    subgraph.operators = [operator]
    subgraph.name = "main"
    code = schema.OperatorCodeT()
    code.builtinCode = code.deprecatedBuiltinCode = schema.BuiltinOperator.SVDF
    code.version = 1
    model = schema.ModelT()
    model.version = 3
    model.operatorCodes = [code]
    model.subgraphs = [subgraph]
    model.buffers = buffers
    model.description = "SVDF test model (tools/test_models/svdf.py)"
    builder = flatbuffers.Builder(1024)
    builder.Finish(model.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _weights(batch, n_input, units, rank, memory, seed, bias=True):
    """Float weights_feature [filters, input], weights_time [filters, memory], bias [units]."""
    rng = np.random.default_rng(seed)
    filters = units * rank
    return dict(
        batch=batch, memory=memory, rank=rank,
        wf=rng.normal(scale=0.5, size=[filters, n_input]).astype(np.float32),
        wt=rng.normal(scale=0.5, size=[filters, memory]).astype(np.float32),
        bias=rng.normal(scale=0.3, size=[units]).astype(np.float32) if bias else None)


def float_model(batch, n_input, units, rank, memory, activation, seed, bias=True):
    spec = _weights(batch, n_input, units, rank, memory, seed, bias)
    spec.update(io_type=T.FLOAT32, wf_type=T.FLOAT32, wt_type=T.FLOAT32,
                bias_type=T.FLOAT32, state_type=T.FLOAT32, activation=activation)
    return _svdf_model(spec)


def _symmetric(values, bits):
    """Symmetric per-tensor quantization of `values` to `bits`-bit integers: (q, scale)."""
    limit = 2 ** (bits - 1) - 1
    scale = float(np.float32(np.max(np.abs(values)) / limit))
    q = np.clip(np.round(values / scale), -limit, limit)
    return q.astype(np.int8 if bits == 8 else np.int16 if bits == 16 else np.int32), scale


def hybrid_model(batch, n_input, units, rank, memory, activation, seed, asymmetric):
    spec = _weights(batch, n_input, units, rank, memory, seed)
    wf, wf_scale = _symmetric(spec["wf"], 8)
    wt, wt_scale = _symmetric(spec["wt"], 8)
    spec.update(wf=wf, wt=wt, wf_q=(wf_scale, 0), wt_q=(wt_scale, 0), io_type=T.FLOAT32,
                wf_type=T.INT8, wt_type=T.INT8, bias_type=T.FLOAT32, state_type=T.FLOAT32,
                activation=activation, asymmetric=asymmetric)
    return _svdf_model(spec)


def int8_model(batch, n_input, units, rank, memory, seed, input_q=(1 / 64, 3),
               output_q=(1 / 16, -5), bias=True, activation="relu"):
    """Full integer: scales chosen from the float weights and the input range (±2): the state
    holds activations up to ~4σ of Σ w·x, the output ±8."""
    spec = _weights(batch, n_input, units, rank, memory, seed, bias)
    wf, wf_scale = _symmetric(spec["wf"], 8)
    wt, wt_scale = _symmetric(spec["wt"], 16)
    state_scale = float(np.float32(4 * 0.5 * np.sqrt(n_input) * 1.2 / 32767))
    bias_scale = state_scale * wt_scale
    bias = None if not bias else np.round(spec["bias"] / bias_scale).astype(np.int32)
    spec.update(wf=wf, wt=wt, bias=bias, input_q=input_q, wf_q=(wf_scale, 0),
                wt_q=(wt_scale, 0), bias_q=(bias_scale, 0), state_q=(state_scale, 0),
                output_q=output_q, io_type=T.INT8, wf_type=T.INT8, wt_type=T.INT16,
                bias_type=T.INT32, state_type=T.INT16, activation=activation)
    return _svdf_model(spec)


def _with_rank(model, rank):
    """`model` with SVDFOptions.rank set to `rank` (malformed when it does not divide the
    filters)."""
    def edit(tree):
        tree.subgraphs[0].operators[0].builtinOptions.rank = rank
    return edited(model, edit)


def cases():
    rel = dict(compare="relative", tolerance=1e-5, invocations=4)
    inputs = random_inputs(low=-2, high=2)
    # (name, batch, input, units, rank, memory, activation, seed)
    for name, b, i, u, r, m, act, seed in (
            ("rank1_relu", 2, 5, 4, 1, 3, "relu", 1),
            ("rank2", 3, 4, 3, 2, 4, "none", 2),
            ("rank1_batch1_tanh", 1, 8, 6, 1, 2, "tanh", 3),
            ("rank2_memory1", 2, 3, 2, 2, 1, "relu", 4)):
        yield Case(f"{name}_float32",
                   lambda b=b, i=i, u=u, r=r, m=m, act=act, seed=seed:
                   float_model(b, i, u, r, m, act, seed), inputs, **rel)
    yield Case("rank1_no_bias_float32", lambda: float_model(2, 4, 3, 1, 3, "none", 5, bias=False),
               inputs, **rel)
    for asymmetric in (False, True):
        kind = "asymmetric" if asymmetric else "symmetric"
        yield Case(f"rank1_relu_hybrid_{kind}",
                   lambda a=asymmetric: hybrid_model(2, 6, 4, 1, 3, "relu", 6, a), inputs, **rel)
        yield Case(f"rank2_hybrid_{kind}",
                   lambda a=asymmetric: hybrid_model(3, 5, 3, 2, 4, "none", 7, a), inputs, **rel)
    exact = dict(compare="exact", invocations=4)
    yield Case("rank1_int8", lambda: int8_model(2, 5, 4, 1, 3, 8), inputs, **exact)
    yield Case("rank2_int8", lambda: int8_model(3, 4, 3, 2, 4, 9), inputs, **exact)
    yield Case("rank2_memory1_int8", lambda: int8_model(1, 6, 2, 2, 1, 10, input_q=(1 / 32, 0),
                                                        output_q=(1 / 64, 2)), inputs, **exact)
    yield Case("rank1_no_bias_int8", lambda: int8_model(2, 4, 3, 1, 2, 11, bias=False), inputs,
               **exact)
    # Refused at load (LiteRT refuses the first when invoked, the second when prepared).
    yield Case("int8_without_relu_error",
               lambda: int8_model(2, 5, 4, 1, 3, 8, activation="none"), inputs,
               error="the integer SVDF needs the RELU activation")
    yield Case("rank_not_dividing_filters_error",
               lambda: _with_rank(float_model(2, 5, 4, 1, 3, "relu", 1), 3), inputs,
               error="rank 3 must be positive and divide the 4 filters")
