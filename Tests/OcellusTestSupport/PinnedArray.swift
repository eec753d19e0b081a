/// A copy of an array at a fixed address for as long as this object lives, for tests that
/// hand kernels tables of raw pointers (without nesting a closure per array).
public final class PinnedArray<Element> {
  /// The first element.
  public let pointer: UnsafePointer<Element>
  private let storage: UnsafeMutablePointer<Element>
  private let count: Int

  public init(_ elements: [Element]) {
    count = elements.count
    storage = .allocate(capacity: max(1, elements.count))
    storage.initialize(from: elements, count: elements.count)
    pointer = UnsafePointer(storage)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }
}
