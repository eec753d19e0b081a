#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

/// The operands of one run of an elementwise float32 function (``FloatFunctions``), as a tuple
/// so that every build of the kernels shares the same type: `output[i] = function(input[i])`
/// for `i < count` (`input` and `output` may be the same buffer).
public typealias FloatFunctionOperands = (
  function: FloatFunction, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
  count: Int
)
