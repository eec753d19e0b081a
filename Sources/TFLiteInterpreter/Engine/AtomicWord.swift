import Builtin

/// A 64-bit integer in memory the caller owns, read and written atomically: loads, stores and
/// read-modify-writes are sequentially consistent (LLVM's atomics through the compiler's
/// `Builtin` module, available on every platform the package builds for, older OS releases
/// included).
struct AtomicWord {
  /// The word; it must stay allocated, and be accessed only through atomic operations, for as
  /// long as any thread uses this value.
  let address: UnsafeMutablePointer<Int64>

  @inline(__always)
  func load() -> Int64 {
    Int64(Builtin.atomicload_seqcst_Int64(address._rawValue))
  }

  @inline(__always)
  func store(_ value: Int64) {
    Builtin.atomicstore_seqcst_Int64(address._rawValue, value._value)
  }

  /// Adds `value` and returns the word's new value.
  @inline(__always)
  @discardableResult
  func add(_ value: Int64) -> Int64 {
    Int64(Builtin.atomicrmw_add_seqcst_Int64(address._rawValue, value._value)) &+ value
  }

  /// Replaces the word with `desired` if it holds `expected`; true if it did.
  @inline(__always)
  func compareExchange(expected: Int64, desired: Int64) -> Bool {
    let (_, exchanged) = Builtin.cmpxchg_seqcst_seqcst_Int64(
      address._rawValue, expected._value, desired._value)
    return Bool(exchanged)
  }
}
