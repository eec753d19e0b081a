/// The shape of a FlatBuffers schema: each table's fields (name and kind) by field id, and each union's
/// member tables by type tag (tag 1 is the first member). Enough to verify any table of the
/// schema without decoding it, as the FlatBuffers verifier does.
struct SchemaLayout: Sendable {
  /// What one field holds.
  enum Field: Sendable {
    /// An inline scalar or enum of this many bytes.
    case scalar(Int)
    case string
    /// A vector of scalars of this many bytes each.
    case vector(Int)
    case strings
    /// A vector of tables of this type.
    case tables(String)
    /// A table of this type.
    case table(String)
    /// The type tag of a union (one byte).
    case unionType(String)
    /// The value of a union: a table whose type the preceding tag names.
    case unionValue(String)
  }

  let tables: [String: [(name: String, kind: Field)]]
  let unions: [String: [String]]
}
