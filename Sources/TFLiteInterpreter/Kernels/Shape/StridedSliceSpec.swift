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
    let rank = inputShape.count
    let slice = try Slice(
      begin: rawBegin, end: rawEnd, strides: rawStrides, masks: masks, offset: offset,
      rank: rank, node: node)
    let layout = Layout(masks: masks, count: slice.count, rank: rank)
    let inputStrides = ShapeRules.strides(inputShape)
    var (outputShape, counts, steps, base) = ([Int](), [Int](), [Int](), 0)
    var cursor = Layout.Cursor()
    for index in 0..<layout.dimensions {
      let axis = try layout.axis(
        index, slice, inputShape: inputShape, inputStrides: inputStrides, &cursor, node)
      let (start, taken) = try axis.resolve(offset: offset, index: index, node)
      if !axis.shrink { outputShape.append(taken) }
      counts.append(taken)
      steps.append(axis.stride * axis.inputStride)
      if taken > 0 { base += start * axis.inputStride }
    }
    guard cursor.inserted == layout.addedAxes else {
      throw node.invalid("the slice spec does not fit an input of rank \(rank)")
    }
    self.outputShape = outputShape
    self.counts = counts
    self.steps = steps
    self.base = base
  }

  /// The slice as the options and constant inputs give it, checked and clamped.
  private struct Slice {
    let begin, end, strides: [Int]
    let masks: Masks
    /// Slice indices (entries of `begin`, `end`, `strides`).
    var count: Int { begin.count }

    init(
      begin: [Int], end: [Int], strides: [Int], masks: Masks, offset: Bool, rank: Int,
      node: NodeContext
    ) throws(InterpreterError) {
      let count = begin.count
      guard end.count == count, strides.count == count else {
        throw node.invalid(
          "begin, end and strides have \(begin.count), \(end.count) and \(strides.count) values"
        )
      }
      guard count <= 31 else { throw node.invalid("at most 31 slice indices are supported") }
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
      let clamp = { (value: Int) in min(max(value, -StridedSliceSpec.limit), StridedSliceSpec.limit)
      }
      (self.begin, self.end, self.strides) = (begin.map(clamp), end.map(clamp), strides.map(clamp))
      self.masks = masks
    }
  }

  /// The effective dimensions: the input's, with the ellipsis expanded and new axes inserted.
  private struct Layout {
    /// New axes outside the ellipsis (each adds an effective dimension).
    let addedAxes, dimensions: Int
    let isEllipsis, isNewAxis: [Bool]
    /// The first effective dimension of the ellipsis (`dimensions` when there is none).
    let ellipsisStart: Int
    /// Effective dimensions the ellipsis stands for beyond its own slice index.
    let expanded: Int

    /// Where the walk over the effective dimensions is: new axes inserted so far, and how far
    /// the ellipsis shifts slice indices.
    struct Cursor {
      var inserted = 0
      var ellipsisShift = 0
    }

    init(masks: Masks, count: Int, rank: Int) {
      let bit = ShapeRules.bit
      var addedAxes = 0
      for index in 0..<count where !bit(masks.ellipsis, index) && bit(masks.newAxis, index) {
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
      (self.addedAxes, self.dimensions, self.isEllipsis, self.isNewAxis) = (
        addedAxes, dimensions, isEllipsis, isNewAxis
      )
      (self.ellipsisStart, self.expanded) = (ellipsisStart, expanded)
    }

    /// Effective dimension `index` (walked in order, `cursor` carrying the walk's state).
    func axis(
      _ index: Int, _ slice: Slice, inputShape: [Int], inputStrides: [Int],
      _ cursor: inout Cursor, _ node: NodeContext
    ) throws(InterpreterError) -> Axis {
      if isNewAxis[index] && !isEllipsis[index] {
        cursor.inserted += 1
        return Axis(first: 0, last: 1, size: 1)
      }
      let rank = inputShape.count
      let dimension = index - cursor.inserted
      guard dimension >= 0 && dimension < rank else {
        throw node.invalid("the slice spec does not fit an input of rank \(rank)")
      }
      var axis = Axis(size: inputShape[dimension], inputStride: inputStrides[dimension])
      if isEllipsis[index] {
        cursor.ellipsisShift = max(0, index - ellipsisStart)
        (axis.beginMasked, axis.endMasked) = (true, true)
      } else if index >= slice.count + expanded {
        (axis.beginMasked, axis.endMasked) = (true, true)
      } else {
        let original = index - cursor.ellipsisShift
        guard original >= 0 && original < slice.count else {
          throw node.invalid("the slice spec does not fit an input of rank \(rank)")
        }
        let bit = ShapeRules.bit
        axis.spec = original
        (axis.first, axis.last, axis.stride) = (
          slice.begin[original], slice.end[original], slice.strides[original]
        )
        axis.beginMasked = bit(slice.masks.begin, original)
        axis.endMasked = bit(slice.masks.end, original)
        axis.shrink = bit(slice.masks.shrink, original)
      }
      return axis
    }
  }

  /// One effective dimension of the slice, before resolving.
  private struct Axis {
    var first = 0
    var last = 0
    var stride = 1
    var beginMasked = false
    var endMasked = false
    var shrink = false
    /// The slice index it comes from, if any.
    var spec: Int? = nil
    var size: Int
    /// Input element stride of one step (0 for a new axis).
    var inputStride = 0

    init(first: Int, last: Int, size: Int) {
      (self.first, self.last, self.size) = (first, last, size)
    }

    init(size: Int, inputStride: Int) {
      (self.size, self.inputStride) = (size, inputStride)
    }

    /// The first index taken and how many, as TFLite's `StartForAxis` / `EndForAxis` give them.
    func resolve(offset: Bool, index: Int, _ node: NodeContext) throws(InterpreterError) -> (
      start: Int, taken: Int
    ) {
      guard stride != 0 else { throw node.invalid("the stride of dimension \(index) is zero") }
      var start = first < 0 ? first + size : first
      start = stride > 0 ? min(max(start, 0), size) : min(max(start, -1), size - 1)
      if beginMasked { start = stride > 0 ? 0 : size - 1 }
      if shrink {
        guard start >= 0 && start < size else {
          throw node.invalid(
            "shrunk index \(first) is out of range for dimension \(index) of size \(size)")
        }
        return (start, 1)
      }
      var stop = offset ? last + start : last
      if stop < 0 { stop += size }
      stop = stride > 0 ? min(max(stop, 0), size) : min(max(stop, -1), size - 1)
      if endMasked { stop = stride > 0 ? size : -1 }
      let taken =
        stride > 0
        ? (stop > start ? (stop - start - 1) / stride + 1 : 0)
        : (stop < start ? (start - stop - 1) / -stride + 1 : 0)
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
      return (start, taken)
    }
  }
}
