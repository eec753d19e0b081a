"""Sparse constant tensors (SparsityParameters + DENSIFY): the converter's CSR output for
pruned weights in float32 and float16, a block-sparse layout written here, and malformed
sparsity metadata that must be refused at load."""
import numpy as np
import tensorflow as tf

from .common import Case, edited, random_inputs

ROWS, COLUMNS = 32, 16


def pruned_weights(seed=0, keep=0.2, blocks=1):
    """A [ROWS, COLUMNS] matrix with ~`keep` of its 1×`blocks` blocks nonzero."""
    rng = np.random.default_rng(seed)
    weights = rng.normal(size=(ROWS, COLUMNS)).astype(np.float32)
    mask = rng.random((ROWS, COLUMNS // blocks)) < keep
    return weights * np.repeat(mask, blocks, axis=1)


def sparse_fc(float16=False):
    weights = tf.constant(pruned_weights().T)  # matmul(x [1, 16], w [16, 32])

    def function(x):
        return tf.matmul(x, weights)
    concrete = tf.function(function).get_concrete_function(tf.TensorSpec([1, COLUMNS], tf.float32))
    converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], tf.Module())
    converter.optimizations = [tf.lite.Optimize.EXPERIMENTAL_SPARSITY]
    if float16:
        converter.optimizations.append(tf.lite.Optimize.DEFAULT)
        converter.target_spec.supported_types = [tf.float16]
    return converter.convert()


def sparse_tensor(tree):
    """The one sparse tensor of the main subgraph."""
    return next(t for t in tree.subgraphs[0].tensors if t.sparsity is not None)


def index_vector(values):
    from ai_edge_litert import schema_py_generated as schema
    vector = schema.Int32VectorT()
    vector.values = list(values)
    return schema.SparseIndexVector.Int32Vector, vector


def dimension(dense=None, segments=None, indices=None):
    from ai_edge_litert import schema_py_generated as schema
    metadata = schema.DimensionMetadataT()
    if dense is not None:
        metadata.format, metadata.denseSize = schema.DimensionType.DENSE, dense
    else:
        metadata.format = schema.DimensionType.SPARSE_CSR
        metadata.arraySegmentsType, metadata.arraySegments = index_vector(segments)
        metadata.arrayIndicesType, metadata.arrayIndices = index_vector(indices)
    return metadata


def block_sparse():
    """The float32 model re-encoded with 1×4 blocks: rows dense, block columns compressed, the
    block's 4 values dense (traversal 0, 1, 2; block map [1])."""
    weights = pruned_weights(blocks=4)

    def edit(tree):
        from ai_edge_litert import schema_py_generated as schema
        tensor = sparse_tensor(tree)
        segments, indices, values = [0], [], []
        for row in weights:
            for block in range(COLUMNS // 4):
                chunk = row[4 * block:4 * block + 4]
                if np.any(chunk):
                    indices.append(block)
                    values.extend(chunk)
            segments.append(len(indices))
        sparsity = schema.SparsityParametersT()
        sparsity.traversalOrder, sparsity.blockMap = [0, 1, 2], [1]
        sparsity.dimMetadata = [
            dimension(dense=ROWS), dimension(segments=segments, indices=indices), dimension(dense=4)]
        tensor.sparsity = sparsity
        tree.buffers[tensor.buffer].data = list(np.array(values, np.float32).tobytes())
    return edited(sparse_fc(), edit)


def broken(change):
    """The float32 model with its sparsity metadata changed by `change(sparsity)`."""
    def edit(tree):
        change(sparse_tensor(tree).sparsity)
    return lambda: edited(sparse_fc(), edit)


def bad_segments(sparsity):
    values = list(sparsity.dimMetadata[1].arraySegments.values)
    values[3] = 250  # past the indices (uint8 storage)
    sparsity.dimMetadata[1].arraySegments.values = values


def bad_index(sparsity):
    values = list(sparsity.dimMetadata[1].arrayIndices.values)
    values[0] = 200  # past the 16 columns
    sparsity.dimMetadata[1].arrayIndices.values = values


def bad_order(sparsity):
    sparsity.traversalOrder = [0, 0]


def cases():
    yield Case("fully_connected_csr_float32", sparse_fc, random_inputs(),
               compare="relative", tolerance=1e-6)
    yield Case("fully_connected_csr_float16", lambda: sparse_fc(float16=True), random_inputs(),
               compare="relative", tolerance=1e-6)
    yield Case("fully_connected_block_1x4", block_sparse, random_inputs(),
               compare="relative", tolerance=1e-6)
    for name, change in (("bad_segments", bad_segments), ("bad_index", bad_index),
                         ("bad_traversal_order", bad_order)):
        yield Case(name, broken(change), random_inputs(), error="cannot be densified")
