"""Hybrid (dynamic-range) quantization: float32 activations with int8 constant weights, as the
converter emits with optimizations=[DEFAULT] and no representative dataset.

Weights need at least 1024 elements, or the converter keeps them float. FULLY_CONNECTED and
BATCH_MATMUL come out with asymmetric_quantize_inputs set; the symmetric variants are the same
models with that option cleared (`with_options`), run by LiteRT as they are.
"""
import numpy as np
import tensorflow as tf

from .common import Case, convert, random_inputs


def convert_hybrid(function, signature, per_channel=True, dense_per_channel=True):
    """Dynamic-range conversion of a tf.function; `per_channel=False` asks for one scale per
    weight tensor, `dense_per_channel=False` for one scale on FULLY_CONNECTED weights only."""
    concrete = tf.function(function).get_concrete_function(*signature)
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], tf.Module())
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    converter._experimental_disable_per_channel = not per_channel
    converter._experimental_disable_per_channel_quantization_for_dense_layers = (
        not dense_per_channel)
    return converter.convert()


def with_options(model, **fields):
    """The model with the given builtin-option fields (object-API names, e.g.
    asymmetricQuantizeInputs=False) set on every operator whose options have them."""
    from ai_edge_litert import schema_py_generated as schema
    import flatbuffers
    root = schema.ModelT.InitFromObj(schema.Model.GetRootAs(model, 0))
    for subgraph in root.subgraphs:
        for op in subgraph.operators:
            for name, value in fields.items():
                if op.builtinOptions is not None and hasattr(op.builtinOptions, name):
                    setattr(op.builtinOptions, name, value)
    builder = flatbuffers.Builder(1024)
    builder.Finish(root.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def per_channel_weights(model):
    """The model with its (single) int8 BATCH_MATMUL weights given one scale per output column
    (the last dimension), the scales spread around the converter's: the per-channel path of
    LiteRT's hybrid BATCH_MATMUL, which the converter does not choose by itself."""
    from ai_edge_litert import schema_py_generated as schema
    import flatbuffers
    root = schema.ModelT.InitFromObj(schema.Model.GetRootAs(model, 0))
    subgraph = root.subgraphs[0]
    for tensor in subgraph.tensors:
        if tensor.type == schema.TensorType.INT8:
            columns = int(tensor.shape[-1])
            base = float(tensor.quantization.scale[0])
            tensor.quantization.scale = [base * (0.5 + j / columns) for j in range(columns)]
            tensor.quantization.zeroPoint = [0] * columns
            tensor.quantization.quantizedDimension = len(tensor.shape) - 1
    builder = flatbuffers.Builder(1024)
    builder.Finish(root.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _weights(shape, seed):
    rng = np.random.default_rng(seed)
    return tf.constant(rng.normal(scale=0.5, size=shape).astype(np.float32))


def _fully_connected(units=32, depth=64, activation=tf.nn.relu):
    w, b = _weights([depth, units], 10), _weights([units], 11)
    return lambda x: activation(tf.matmul(x, w) + b)


def _conv(strides=1, padding="SAME", activation=tf.identity, dilations=1):
    w, b = _weights([3, 3, 16, 8], 20), _weights([8], 21)
    return lambda x: activation(
        tf.nn.conv2d(x, w, strides, padding, dilations=dilations) + b)


def _depthwise(strides=1, padding="SAME"):
    w, b = _weights([3, 3, 32, 4], 30), _weights([128], 31)
    return lambda x: tf.nn.relu6(
        tf.nn.depthwise_conv2d(x, w, [1, strides, strides, 1], padding) + b)


def _transpose_conv(stride, padding):
    w, b = _weights([3, 3, 16, 8], 50), _weights([16], 51)
    out = [2, 8, 10, 16] if padding == "SAME" else [2, 9, 11, 16]
    return lambda x: tf.nn.relu(tf.nn.conv2d_transpose(x, w, out, stride, padding) + b)


def _batch_matmul(rhs_shape, adjoint_b=False):
    w = _weights(rhs_shape, 40)
    return lambda x: tf.matmul(x, w, adjoint_b=adjoint_b)


def cases():
    inputs = random_inputs(low=-2, high=2)
    rel = dict(compare="relative", tolerance=1e-5)
    fc_spec = [tf.TensorSpec([3, 64], tf.float32)]
    fc_asym = lambda: convert_hybrid(_fully_connected(), fc_spec)
    yield Case("fully_connected_per_channel_asymmetric", fc_asym, inputs, **rel)
    yield Case("fully_connected_per_channel_symmetric",
               lambda: with_options(fc_asym(), asymmetricQuantizeInputs=False), inputs, **rel)
    fc_tensor = lambda: convert_hybrid(_fully_connected(), fc_spec, per_channel=False)
    yield Case("fully_connected_per_tensor_asymmetric", fc_tensor, inputs, **rel)
    yield Case("fully_connected_per_tensor_symmetric",
               lambda: with_options(fc_tensor(), asymmetricQuantizeInputs=False), inputs, **rel)
    fc3 = [tf.TensorSpec([2, 3, 64], tf.float32)]
    yield Case("fully_connected_rank3",
               lambda: convert_hybrid(_fully_connected(activation=tf.identity), fc3), inputs,
               **rel)

    # K = 1100: more than one exact K-chunk of the fast path (at most 518 products of 8 bits).
    yield Case("fully_connected_deep",
               lambda: convert_hybrid(_fully_connected(units=4, depth=1100),
                                      [tf.TensorSpec([2, 1100], tf.float32)]), inputs, **rel)

    image = [tf.TensorSpec([2, 5, 6, 16], tf.float32)]
    yield Case("conv_per_channel", lambda: convert_hybrid(_conv(), image), inputs, **rel)
    yield Case("conv_per_channel_stride2_valid_relu",
               lambda: convert_hybrid(_conv(2, "VALID", tf.nn.relu), image), inputs, **rel)
    yield Case("conv_per_channel_dilated",
               lambda: convert_hybrid(_conv(dilations=2), image), inputs, **rel)
    yield Case("conv_per_tensor",
               lambda: convert_hybrid(_conv(activation=tf.nn.relu6), image, per_channel=False),
               inputs, **rel)
    yield Case("conv_per_tensor_stride2",
               lambda: convert_hybrid(_conv(2), image, per_channel=False), inputs, **rel)

    dw_image = [tf.TensorSpec([2, 4, 5, 32], tf.float32)]
    yield Case("depthwise_per_channel", lambda: convert_hybrid(_depthwise(), dw_image), inputs,
               **rel)
    yield Case("depthwise_per_channel_stride2_valid",
               lambda: convert_hybrid(_depthwise(2, "VALID"), dw_image), inputs, **rel)

    bmm = [tf.TensorSpec([2, 3, 64], tf.float32)]
    bmm_asym = lambda: convert_hybrid(_batch_matmul([2, 64, 16]), bmm)
    yield Case("batch_matmul_asymmetric", bmm_asym, inputs, **rel)
    yield Case("batch_matmul_symmetric",
               lambda: with_options(bmm_asym(), asymmetricQuantizeInputs=False), inputs, **rel)
    yield Case("batch_matmul_per_channel", lambda: per_channel_weights(bmm_asym()), inputs, **rel)
    yield Case("batch_matmul_broadcast_adjoint",
               lambda: convert_hybrid(_batch_matmul([1, 16, 64], adjoint_b=True),
                                      [tf.TensorSpec([2, 2, 3, 64], tf.float32)]),
               inputs, **rel)
    tc_input = [tf.TensorSpec([2, 4, 5, 8], tf.float32)]
    yield Case("transpose_conv_same_stride2",
               lambda: convert_hybrid(_transpose_conv(2, "SAME"), tc_input), inputs, **rel)
    yield Case("transpose_conv_valid_stride2",
               lambda: convert_hybrid(_transpose_conv(2, "VALID"), tc_input), inputs, **rel)
    yield from embedding_cases()


def _embedding_lookup():
    """A lookup the converter turns into EMBEDDING_LOOKUP (the "embedding_matmul" composite)."""
    table = _weights([100, 16], 60)

    @tf.function(experimental_implements="embedding_matmul")
    def lookup(value, ids):
        return tf.gather(value, ids)
    return lambda ids: lookup(table, ids)


def embedding_cases():
    spec = [tf.TensorSpec([5], tf.int32)]
    ids = random_inputs(low=0, high=99)
    yield Case("embedding_lookup_float32", lambda: convert(_embedding_lookup(), spec), ids)
    yield Case("embedding_lookup_int8",
               lambda: convert_hybrid(_embedding_lookup(), spec), ids, compare="relative",
               tolerance=1e-6)
