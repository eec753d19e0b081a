import TFLiteModel

/// The resource variables of one interpreter: VAR_HANDLE names a variable by container and
/// shared name and gets its integer handle at load; READ_VARIABLE and ASSIGN_VARIABLE declare
/// the tensor the variable holds (type and static shape, which must agree) and then read and
/// write its storage. Values persist across invocations and subgraphs.
final class ResourceVariables {
  /// One variable.
  final class Variable {
    let name: String
    private(set) var type: TensorType?
    private(set) var shape: [Int]?
    private(set) var storage: UnsafeMutableRawPointer?
    private(set) var byteCount = 0
    /// Whether an ASSIGN_VARIABLE has run (reading before that is an error).
    var isAssigned = false

    init(name: String) { self.name = name }

    deinit { storage?.deallocate() }

    /// Declares the tensor the variable holds; its storage (zeros) is made at the first
    /// declaration, if it fits `maxBytes`. Returns why a declaration is refused, or nil.
    func declare(type: TensorType, shape: [Int], maxBytes: Int) -> String? {
      if let known = self.type, let knownShape = self.shape {
        guard known == type, knownShape == shape else {
          return "variable \"\(name)\" holds \(known) \(knownShape), not \(type) \(shape)"
        }
        return nil
      }
      guard let size = type.byteSize, shape.allSatisfy({ $0 >= 0 }) else {
        return "variable \"\(name)\": \(type) \(shape) has no fixed size"
      }
      var bytes = size
      for dimension in shape {
        let (product, overflow) = bytes.multipliedReportingOverflow(by: dimension)
        guard !overflow, product <= maxBytes else {
          return "variable \"\(name)\": \(type) \(shape) is over the \(maxBytes)-byte tensor limit"
        }
        bytes = product
      }
      self.type = type
      self.shape = shape
      byteCount = bytes
      let memory = UnsafeMutableRawPointer.allocate(
        byteCount: max(byteCount, 1), alignment: MemoryPlanner.alignment)
      memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
      storage = memory
      return nil
    }
  }

  private var handles: [String: Int32] = [:]
  private var variables: [Variable] = []

  /// The handle of the variable `container`/`sharedName`, made on first use.
  func handle(container: String, sharedName: String) -> Int32 {
    let key = container + "\u{0}" + sharedName
    if let known = handles[key] { return known }
    let handle = Int32(variables.count)
    handles[key] = handle
    variables.append(Variable(name: sharedName.isEmpty ? "#\(handle)" : sharedName))
    return handle
  }

  /// The variable of `handle`, or nil for a handle no VAR_HANDLE made.
  func variable(_ handle: Int32) -> Variable? {
    variables.indices.contains(Int(handle)) ? variables[Int(handle)] : nil
  }
}
