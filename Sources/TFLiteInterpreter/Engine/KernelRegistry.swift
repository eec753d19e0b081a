import TFLiteModel

/// Builds the kernel for one node, or throws why it cannot run (an ``InterpreterError``).
///
/// Untyped so that factories can be written as plain closures; the plan builder turns any
/// other error into ``InterpreterError/invalidNode(name:node:reason:)``.
typealias KernelFactory = @Sendable (inout NodeContext) throws -> any Kernel

/// Which kernel runs which operator: builtin operators by code (every version), custom ones by
/// name, as ``KernelCatalog`` lists them. Two registrations for one operator make the
/// registry — and so every model load — fail with
/// ``InterpreterError/duplicateKernel(operator:)`` instead of one silently hiding the other.
enum KernelRegistry {
  /// The factory for an operator code, or nil when it is not supported.
  static func factory(for code: OperatorCode) throws(InterpreterError) -> KernelFactory? {
    let tables = try shared.get()
    let registration =
      code.isCustom ? tables.custom[code.customCode ?? ""] : tables.builtins[code.builtinCode]
    return registration?.factory
  }

  /// Every registration: the builtin operators sorted by name (`ABS`, `ADD`, …), then the
  /// custom ones (`CUSTOM:<code>`) sorted by code. Read from the merged tables, so it is exactly
  /// what a model can use; empty when the registry is broken (an operator registered twice,
  /// which fails every load).
  static var registrations: [KernelRegistration] {
    guard let tables = try? shared.get() else { return [] }
    return tables.builtins.values.sorted { $0.support.name < $1.support.name }
      + tables.custom.values.sorted { $0.support.name < $1.support.name }
  }

  /// The registry of this process, built once.
  private static let shared = Result { () throws(InterpreterError) in
    try Tables(KernelCatalog.sections)
  }

  /// The merged tables: builtin operators by code, custom ones by custom code.
  struct Tables {
    var builtins: [BuiltinOperator: KernelRegistration] = [:]
    var custom: [String: KernelRegistration] = [:]

    /// Merges `sections`; throws on the first operator registered twice.
    init(_ sections: [[KernelRegistration]]) throws(InterpreterError) {
      for registration in sections.joined() {
        let previous: KernelRegistration?
        if let builtin = registration.builtin {
          previous = builtins.updateValue(registration, forKey: builtin)
        } else {
          previous = custom.updateValue(registration, forKey: registration.customCode ?? "")
        }
        guard previous == nil else { throw .duplicateKernel(operator: registration.support.name) }
      }
    }
  }
}
