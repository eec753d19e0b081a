/// One table of a FlatBuffer, with typed, bounds-checked field accessors.
///
/// Fields are addressed by their schema id (declaration order; a union takes two ids, the type
/// then the value) and named for error messages. An absent field reads as its schema default.
struct FlatBufferTable {
  let reader: FlatBufferReader
  /// Absolute position of the table.
  let position, vtable, vtableSize, inlineSize: Int
  /// Nesting depth; the root is 1.
  let depth: Int

  /// Absolute position of field `id` after checking that `size` bytes of it fit in the table,
  /// or nil when the field is absent.
  @inline(__always)
  func fieldPosition(_ id: Int, size: Int, field: String) throws(FlatBufferError) -> Int? {
    let slot = 4 + 2 * id
    guard slot + 2 <= vtableSize else { return nil }
    let offset = Int(reader.u16(vtable + slot))
    guard offset != 0 else { return nil }
    guard offset >= 4, offset + size <= inlineSize else {
      throw FlatBufferError(
        path: [field], offset: position,
        problem: .fieldOutsideTable(fieldOffset: offset, fieldSize: size, tableSize: inlineSize))
    }
    return position + offset
  }

  // MARK: Scalars

  /// An integer field, or `defaultValue` when absent.
  func integer<T: FixedWidthInteger>(_ id: Int, _ field: String, default defaultValue: T)
    throws(FlatBufferError)
    -> T
  {
    guard let at = try fieldPosition(id, size: MemoryLayout<T>.size, field: field) else {
      return defaultValue
    }
    return reader.integer(at, as: T.self)
  }

  /// A `float` field, or `defaultValue` when absent.
  func float(_ id: Int, _ field: String, default defaultValue: Float) throws(FlatBufferError)
    -> Float
  {
    guard let at = try fieldPosition(id, size: 4, field: field) else { return defaultValue }
    return Float(bitPattern: reader.u32(at))
  }

  /// A `bool` field (one byte, nonzero is true), or `defaultValue` when absent.
  func bool(_ id: Int, _ field: String, default defaultValue: Bool) throws(FlatBufferError) -> Bool
  {
    guard let at = try fieldPosition(id, size: 1, field: field) else { return defaultValue }
    return reader.u8(at) != 0
  }

  /// A byte-sized enum field converted through `make`, or the enum's value for `defaultRaw`.
  func enumeration<E>(
    _ id: Int, _ field: String, _ enumName: String, default defaultRaw: Int8 = 0,
    _ make: (Int8) -> E?
  ) throws(FlatBufferError) -> E {
    let at = try fieldPosition(id, size: 1, field: field)
    let raw = at.map { reader.integer($0, as: Int8.self) } ?? defaultRaw
    guard let value = make(raw) else {
      throw FlatBufferError(
        path: [field], offset: at ?? position,
        problem: .invalidEnumValue(Int64(raw), enumName: enumName))
    }
    return value
  }

  /// A byte-sized enum field of an open (growing) enum: a value this reader does not know reads
  /// as `fallback` and is recorded as a warning rather than failing.
  func openEnumeration<E: RawRepresentable>(
    _ id: Int, _ field: String, _ enumName: String, fallback: E
  )
    throws(FlatBufferError) -> E where E.RawValue == Int8
  {
    guard let at = try fieldPosition(id, size: 1, field: field) else {
      return E(rawValue: 0) ?? fallback
    }
    let raw = reader.integer(at, as: Int8.self)
    if let value = E(rawValue: raw) { return value }
    reader.warnings.append(
      .unrecognizedEnumValue(field: field, value: Int64(raw), enumName: enumName, offset: at))
    return fallback
  }

  // MARK: References

  /// Absolute position of the object a reference field points to, or nil when absent.
  func referenceTarget(_ id: Int, _ field: String) throws(FlatBufferError) -> Int? {
    guard let at = try fieldPosition(id, size: 4, field: field) else { return nil }
    return try reader.follow(at, field: field)
  }

  /// A string field, or nil when absent. Invalid UTF-8 is repaired with U+FFFD.
  func string(_ id: Int, _ field: String) throws(FlatBufferError) -> String? {
    guard let target = try referenceTarget(id, field) else { return nil }
    return try reader.string(at: target, field: field)
  }

  /// A sub-table field, or nil when absent.
  func table(_ id: Int, _ field: String) throws(FlatBufferError) -> FlatBufferTable? {
    guard let target = try referenceTarget(id, field) else { return nil }
    return try reader.table(at: target, depth: depth + 1, field: field)
  }

  /// Decodes an optional sub-table, adding the field name to any error's path.
  func child<T>(
    _ id: Int, _ field: String, _ decode: (FlatBufferTable) throws(FlatBufferError) -> T
  )
    throws(FlatBufferError) -> T?
  {
    guard let table = try table(id, field) else { return nil }
    do {
      return try decode(table)
    } catch {
      throw error.within(field)
    }
  }

  /// The location of a vector field: element start and count, checked to fit the buffer.
  func vector(_ id: Int, _ field: String, elementSize: Int) throws(FlatBufferError)
    -> FlatBufferVector?
  {
    guard let target = try referenceTarget(id, field) else { return nil }
    return try reader.vector(at: target, elementSize: elementSize, field: field)
  }

  /// A vector of scalars, each read at its position by `read`, or nil when absent.
  @inline(__always)
  private func scalars<T>(_ id: Int, _ field: String, size: Int, _ read: (Int) -> T)
    throws(FlatBufferError)
    -> [T]?
  {
    guard let vector = try vector(id, field, elementSize: size) else { return nil }
    try reader.charge(vector.count * size, at: vector.elements, field: field)
    // Empty vectors (scalar shapes, ...) are common: `Array(unsafeUninitializedCapacity: 0)`
    // writes its count into the stdlib's shared empty-array storage, which ThreadSanitizer
    // reports as a race when models load on several threads.
    guard vector.count > 0 else { return [] }
    return [T](unsafeUninitializedCapacity: vector.count) { buffer, initialized in
      for index in 0..<vector.count {
        buffer.initializeElement(at: index, to: read(vector.elements + index * size))
      }
      initialized = vector.count
    }
  }

  /// A vector of integers of type `T`, or nil when absent.
  func integers<T: FixedWidthInteger>(_ id: Int, _ field: String, as type: T.Type)
    throws(FlatBufferError) -> [T]?
  {
    let reader = self.reader
    return try scalars(id, field, size: MemoryLayout<T>.size) { reader.integer($0, as: T.self) }
  }

  /// A vector of `int` (32-bit) values widened to `Int`, or nil when absent.
  func ints(_ id: Int, _ field: String) throws(FlatBufferError) -> [Int]? {
    let reader = self.reader
    return try scalars(id, field, size: 4) { Int(reader.integer($0, as: Int32.self)) }
  }

  /// A vector of `float` values, or nil when absent.
  func floats(_ id: Int, _ field: String) throws(FlatBufferError) -> [Float]? {
    let reader = self.reader
    return try scalars(id, field, size: 4) { Float(bitPattern: reader.u32($0)) }
  }

  /// A vector of strings, or nil when absent.
  func strings(_ id: Int, _ field: String) throws(FlatBufferError) -> [String]? {
    guard let vector = try vector(id, field, elementSize: 4) else { return nil }
    try reader.charge(4 * vector.count, at: vector.elements, field: field)
    var result: [String] = []
    // The count is only known to fit the buffer: grow as elements decode, do not trust it.
    result.reserveCapacity(min(vector.count, 1024))
    for index in 0..<vector.count {
      do {
        let target = try reader.follow(vector.elements + 4 * index, field: field)
        result.append(try reader.string(at: target, field: field))
      } catch {
        throw error.renamingField(to: "\(field)[\(index)]")
      }
    }
    return result
  }

  /// The bytes of a `[ubyte]` field as a range of the file, without copying; nil when absent.
  func byteRange(_ id: Int, _ field: String) throws(FlatBufferError) -> Range<Int>? {
    guard let vector = try vector(id, field, elementSize: 1) else { return nil }
    return vector.elements..<(vector.elements + vector.count)
  }

  /// A vector of tables decoded by `decode`, empty when absent. Errors name the element index.
  func tables<T>(
    _ id: Int, _ field: String, _ decode: (FlatBufferTable) throws(FlatBufferError) -> T
  )
    throws(FlatBufferError) -> [T]
  {
    guard let vector = try vector(id, field, elementSize: 4) else { return [] }
    try reader.charge(4 * vector.count, at: vector.elements, field: field)
    var result: [T] = []
    // The count is only known to fit the buffer: grow as elements decode, do not trust it.
    result.reserveCapacity(min(vector.count, 1024))
    for index in 0..<vector.count {
      let table: FlatBufferTable
      do {
        let target = try reader.follow(vector.elements + 4 * index, field: field)
        table = try reader.table(at: target, depth: depth + 1, field: field)
      } catch {
        throw error.renamingField(to: "\(field)[\(index)]")
      }
      do {
        result.append(try decode(table))
      } catch {
        throw error.within("\(field)[\(index)]")
      }
    }
    return result
  }

  // MARK: Unions

  /// The type tag of a union: its field `<union>_type` has id `id` (the value has id `id + 1`);
  /// 0 is NONE.
  func unionType(_ id: Int, _ field: String) throws(FlatBufferError) -> UInt8 {
    try integer(id, field, default: UInt8(0))
  }

  /// The value table of the union whose tag has id `id`, or nil when absent.
  func unionValue(_ id: Int, _ field: String) throws(FlatBufferError) -> FlatBufferTable? {
    try table(id + 1, field)
  }

  /// Decodes the union whose tag field `typeField` has id `id` and whose value field `field`
  /// has id `id + 1`: `decode` gets the tag and the value table (nil when absent), and errors
  /// from inside the value are located under `field`.
  func union<T>(
    _ id: Int, type typeField: String, value field: String,
    _ decode: (UInt8, FlatBufferTable?) throws(FlatBufferError) -> T
  ) throws(FlatBufferError) -> T {
    let tag = try unionType(id, typeField)
    let value = try unionValue(id, field)
    do {
      return try decode(tag, value)
    } catch {
      throw error.within(field)
    }
  }

  /// An error located at this table.
  func error(_ field: String, _ problem: FlatBufferError.Problem) -> FlatBufferError {
    FlatBufferError(path: [field], offset: position, problem: problem)
  }
}
