import TFLiteModel

/// STRIDED_SLICE's index arithmetic, as TFLite's kernel does it (`strided_slice.cc` and
/// `reference/strided_slice.h`): the sparse spec of `begin`/`end`/`strides` and masks is
/// expanded to one entry per "effective" dimension (the input's plus inserted new axes), then
/// each entry is resolved to a first index, a step and a count.
///
/// Per effective dimension of size `n` with step `s`: a negative begin or end has `n` added;
/// begin and end are clamped to `[0, n]` for `s > 0` and to `[-1, n-1]` for `s < 0`; with
/// `offset`, end is taken relative to the (clamped) begin; a begin-mask bit selects the first
/// element in the direction of travel (0 or `n-1`) and an end-mask bit runs to the end (`n` or
/// -1). A shrunk dimension takes the single element at its (resolved) begin and is removed
/// from the output; as in TFLite and unlike TensorFlow, a begin-mask bit applies there too. An ellipsis stands for as many full dimensions as the spec leaves out, and indices
/// past the spec are full dimensions; a new axis inserts a dimension of size 1.
///
/// Where TFLite's result is undefined this rejects the node instead: a shrunk index outside its
/// dimension (TFLite leaves the output unwritten), more than one ellipsis or ellipsis/new-axis
/// bits past the spec, and with `offset` an end that would make TFLite's output shape disagree
/// with the elements it writes (and ellipsis or new axes, or a spec shorter than the rank).
/// A shrunk dimension with a negative step takes the element at its begin, as TensorFlow does.
struct StridedSliceSpec {
  /// The output shape (shrunk dimensions removed, new axes present).
  let outputShape: [Int]
  /// Per effective dimension: elements taken (1 for shrunk and new axes).
  let counts: [Int]
  /// Per effective dimension: input element stride of one step (0 for new axes).
  let steps: [Int]
  /// Input element offset of the first element taken.
  let base: Int

  /// The options' bit masks: bit `i` refers to slice index `i`.
  typealias Masks = (begin: Int, end: Int, ellipsis: Int, newAxis: Int, shrink: Int)

  /// Values beyond any dimension are clamped to this magnitude first, which changes no result
  /// and keeps all arithmetic far from overflow.
  private static let limit = 1 << 40

  init(
    inputShape: [Int], begin rawBegin: [Int], end rawEnd: [Int], strides rawStrides: [Int],
    masks: Masks, offset: Bool, node: NodeContext
  ) throws(InterpreterError) {
    let count = rawBegin.count
    guard rawEnd.count == count, rawStrides.count == count else {
      throw node.invalid(
        "begin, end and strides have \(rawBegin.count), \(rawEnd.count) and \(rawStrides.count) values"
      )
    }
    guard count <= 31 else { throw node.invalid("at most 31 slice indices are supported") }
    let clamp = { (value: Int) in min(max(value, -Self.limit), Self.limit) }
    let begin = rawBegin.map(clamp)
    let end = rawEnd.map(clamp)
    let strides = rawStrides.map(clamp)
    let rank = inputShape.count
    let specMask = (1 << count) - 1
    guard masks.ellipsis & ~specMask == 0, masks.newAxis & ~specMask == 0 else {
      throw node.invalid("ellipsis or new-axis mask bits lie past the \(count) slice indices")
    }
    guard masks.ellipsis.nonzeroBitCount <= 1 else {
      throw node.invalid("more than one ellipsis (ellipsis_mask \(masks.ellipsis))")
    }
    if offset {
      guard masks.ellipsis == 0, masks.newAxis == 0, count == rank else {
        throw node.unsupported(
          "offset slicing needs one index per dimension and no ellipsis or new axes")
      }
    }
    let bit = ShapeRules.bit

    // Expand the ellipsis and new axes into effective dimensions.
    var addedAxes = 0
    for index in 0..<count
    where !bit(masks.ellipsis, index) && bit(masks.newAxis, index) {
      addedAxes += 1
    }
    let dimensions = rank + addedAxes
    var isEllipsis = [Bool](repeating: false, count: dimensions)
    var isNewAxis = [Bool](repeating: false, count: dimensions)
    var ellipsisStart = dimensions
    var expanded = 0
    var position = 0
    while position < dimensions {
      if bit(masks.ellipsis, position) {
        ellipsisStart = position
        let ellipsisEnd = max(
          position + 1, min(position + 1 + addedAxes + rank - count, dimensions))
        expanded = ellipsisEnd - ellipsisStart - 1
        while position < ellipsisEnd {
          isEllipsis[position] = true
          position += 1
        }
        continue
      }
      if bit(masks.newAxis, position - expanded) { isNewAxis[position] = true }
      position += 1
    }

    // Resolve every effective dimension.
    let inputStrides = ShapeRules.strides(inputShape)
    var outputShape: [Int] = []
    var counts: [Int] = []
    var steps: [Int] = []
    var base = 0
    var inserted = 0
    var ellipsisShift = 0
    for index in 0..<dimensions {
      var first = 0
      var last = 0
      var stride = 1
      var beginMasked = false
      var endMasked = false
      var shrink = false
      var spec: Int? = nil
      let size: Int
      let inputStride: Int
      if isNewAxis[index] && !isEllipsis[index] {
        (first, last) = (0, 1)
        size = 1
        inputStride = 0
        inserted += 1
      } else {
        let dimension = index - inserted
        guard dimension >= 0 && dimension < rank else {
          throw node.invalid("the slice spec does not fit an input of rank \(rank)")
        }
        size = inputShape[dimension]
        inputStride = inputStrides[dimension]
        if isEllipsis[index] {
          ellipsisShift = max(0, index - ellipsisStart)
          (beginMasked, endMasked) = (true, true)
        } else if index >= count + expanded {
          (beginMasked, endMasked) = (true, true)
        } else {
          let original = index - ellipsisShift
          guard original >= 0 && original < count else {
            throw node.invalid("the slice spec does not fit an input of rank \(rank)")
          }
          spec = original
          (first, last, stride) = (begin[original], end[original], strides[original])
          beginMasked = bit(masks.begin, original)
          endMasked = bit(masks.end, original)
          shrink = bit(masks.shrink, original)
        }
      }
      guard stride != 0 else { throw node.invalid("the stride of dimension \(index) is zero") }

      // Start, as reference_ops::StartForAxis.
      var start = first < 0 ? first + size : first
      start = stride > 0 ? min(max(start, 0), size) : min(max(start, -1), size - 1)
      if beginMasked { start = stride > 0 ? 0 : size - 1 }

      var taken: Int
      if shrink {
        guard start >= 0 && start < size else {
          throw node.invalid(
            "shrunk index \(first) is out of range for dimension \(index) of size \(size)")
        }
        taken = 1
      } else {
        // Stop, as reference_ops::EndForAxis.
        var stop = offset ? last + start : last
        if stop < 0 { stop += size }
        stop = stride > 0 ? min(max(stop, 0), size) : min(max(stop, -1), size - 1)
        if endMasked { stop = stride > 0 ? size : -1 }
        if stride > 0 {
          taken = stop > start ? (stop - start - 1) / stride + 1 : 0
        } else {
          taken = stop < start ? (start - stop - 1) / -stride + 1 : 0
        }
        if offset, spec != nil {
          // TFLite sizes the output from `end` alone in offset mode.
          let declared =
            (last < 0) != (stride < 0) || last == 0 ? 0 : (last - stride.signum()) / stride + 1
          guard declared == taken else {
            throw node.invalid(
              "offset slice of \(last) from \(first) with stride \(stride) does not fit dimension \(index) of size \(size)"
            )
          }
        }
        outputShape.append(taken)
      }
      counts.append(taken)
      steps.append(stride * inputStride)
      if taken > 0 { base += start * inputStride }
    }
    guard inserted == addedAxes else {
      throw node.invalid("the slice spec does not fit an input of rank \(rank)")
    }
    self.outputShape = outputShape
    self.counts = counts
    self.steps = steps
    self.base = base
  }
}
