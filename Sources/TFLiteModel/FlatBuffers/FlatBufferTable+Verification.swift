extension FlatBufferTable {
  /// Checks every field of this table, and every table, vector and string reachable from it,
  /// against `schema`'s layout of `tableName`, without decoding anything: for the parts of a
  /// file the reader does not decode. Union members newer than the schema are not followed.
  ///
  /// - Parameter only: field ids to check (the ones a decoder skipped); nil checks them all.
  func verify(as tableName: String, in schema: SchemaLayout, only ids: [Int]? = nil)
    throws(FlatBufferError)
  {
    guard let fields = schema.tables[tableName] else { return }
    for id in ids ?? Array(fields.indices) where id < fields.count {
      let (name, field) = fields[id]
      switch field {
      case .scalar(let size):
        _ = try fieldPosition(id, size: size, field: name)
      case .string:
        _ = try string(id, name)
      case .vector(let size):
        _ = try vector(id, name, elementSize: size)
      case .strings:
        _ = try strings(id, name)
      case .tables(let type):
        _ = try tables(id, name) { element throws(FlatBufferError) in
          try element.verify(as: type, in: schema)
        }
      case .table(let type):
        _ = try child(id, name) { element throws(FlatBufferError) in
          try element.verify(as: type, in: schema)
        }
      case .unionType:
        _ = try fieldPosition(id, size: 1, field: name)
      case .unionValue(let union):
        let tag = Int(try integer(id - 1, name + "_type", default: UInt8(0)))
        guard let members = schema.unions[union], tag >= 1, tag <= members.count else { continue }
        _ = try child(id, name) { element throws(FlatBufferError) in
          try element.verify(as: members[tag - 1], in: schema)
        }
      }
    }
  }
}
