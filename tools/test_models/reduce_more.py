"""REDUCE_PROD (float32, int32, int64, quantized int8 and int16), REDUCE_ANY, REDUCE_ALL and
CUMSUM (float32, int32, int64; exclusive, reverse)."""
import tensorflow as tf

from .common import Case, convert, random_inputs, representative_of
from .ops_support import integers, named

SHAPE = [2, 3, 4]
AXES = {"axis1": ([1], False), "axes02_keep": ([0, 2], True), "last_neg": ([-1], False),
        "all": ([0, 1, 2], False)}


def _prod_cases():
    for label, (axes, keep) in AXES.items():
        op = lambda a, ax=axes, k=keep: tf.reduce_prod(a, axis=ax, keepdims=k)  # noqa: E731
        yield Case(f"prod_{label}_float32", lambda op=op: convert(
            op, [tf.TensorSpec(SHAPE, tf.float32)]), random_inputs(low=0.5, high=1.5),
            compare="relative", tolerance=1e-5)
        for dtype in (tf.int32, tf.int64):
            yield Case(f"prod_{label}_{dtype.name}", lambda op=op, d=dtype: convert(
                op, [tf.TensorSpec(SHAPE, d)]), named(a=integers(-9, 9)))
    for label in ("axis1", "all"):
        axes, keep = AXES[label]
        op = lambda a, ax=axes, k=keep: tf.reduce_prod(a, axis=ax, keepdims=k)  # noqa: E731
        for int16 in (False, True):
            suffix = "int16" if int16 else "int8"
            yield Case(f"prod_{label}_{suffix}", lambda op=op, q=int16: convert(
                op, [tf.TensorSpec(SHAPE, tf.float32)],
                representative=representative_of([SHAPE], low=0.5, high=1.5), int8_io=True,
                int16x8=q), random_inputs(low=0.5, high=1.5))
    yield Case("prod_wrapping_int32", lambda: convert(
        lambda a: tf.reduce_prod(a, axis=[0, 1, 2]), [tf.TensorSpec(SHAPE, tf.int32)]),
        named(a=integers(-1000, 1000)))


def _logical_cases():
    spec = [tf.TensorSpec(SHAPE, tf.bool)]
    for name, reduce in (("any", tf.reduce_any), ("all", tf.reduce_all)):
        for label, (axes, keep) in AXES.items():
            yield Case(f"{name}_{label}", lambda r=reduce, ax=axes, k=keep: convert(
                lambda a: r(a, axis=ax, keepdims=k), spec), random_inputs(seed=7))
        mostly = named(a=lambda rng, shape, dtype: rng.random(shape) < 0.85)
        yield Case(f"{name}_mostly_true", lambda r=reduce: convert(
            lambda a: r(a, axis=[2]), spec), mostly)


def _cumsum_cases():
    for exclusive in (False, True):
        for reverse in (False, True):
            for axis in (0, 1, -1):
                label = f"axis{axis}{'_exclusive' if exclusive else ''}{'_reverse' if reverse else ''}"
                op = lambda a, ax=axis, e=exclusive, r=reverse: tf.cumsum(  # noqa: E731
                    a, axis=ax, exclusive=e, reverse=r)
                yield Case(f"cumsum_{label}_float32", lambda op=op: convert(
                    op, [tf.TensorSpec(SHAPE, tf.float32)]), random_inputs(),
                    compare="relative", tolerance=1e-6)
    for dtype in (tf.int32, tf.int64):
        yield Case(f"cumsum_axis1_{dtype.name}", lambda d=dtype: convert(
            lambda a: tf.cumsum(a, axis=1), [tf.TensorSpec(SHAPE, d)]),
            named(a=integers(-1000, 1000)))
        yield Case(f"cumsum_axis2_exclusive_reverse_{dtype.name}", lambda d=dtype: convert(
            lambda a: tf.cumsum(a, axis=2, exclusive=True, reverse=True),
            [tf.TensorSpec(SHAPE, d)]), named(a=integers(-1000, 1000)))


def cases():
    yield from _prod_cases()
    yield from _logical_cases()
    yield from _cumsum_cases()
