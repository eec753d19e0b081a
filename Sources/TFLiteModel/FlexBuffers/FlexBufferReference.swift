/// A lightweight, lazily checked view of one value inside a ``FlexBuffer``, like upstream
/// `flexbuffers::Reference`.
///
/// Creating a reference checks only its slot and type; each accessor checks the offsets, widths
/// and counts it needs before reading. Conversions follow upstream `AsInt64`/`AsUInt64`/
/// `AsDouble`/`AsBool` for every numeric type (`int`, `uint`, `float`, `bool`, the indirect
/// forms, and `null` as 0/false) but, unlike upstream, throw instead of wrapping when a value does
/// not fit, and throw ``FlexBufferError/typeMismatch(expected:found:offset:)`` for strings,
/// vectors and other non-numeric types instead of returning 0.
public struct FlexBufferReference: Sendable {
  /// The buffer this value lives in.
  public let buffer: FlexBuffer
  /// Position of the value's slot (inline value or backward offset).
  let slot: Int
  /// Width of the slot, set by the parent.
  let parentWidth: Int
  /// Width of the value's own data (elements, size field, indirect scalar), from the packed type.
  let byteWidth: Int
  /// The value's type.
  public let type: FlexBufferType
  /// Nesting level: 0 for the root, one more for each vector or map entered.
  public let depth: Int

  /// A `null` value standing for a missing map key.
  static func missing(in buffer: FlexBuffer, at slot: Int, depth: Int) -> FlexBufferReference {
    FlexBufferReference(
      buffer: buffer, slot: slot, parentWidth: 1, byteWidth: 1, type: .null, depth: depth)
  }

  /// Byte position of the value's slot in the buffer (for a missing map key: the map's slot).
  public var offset: Int { slot }

  /// Whether the value is `null` (also true for a missing map key).
  public var isNull: Bool { type == .null }

  // MARK: Scalars

  /// Position of an indirect scalar's data, checked to hold `byteWidth` bytes.
  private func indirectScalarPosition() throws(FlexBufferError) -> Int {
    let position = try buffer.indirect(slot: slot, width: parentWidth)
    try buffer.require(position, byteWidth)
    return position
  }

  /// Reads any numeric type as a signed 64-bit integer.
  ///
  /// `null` is 0, `bool` is 0 or 1, floats are truncated toward zero like upstream.
  /// - Throws: ``FlexBufferError/valueOutOfRange(value:target:offset:)`` for an unsigned value
  ///   above `Int64.max` or a float that is NaN, infinite or outside `Int64`;
  ///   ``FlexBufferError/typeMismatch(expected:found:offset:)`` for non-numeric types.
  public func asInt64() throws(FlexBufferError) -> Int64 {
    switch type {
    case .null: return 0
    case .int: return try buffer.signed(at: slot, width: parentWidth)
    case .indirectInt: return try buffer.signed(at: try indirectScalarPosition(), width: byteWidth)
    case .bool: return try buffer.unsigned(at: slot, width: parentWidth) != 0 ? 1 : 0
    case .uint, .indirectUInt:
      let value = try asUInt64()
      return try fitting(Int64(exactly: value), value, "Int64")
    case .float, .indirectFloat:
      let value = try asDouble()
      return try fitting(Self.truncatedInt64(value), value, "Int64")
    default:
      throw .typeMismatch(expected: "an integer", found: type, offset: slot)
    }
  }

  /// Reads any numeric type as an unsigned 64-bit integer.
  ///
  /// `null` is 0, `bool` is 0 or 1, floats are truncated toward zero like upstream.
  /// - Throws: ``FlexBufferError/valueOutOfRange(value:target:offset:)`` for a negative value or a
  ///   float that is NaN, infinite or outside `UInt64`;
  ///   ``FlexBufferError/typeMismatch(expected:found:offset:)`` for non-numeric types.
  public func asUInt64() throws(FlexBufferError) -> UInt64 {
    switch type {
    case .null: return 0
    case .uint: return try buffer.unsigned(at: slot, width: parentWidth)
    case .indirectUInt:
      return try buffer.unsigned(at: try indirectScalarPosition(), width: byteWidth)
    case .bool: return try buffer.unsigned(at: slot, width: parentWidth) != 0 ? 1 : 0
    case .int, .indirectInt:
      let value = try asInt64()
      return try fitting(UInt64(exactly: value), value, "UInt64")
    case .float, .indirectFloat:
      let value = try asDouble()
      return try fitting(Self.truncatedUInt64(value), value, "UInt64")
    default:
      throw .typeMismatch(expected: "an unsigned integer", found: type, offset: slot)
    }
  }

  /// Reads any numeric type as a `Double` (integers above 2^53 are rounded to the nearest double).
  ///
  /// `null` is 0.0, `bool` is 0.0 or 1.0.
  /// - Throws: ``FlexBufferError/unsupportedFloatWidth(_:offset:)`` for a float stored in 1 or 2
  ///   bytes; ``FlexBufferError/typeMismatch(expected:found:offset:)`` for non-numeric types.
  public func asDouble() throws(FlexBufferError) -> Double {
    switch type {
    case .null: return 0
    case .float: return try buffer.floatingPoint(at: slot, width: parentWidth)
    case .indirectFloat:
      return try buffer.floatingPoint(at: try indirectScalarPosition(), width: byteWidth)
    case .int, .indirectInt: return Double(try asInt64())
    case .uint, .indirectUInt, .bool: return Double(try asUInt64())
    default: throw .typeMismatch(expected: "a number", found: type, offset: slot)
    }
  }

  /// Reads any numeric type as a `Float`, rounding to the nearest float.
  ///
  /// - Throws: as ``asDouble()``, and ``FlexBufferError/valueOutOfRange(value:target:offset:)`` for
  ///   a finite value beyond `Float`'s range (NaN and infinities are passed through).
  public func asFloat() throws(FlexBufferError) -> Float {
    let value = try asDouble()
    let result = Float(value)
    if result.isInfinite && value.isFinite {
      throw .valueOutOfRange(value: String(value), target: "Float", offset: slot)
    }
    return result
  }

  /// Reads any numeric type as a boolean: `bool` as stored, numbers as "not zero", `null` as false.
  ///
  /// Unlike upstream (which truncates a float to an integer first), a float is true whenever it is
  /// not 0.0, so 0.5 is true.
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for non-numeric types.
  public func asBool() throws(FlexBufferError) -> Bool {
    switch type {
    case .null: return false
    case .bool, .uint: return try buffer.unsigned(at: slot, width: parentWidth) != 0
    case .int: return try buffer.signed(at: slot, width: parentWidth) != 0
    case .indirectInt, .indirectUInt:
      return try buffer.unsigned(at: try indirectScalarPosition(), width: byteWidth) != 0
    case .float, .indirectFloat: return try asDouble() != 0
    default: throw .typeMismatch(expected: "a boolean", found: type, offset: slot)
    }
  }

  /// Reads any numeric type as the fixed-width integer type `T`, truncating floats toward zero.
  ///
  /// - Throws: ``FlexBufferError/valueOutOfRange(value:target:offset:)`` when the value does not
  ///   fit `T` (never wraps or saturates); ``FlexBufferError/typeMismatch(expected:found:offset:)``
  ///   for non-numeric types.
  public func asInteger<T: FixedWidthInteger>(_: T.Type = T.self) throws(FlexBufferError) -> T {
    let target = String(describing: T.self)
    switch type {
    case .uint, .indirectUInt:
      let value = try asUInt64()
      return try fitting(T(exactly: value), value, target)
    case .float, .indirectFloat:
      let value = try asDouble()
      let truncated: T? =
        value < 0
        ? Self.truncatedInt64(value).flatMap { T(exactly: $0) }
        : Self.truncatedUInt64(value).flatMap { T(exactly: $0) }
      return try fitting(truncated, value, target)
    default:
      let value = try asInt64()
      return try fitting(T(exactly: value), value, target)
    }
  }

  /// `result`, the conversion of `value` to `target`; ``FlexBufferError/valueOutOfRange(value:target:offset:)``
  /// when it is nil (the value does not fit).
  private func fitting<T>(_ result: T?, _ value: some CustomStringConvertible, _ target: String)
    throws(FlexBufferError) -> T
  {
    guard let result else {
      throw .valueOutOfRange(value: value.description, target: target, offset: slot)
    }
    return result
  }

  /// Reads any numeric type as an `Int`; see ``asInteger(_:)``.
  public func asInt() throws(FlexBufferError) -> Int {
    try asInteger(Int.self)
  }

  /// `value` truncated toward zero, or `nil` when NaN, infinite or outside `Int64`.
  ///
  /// Range-checks first and then converts with the truncating initializer, which compiles to a
  /// single instruction (`rounded(.towardZero)` would call libm's `trunc`, which a program that
  /// imports neither Foundation nor Glibc may not link).
  static func truncatedInt64(_ value: Double) -> Int64? {
    guard value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else {
      return nil
    }
    return Int64(value)
  }

  /// `value` truncated toward zero, or `nil` when NaN, infinite or outside `UInt64`
  /// (so -0.5 is 0 but -1.0 is `nil`).
  static func truncatedUInt64(_ value: Double) -> UInt64? {
    guard value > -1.0, value < 18_446_744_073_709_551_616.0 else { return nil }
    return UInt64(value)
  }

  /// `value` as an `Int64` when it is a whole number in range, otherwise `nil`.
  static func exactInt64(_ value: Double) -> Int64? {
    guard let result = truncatedInt64(value), Double(result) == value else { return nil }
    return result
  }

  // MARK: Strings, keys and blobs

  /// Position and length of a `string` or `blob`'s bytes, checked (strings also for their NUL).
  func sizedBytes() throws(FlexBufferError) -> (position: Int, length: Int) {
    let data = try buffer.indirect(slot: slot, width: parentWidth)
    let sizeField = data - byteWidth
    let length = try buffer.unsigned(at: sizeField, width: byteWidth)
    let room = buffer.count - data
    if type == .string {
      guard length < UInt64(room) else { throw .countTooLarge(length, offset: sizeField) }
      guard try buffer.byte(at: data + Int(length)) == 0 else {
        throw .stringNotTerminated(offset: data)
      }
    } else {
      guard length <= UInt64(room) else { throw .countTooLarge(length, offset: sizeField) }
    }
    return (data, Int(length))
  }

  /// Position and length (without NUL) of a `key`'s bytes.
  func keyBytes() throws(FlexBufferError) -> (position: Int, length: Int) {
    let data = try buffer.indirect(slot: slot, width: parentWidth)
    return (data, try buffer.keyLength(at: data))
  }

  /// The raw bytes of a `string` (without its NUL) or `key`, as a slice of ``FlexBuffer/bytes``
  /// (its indices are those of the underlying storage).
  ///
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for other types, or a
  ///   bounds error.
  public func asStringBytes() throws(FlexBufferError) -> ArraySlice<UInt8> {
    switch type {
    case .string:
      let (position, length) = try sizedBytes()
      return buffer.slice(position, length)
    case .key:
      let (position, length) = try keyBytes()
      return buffer.slice(position, length)
    default:
      throw .typeMismatch(expected: "a string", found: type, offset: slot)
    }
  }

  /// Reads a `string` or `key` as text; invalid UTF-8 is replaced with U+FFFD.
  ///
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for other types (numbers
  ///   are not formatted), or a bounds error.
  public func asString() throws(FlexBufferError) -> String {
    String(decoding: try asStringBytes(), as: UTF8.self)
  }

  /// Reads a `key` as text; invalid UTF-8 is replaced with U+FFFD.
  ///
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for any other type.
  public func asKey() throws(FlexBufferError) -> String {
    guard type == .key else { throw .typeMismatch(expected: "a key", found: type, offset: slot) }
    return try asString()
  }

  /// The bytes of a `blob` (or, like upstream, of a `string` without its NUL), copied.
  ///
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for other types, or a
  ///   bounds error.
  public func asBlob() throws(FlexBufferError) -> [UInt8] {
    guard type == .blob || type == .string else {
      throw .typeMismatch(expected: "a blob", found: type, offset: slot)
    }
    let (position, length) = try sizedBytes()
    return Array(buffer.slice(position, length))
  }

  // MARK: Vectors and maps

  /// Where a vector's elements are: first element, element count, element width.
  func vectorLayout() throws(FlexBufferError) -> (data: Int, count: Int, width: Int) {
    let width = byteWidth
    let data = try buffer.indirect(slot: slot, width: parentWidth)
    let room = buffer.count - data
    if let fixed = type.fixedLength {
      try buffer.require(data, fixed * width)
      return (data, fixed, width)
    }
    let sizeField = data - width
    let count = try buffer.unsigned(at: sizeField, width: width)
    // Untyped vectors and maps carry one type byte per element after the elements.
    let perElement = (type == .vector || type == .map) ? width + 1 : width
    guard count <= UInt64(room / perElement) else { throw .countTooLarge(count, offset: sizeField) }
    return (data, Int(count), width)
  }

  /// Throws unless this is a vector, typed vector, fixed typed vector or map.
  private func requireVectorLike() throws(FlexBufferError) {
    guard type.isVectorLike else {
      throw .typeMismatch(expected: "a vector or map", found: type, offset: slot)
    }
  }

  /// Element `index` of a vector whose layout is known, with its depth checked.
  func element(_ index: Int, of layout: (data: Int, count: Int, width: Int)) throws(FlexBufferError)
    -> FlexBufferReference
  {
    guard index >= 0, index < layout.count else {
      throw .indexOutOfRange(index, count: layout.count, offset: layout.data)
    }
    let limit = buffer.limits.effectiveMaxDepth
    guard depth < limit else { throw .depthLimitExceeded(limit: limit, offset: layout.data) }
    let elementSlot = layout.data + index * layout.width
    if let elementType = type.elementType {
      return FlexBufferReference(
        buffer: buffer, slot: elementSlot, parentWidth: layout.width, byteWidth: 1,
        type: elementType,
        depth: depth + 1)
    }
    let typePosition = layout.data + layout.count * layout.width + index
    let packed = try buffer.byte(at: typePosition)
    guard let elementType = FlexBufferType(rawValue: packed >> 2) else {
      throw .unknownType(packed, offset: typePosition)
    }
    return FlexBufferReference(
      buffer: buffer, slot: elementSlot, parentWidth: layout.width, byteWidth: 1 << Int(packed & 3),
      type: elementType, depth: depth + 1)
  }

  /// Number of elements of a vector or map, or of bytes of a string or blob.
  ///
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` for scalars and keys, or
  ///   a bounds error.
  public var count: Int {
    get throws(FlexBufferError) {
      if type == .string || type == .blob { return try sizedBytes().length }
      try requireVectorLike()
      return try vectorLayout().count
    }
  }

  /// Element `index` of a vector, typed vector or fixed typed vector, or value `index` of a map
  /// (maps keep their entries sorted by key).
  ///
  /// - Throws: ``FlexBufferError/indexOutOfRange(_:count:offset:)`` (upstream returns `null`
  ///   instead), ``FlexBufferError/depthLimitExceeded(limit:offset:)``,
  ///   ``FlexBufferError/typeMismatch(expected:found:offset:)`` for other types, or a bounds error.
  public subscript(index: Int) -> FlexBufferReference {
    get throws(FlexBufferError) {
      try requireVectorLike()
      return try element(index, of: try vectorLayout())
    }
  }

  /// Where a map's keys are: first key slot, key count, key slot width. Checks that there are as
  /// many keys as values.
  func keysLayout(values: (data: Int, count: Int, width: Int)) throws(FlexBufferError)
    -> (data: Int, count: Int, width: Int)
  {
    let width = values.width
    let keysOffsetField = values.data - 3 * width
    let keysData = try buffer.indirect(slot: keysOffsetField, width: width)
    let keysWidthField = values.data - 2 * width
    let keysWidth = try buffer.unsigned(at: keysWidthField, width: width)
    guard keysWidth == 1 || keysWidth == 2 || keysWidth == 4 || keysWidth == 8 else {
      throw .invalidByteWidth(keysWidth, offset: keysWidthField)
    }
    let keyWidth = Int(keysWidth)
    let sizeField = keysData - keyWidth
    let count = try buffer.unsigned(at: sizeField, width: keyWidth)
    guard count <= UInt64((buffer.count - keysData) / keyWidth) else {
      throw .countTooLarge(count, offset: sizeField)
    }
    guard Int(count) == values.count else {
      throw .mapKeyCountMismatch(keys: Int(count), values: values.count, offset: values.data)
    }
    return (keysData, values.count, keyWidth)
  }

  /// Position and length of key `index` of a map.
  func keyBytes(_ index: Int, keys: (data: Int, count: Int, width: Int)) throws(FlexBufferError)
    -> (position: Int, length: Int)
  {
    let position = try buffer.indirect(slot: keys.data + index * keys.width, width: keys.width)
    return (position, try buffer.keyLength(at: position))
  }

  /// The key of entry `index` of a map; invalid UTF-8 is replaced with U+FFFD.
  ///
  /// - Throws: ``FlexBufferError/indexOutOfRange(_:count:offset:)``,
  ///   ``FlexBufferError/typeMismatch(expected:found:offset:)`` when this is not a map, or a
  ///   bounds error.
  public func key(at index: Int) throws(FlexBufferError) -> String {
    guard type == .map else { throw .typeMismatch(expected: "a map", found: type, offset: slot) }
    let values = try vectorLayout()
    let keys = try keysLayout(values: values)
    guard index >= 0, index < keys.count else {
      throw .indexOutOfRange(index, count: keys.count, offset: values.data)
    }
    let (position, length) = try keyBytes(index, keys: keys)
    return String(decoding: buffer.slice(position, length), as: UTF8.self)
  }

  /// The value stored under `key` in a map, found by binary search over the sorted keys (bytewise,
  /// like `strcmp`); a missing key reads as a `null` reference, as upstream.
  ///
  /// A key containing a NUL character can never be stored, so it always reads as `null`. Keys that
  /// are not sorted in the buffer may not be found (``decode()`` reports them).
  /// - Throws: ``FlexBufferError/typeMismatch(expected:found:offset:)`` when this is not a map,
  ///   ``FlexBufferError/depthLimitExceeded(limit:offset:)``, or a bounds error.
  public subscript(key: String) -> FlexBufferReference {
    get throws(FlexBufferError) { try value(forKey: key) }
  }

  /// The value stored under `key` in a map, or a `null` reference when absent; same as the key
  /// subscript.
  public func value(forKey key: String) throws(FlexBufferError) -> FlexBufferReference {
    guard type == .map else { throw .typeMismatch(expected: "a map", found: type, offset: slot) }
    let values = try vectorLayout()
    let keys = try keysLayout(values: values)
    let wanted = Array(key.utf8)
    if wanted.contains(0) { return .missing(in: buffer, at: slot, depth: depth) }
    var low = 0
    var high = keys.count
    while low < high {
      let middle = low + (high - low) / 2
      let (position, length) = try keyBytes(middle, keys: keys)
      let order = Self.compare(wanted, buffer.slice(position, length))
      if order == 0 { return try element(middle, of: values) }
      if order < 0 { high = middle } else { low = middle + 1 }
    }
    return .missing(in: buffer, at: slot, depth: depth)
  }

  /// Bytewise three-way comparison, shorter prefix first (`strcmp` order for NUL-free strings).
  static func compare(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Int {
    var bIndex = b.startIndex
    for aByte in a {
      guard bIndex < b.endIndex else { return 1 }
      let bByte = b[bIndex]
      if aByte != bByte { return aByte < bByte ? -1 : 1 }
      bIndex += 1
    }
    return bIndex == b.endIndex ? 0 : -1
  }
}
