/// A JSON object: string keys mapped to values, in the order they were written.
///
/// Keys are unique: ``LenientJSON/parse(_:limits:)`` rejects an object that repeats a
/// key with ``JSONError/duplicateKey(_:at:)``. Keys compare by Unicode canonical
/// equivalence, as Swift `String`s do. Two objects are equal when they have the same keys
/// in the same order with equal values.
public struct JSONObject: Equatable, Sendable {
  /// The keys, in source order.
  public private(set) var keys: [String]
  /// The values, in source order; `values[i]` belongs to `keys[i]`.
  public private(set) var values: [JSONValue]
  /// Position of each key in `keys`.
  private var indexByKey: [String: Int]

  /// Creates an empty object.
  public init() {
    keys = []
    values = []
    indexByKey = [:]
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The members as (key, value) pairs, in source order.
  public var members: [(key: String, value: JSONValue)] {
    Array(zip(keys, values).lazy.map { (key: $0.0, value: $0.1) })
  }

  /// The value for `key`, or `nil` if the object has no such key. Lookup is O(1).
  public subscript(key: String) -> JSONValue? {
    guard let index = indexByKey[key] else { return nil }
    return values[index]
  }

  /// Whether the object has a member named `key`.
  public func contains(key: String) -> Bool {
    indexByKey[key] != nil
  }

  /// Creates an object from members in order, for writing JSON. A repeated key keeps its
  /// first value (later ones are dropped), so the result is always a valid object.
  public init(_ members: [(String, JSONValue)]) {
    self.init()
    reserveCapacity(members.count)
    for (key, value) in members { _ = appendNew(key: key, value: value) }
  }

  /// Adds a member whose key is not yet present; returns `false` (and changes nothing)
  /// if the key is already there.
  public mutating func appendNew(key: String, value: JSONValue) -> Bool {
    guard indexByKey[key] == nil else { return false }
    indexByKey[key] = keys.count
    keys.append(key)
    values.append(value)
    return true
  }

  /// Reserves room for `count` members.
  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
  }
}
