extension FlexBufferReference {
  /// Decodes this value and everything below it into a ``FlexValue`` tree, within the buffer's
  /// ``FlexBufferLimits``.
  ///
  /// Typed and fixed typed vectors decode as ``FlexValue/vector(_:)`` of their elements; indirect
  /// scalars decode like inline ones. Map keys must be strictly increasing in byte order, and a
  /// map must have as many keys as values.
  /// - Throws: the first ``FlexBufferError`` met, wrapped in ``FlexBufferError/inValue(path:_:)``
  ///   naming the key path when it lies inside a map or vector;
  ///   ``FlexBufferError/valueLimitExceeded(limit:)`` (limit from
  ///   ``FlexBufferLimits/valueBudget(bufferSize:)``) or ``FlexBufferError/byteLimitExceeded(limit:)``
  ///   when shared sub-vectors would make the tree too large.
  public func decode() throws(FlexBufferError) -> FlexValue {
    var values = buffer.limits.valueBudget(bufferSize: buffer.count)
    var bytes = buffer.limits.maxDecodedBytes
    return try decode(values: &values, bytes: &bytes)
  }

  /// Takes `count` values from the budget `values`, or throws.
  @inline(__always)
  private func chargeValues(_ count: Int, _ values: inout Int) throws(FlexBufferError) {
    guard count <= values else {
      throw .valueLimitExceeded(limit: buffer.limits.valueBudget(bufferSize: buffer.count))
    }
    values -= count
  }

  /// Takes `count` bytes from the budget `bytes`, or throws.
  @inline(__always)
  private func chargeBytes(_ count: Int, _ bytes: inout Int) throws(FlexBufferError) {
    guard count <= bytes else { throw .byteLimitExceeded(limit: buffer.limits.maxDecodedBytes) }
    bytes -= count
  }

  /// Decodes with the remaining budgets `values` and `bytes`.
  func decode(values: inout Int, bytes: inout Int) throws(FlexBufferError) -> FlexValue {
    try chargeValues(1, &values)
    switch type {
    case .null:
      return .null
    case .int, .indirectInt:
      return .int(try asInt64())
    case .uint, .indirectUInt:
      return .uint(try asUInt64())
    case .float, .indirectFloat:
      return .float(try asDouble())
    case .bool:
      return .bool(try asBool())
    case .key:
      let (position, length) = try keyBytes()
      try chargeBytes(length, &bytes)
      return .key(String(decoding: buffer.slice(position, length), as: UTF8.self))
    case .string:
      let (position, length) = try sizedBytes()
      try chargeBytes(length, &bytes)
      return .string(String(decoding: buffer.slice(position, length), as: UTF8.self))
    case .blob:
      let (position, length) = try sizedBytes()
      try chargeBytes(length, &bytes)
      return .blob(Array(buffer.slice(position, length)))
    case .map:
      return try decodeMap(values: &values, bytes: &bytes)
    default:
      let layout = try vectorLayout()
      // Check the budget before reserving room for the elements.
      guard layout.count <= values else {
        throw .valueLimitExceeded(limit: buffer.limits.valueBudget(bufferSize: buffer.count))
      }
      var items: [FlexValue] = []
      items.reserveCapacity(layout.count)
      for index in 0..<layout.count {
        do throws(FlexBufferError) {
          let child = try element(index, of: layout)
          items.append(try child.decode(values: &values, bytes: &bytes))
        } catch {
          throw error.within("[\(index)]")
        }
      }
      return .vector(items)
    }
  }

  /// Decodes a map, checking key count and order.
  private func decodeMap(values: inout Int, bytes: inout Int) throws(FlexBufferError) -> FlexValue {
    let layout = try vectorLayout()
    let keys = try keysLayout(values: layout)
    // Every entry costs one value for its key and at least one for its value.
    guard layout.count <= values / 2 else {
      throw .valueLimitExceeded(limit: buffer.limits.valueBudget(bufferSize: buffer.count))
    }
    var entries: [(key: String, value: FlexValue)] = []
    entries.reserveCapacity(layout.count)
    var previous: ArraySlice<UInt8>? = nil
    for index in 0..<layout.count {
      try chargeValues(1, &values)
      let (position, length) = try keyBytes(index, keys: keys)
      try chargeBytes(length, &bytes)
      let keySlice = buffer.slice(position, length)
      if let previous, !previous.lexicographicallyPrecedes(keySlice) {
        throw .mapKeysNotSorted(index: index, offset: layout.data)
      }
      previous = keySlice
      let key = String(decoding: keySlice, as: UTF8.self)
      do throws(FlexBufferError) {
        let child = try element(index, of: layout)
        entries.append((key, try child.decode(values: &values, bytes: &bytes)))
      } catch {
        throw error.within(key)
      }
    }
    return .map(entries)
  }
}
