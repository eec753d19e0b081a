"""Models that must be refused with a typed error, never a trap or a hang: control flow that
calls missing or enclosing subgraphs, a loop that never ends, a variable read before any
assignment. Made by editing real converter output."""
import numpy as np
import tensorflow as tf

from . import control_flow
from .common import Case, convert, edited, random_inputs

F4 = tf.TensorSpec([4], tf.float32)
FLAG = tf.TensorSpec([1], tf.bool)


def forever(x):
    def body(i, x):
        return i + 1, x + 1.0
    _, y = tf.while_loop(lambda i, x: x[0] > -1e30, body, [tf.constant(0), x])
    return y


def options_of(tree, subgraph, op_index):
    return tree.subgraphs[subgraph].operators[op_index].builtinOptions


def if_missing_branch():
    def edit(tree):
        options_of(tree, 0, [o.opcodeIndex for o in tree.subgraphs[0].operators].index(
            next(i for i, c in enumerate(tree.operatorCodes) if c.builtinCode == 118))
        ).thenSubgraphIndex = 99
    return edited(convert(control_flow.if_float, [F4, FLAG]), edit)


def while_calls_main():
    def edit(tree):
        for op in tree.subgraphs[0].operators:
            if tree.operatorCodes[op.opcodeIndex].builtinCode == 119:
                op.builtinOptions.bodySubgraphIndex = 0
    return edited(convert(control_flow.while_counter, [F4]), edit)


def read_before_assign():
    def edit(tree):
        main = tree.subgraphs[0]
        main.operators = [
            op for op in main.operators if tree.operatorCodes[op.opcodeIndex].builtinCode != 129]
    return edited(control_flow.accumulator(), edit)


def cases():
    yield Case("if_missing_branch", if_missing_branch, random_inputs(),
               error="calls subgraph 99")
    yield Case("while_calls_main", while_calls_main, random_inputs(), error="cycle")
    yield Case("while_forever", lambda: convert(forever, [F4]), random_inputs(),
               error="still looping after 1000 iterations", error_at="invoke",
               max_loop_iterations=1000)
    yield Case("variable_read_before_assign", read_before_assign, random_inputs(),
               error="was read before it was assigned", error_at="invoke")
