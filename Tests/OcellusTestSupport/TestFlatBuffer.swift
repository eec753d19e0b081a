/// A tiny FlatBuffer writer for tests: builds synthetic models and metadata (and hostile
/// variants) from a tree of values, so tests can exercise schema features the shared models
/// lack. Layout: header, then each table's vtable immediately before the table, children
/// appended after their parent (references always point forwards, as the format requires).
public indirect enum TestFlatBuffer {
  case table([Int: TestFlatBuffer])
  case bool(Bool)
  case int8(Int8)
  case uint8(UInt8)
  case int16(Int16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case float(Float)
  case string(String)
  /// A `[ubyte]` vector, its elements 16-byte aligned.
  case bytes([UInt8])
  case int32s([Int32])
  case uint32s([UInt32])
  case int64s([Int64])
  case floats([Float])
  /// A vector of tables or strings.
  case vector([TestFlatBuffer])

  /// Serializes `root` as a FlatBuffer with the given 4-character file identifier.
  public static func serialize(_ root: TestFlatBuffer, identifier: String) -> [UInt8] {
    var writer = Writer()
    writer.bytes = [0, 0, 0, 0] + Array(identifier.utf8.prefix(4))
    let rootPosition = writer.place(root)
    writer.patch(at: 0, to: rootPosition)
    return writer.bytes
  }

  var inlineSize: Int {
    switch self {
    case .bool, .int8, .uint8: return 1
    case .int16: return 2
    case .int32, .uint32, .float: return 4
    case .int64, .uint64: return 8
    default: return 4  // a reference
    }
  }

  var isReference: Bool {
    switch self {
    case .bool, .int8, .uint8, .int16, .int32, .uint32, .int64, .uint64, .float: return false
    default: return true
    }
  }

  struct Writer {
    var bytes: [UInt8] = []

    mutating func align(_ alignment: Int, extra: Int = 0) {
      while (bytes.count + extra) % alignment != 0 { bytes.append(0) }
    }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func set<T: FixedWidthInteger>(_ value: T, at position: Int) {
      withUnsafeBytes(of: value.littleEndian) { raw in
        for (index, byte) in raw.enumerated() { bytes[position + index] = byte }
      }
    }

    /// Writes the uoffset at `slot` so that it points to `target`.
    mutating func patch(at slot: Int, to target: Int) { set(UInt32(target - slot), at: slot) }

    mutating func scalar(_ value: TestFlatBuffer) {
      switch value {
      case .bool(let v): append(UInt8(v ? 1 : 0))
      case .int8(let v): append(v)
      case .uint8(let v): append(v)
      case .int16(let v): append(v)
      case .int32(let v): append(v)
      case .uint32(let v): append(v)
      case .int64(let v): append(v)
      case .uint64(let v): append(v)
      case .float(let v): append(v.bitPattern)
      default: append(UInt32(0))  // placeholder for a reference
      }
    }

    /// Writes `value` (a table, vector or string) and returns its position.
    mutating func place(_ value: TestFlatBuffer) -> Int {
      switch value {
      case .table(let fields): return placeTable(fields)
      case .string(let text):
        align(4)
        let position = bytes.count
        let utf8 = Array(text.utf8)
        append(UInt32(utf8.count))
        bytes += utf8 + [0]
        return position
      case .bytes(let data):
        align(16, extra: 4)
        let position = bytes.count
        append(UInt32(data.count))
        bytes += data
        return position
      case .int32s(let values): return placeScalars(values)
      case .uint32s(let values): return placeScalars(values)
      case .int64s(let values):
        align(8, extra: 4)
        return placeScalars(values)
      case .floats(let values): return placeScalars(values.map(\.bitPattern))
      case .vector(let items):
        align(4)
        let position = bytes.count
        append(UInt32(items.count))
        let slots = items.indices.map { position + 4 + 4 * $0 }
        for _ in items { append(UInt32(0)) }
        for (slot, item) in zip(slots, items) { patch(at: slot, to: place(item)) }
        return position
      default:
        preconditionFailure("only tables, vectors and strings can be placed")
      }
    }

    mutating func placeScalars<T: FixedWidthInteger>(_ values: [T]) -> Int {
      align(4)
      let position = bytes.count
      append(UInt32(values.count))
      for value in values { append(value) }
      return position
    }

    mutating func placeTable(_ fields: [Int: TestFlatBuffer]) -> Int {
      let ids = fields.keys.sorted()
      // Inline layout: soffset, then fields in id order, each aligned to its size.
      var offsets: [Int: Int] = [:]
      var size = 4
      for id in ids {
        let fieldSize = fields[id]!.inlineSize
        while size % fieldSize != 0 { size += 1 }
        offsets[id] = size
        size += fieldSize
      }
      let fieldCount = (ids.last ?? -1) + 1
      let vtableSize = 4 + 2 * fieldCount
      align(8, extra: vtableSize)
      let vtable = bytes.count
      append(UInt16(vtableSize))
      append(UInt16(size))
      for id in 0..<fieldCount { append(UInt16(offsets[id] ?? 0)) }
      let table = bytes.count
      append(Int32(table - vtable))
      for id in ids {
        while bytes.count < table + offsets[id]! { bytes.append(0) }
        scalar(fields[id]!)
      }
      while bytes.count < table + size { bytes.append(0) }
      for id in ids where fields[id]!.isReference {
        patch(at: table + offsets[id]!, to: place(fields[id]!))
      }
      return table
    }
  }
}
