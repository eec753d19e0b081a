import OcellusTestSupport
import TFLiteModel
import Testing

/// Hostile variants of every shared model: each must load or throw a typed ``ModelError`` —
/// never trap, hang or allocate without bound.
@Suite("Model robustness", .enabled(if: SharedData.isAvailable))
struct ModelRobustnessTests {
  /// Loads `bytes`, requiring a model or a `ModelError`; returns the error, if any.
  @discardableResult
  static func load(_ bytes: [UInt8], limits: ModelLimits = ModelLimits()) -> ModelError? {
    do {
      let model = try ModelFile(bytes: bytes, limits: limits)
      // Touch what a user would touch next: every associated file the metadata names.
      for file in model.metadata?.allAssociatedFiles ?? [] { _ = try? model.labels(in: file) }
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "truncation at many points", arguments: SharedData.isAvailable ? SharedData.modelFiles() : [])
  func truncation(file: String) throws {
    let bytes = try SharedData.bytes(file)
    let model = try ModelFile(bytes: bytes)
    // Cutting anywhere before the end of the last constant buffer cuts the FlatBuffer: it must
    // fail. Cutting after it (padding, the zip) may still load; the labels then fail to
    // extract, which `load` exercises.
    let flatBufferEnd = model.buffers.map(\.data.endIndex).max() ?? 8
    var cuts = Set<Int>(0..<64)
    cuts.formUnion(stride(from: 64, to: min(bytes.count, 16_384), by: 61))
    cuts.formUnion(stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)))
    cuts.formUnion((1..<2_048).map { bytes.count - $0 }.filter { $0 > 0 })
    cuts.formUnion((1..<64).map { flatBufferEnd - $0 })
    for cut in cuts.sorted() where cut < bytes.count {
      let error = Self.load(Array(bytes[..<cut]))
      if cut < flatBufferEnd {
        #expect(error != nil, "cut at \(cut) of \(flatBufferEnd) was accepted")
      }
    }
  }

  @Test(
    "thousands of random byte changes in the structure",
    arguments: SharedData.isAvailable ? SharedData.modelFiles() : [])
  func byteFlips(file: String) throws {
    var bytes = try SharedData.bytes(file)
    let model = try ModelFile(bytes: bytes)
    // Aim at the structure: every byte that is not constant tensor data.
    let dataRanges = model.buffers.map { $0.data.startIndex..<$0.data.endIndex }.filter {
      !$0.isEmpty
    }.sorted {
      $0.lowerBound < $1.lowerBound
    }
    var structural: [Range<Int>] = []
    var start = 0
    for range in dataRanges {
      if range.lowerBound > start { structural.append(start..<range.lowerBound) }
      start = max(start, range.upperBound)
    }
    if start < bytes.count { structural.append(start..<bytes.count) }
    let total = structural.reduce(0) { $0 + $1.count }
    var rng = SplitMix64(seed: file.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) })
    var rejected = 0
    let mutations = 2_000
    for _ in 0..<mutations {
      var changed: [(Int, UInt8)] = []
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        var pick = Int.random(in: 0..<total, using: &rng)
        var position = 0
        for range in structural {
          if pick < range.count {
            position = range.lowerBound + pick
            break
          }
          pick -= range.count
        }
        changed.append((position, bytes[position]))
        bytes[position] = UInt8.random(in: 0...255, using: &rng)
      }
      if Self.load(bytes) != nil { rejected += 1 }
      for (position, original) in changed.reversed() { bytes[position] = original }
    }
    // Most structural bytes are offsets, counts and vtable entries: a change there is caught.
    #expect(
      rejected > mutations / 4, "only \(rejected) of \(mutations) structural changes were detected")
  }

  @Test("references pointed outside the buffer name the field and offset")
  func offsetsOutside() throws {
    let bytes = try SharedData.bytes("models/mobilenet_v1_0.25_224_quant.tflite")
    let layout = RootLayout(bytes)
    // Every reference field of the Model table, and every element slot of its table vectors.
    var slots: [(name: String, slot: Int)] = []
    for (id, name) in [
      (1, "operator_codes"), (2, "subgraphs"), (3, "description"), (4, "buffers"), (6, "metadata"),
    ] {
      guard let field = layout.field(id) else { continue }
      slots.append((name, field))
      if name != "description" {
        let vector = field + Int(layout.u32(field))
        let count = Int(layout.u32(vector))
        for index in 0..<min(count, 8) {
          slots.append(("\(name)[\(index)]", vector + 4 + 4 * index))
        }
      }
    }
    #expect(slots.count > 10)
    for (name, slot) in slots {
      for value: UInt32 in [UInt32(bytes.count), 0x7FFF_FFFF, 0xFFFF_FFF0, 0] {
        var mutated = bytes
        layout.set(&mutated, at: slot, value)
        let error = try #require(Self.load(mutated), "\(name) = \(value) was accepted")
        guard case .malformedModel(let flatBufferError) = error else {
          Issue.record("\(name): expected a malformed-model error, got \(error)")
          continue
        }
        #expect(flatBufferError.path.first == "Model", "\(error)")
        #expect(
          flatBufferError.fieldPath.contains(
            name.split(separator: "[").first.map(String.init) ?? name), "\(error)")
        #expect(error.description.contains("at byte"), "\(error)")
      }
    }
  }

  @Test("self-referencing tables are rejected")
  func selfReference() throws {
    let bytes = try SharedData.bytes("models/mobilenet_v1_0.25_224_quant.tflite")
    let layout = RootLayout(bytes)
    // The root offset pointing at itself.
    var mutated = bytes
    layout.set(&mutated, at: 0, 0)
    #expect(Self.load(mutated) != nil)
    // The root table's vtable offset pointing at the table itself.
    mutated = bytes
    layout.set(&mutated, at: layout.table, 0)
    #expect(Self.load(mutated) != nil)
    // A subgraphs element pointing at its own slot.
    let subgraphs = try #require(layout.field(2))
    let vector = subgraphs + Int(layout.u32(subgraphs))
    mutated = bytes
    layout.set(&mutated, at: vector + 4, 0)
    let error = try #require(Self.load(mutated))
    #expect(error.description.contains("Model.subgraphs[0]"), "\(error)")
  }

  @Test("a zip with lying sizes or checksum gives a typed error")
  func lyingZip() throws {
    let file = "models/mobilenet_v1_0.25_224_quant.tflite"
    let bytes = try SharedData.bytes(file)
    let central = try #require(Self.lastIndex(of: [0x50, 0x4B, 0x01, 0x02], in: bytes))
    // Central directory: CRC at +16, compressed size at +20, uncompressed size at +24.
    for (field, offset) in [("crc", 16), ("compressed", 20), ("uncompressed", 24)] {
      for value: UInt32 in [0, 1, 10_483, 10_485, 1 << 20, 0xFFFF_FFFE] {
        var mutated = bytes
        RootLayout.write(&mutated, at: central + offset, value)
        do {
          let model = try ModelFile(bytes: mutated)
          _ = try model.associatedFile(named: "labels.txt")
          Issue.record("\(field) = \(value) was accepted")
        } catch {
          #expect(
            error.description.contains("labels.txt") || error.description.contains("byte"),
            "\(error)")
        }
      }
    }
  }

  @Test("limits stop deep nesting and table floods with the field named")
  func limits() throws {
    let bytes = try SharedData.bytes("models/mobilenet_v1_0.25_224_quant.tflite")
    let shallow = ModelLimits(flatBuffer: FlatBufferLimits(maxDepth: 2))
    guard case .malformedModel(let depthError) = try #require(Self.load(bytes, limits: shallow))
    else {
      Issue.record("expected malformedModel")
      return
    }
    #expect(depthError.problem == .depthLimitExceeded(limit: 2))
    #expect(depthError.fieldPath.hasPrefix("Model."))
    let few = ModelLimits(flatBuffer: FlatBufferLimits(maxTables: 20))
    guard case .malformedModel(let countError) = try #require(Self.load(bytes, limits: few)) else {
      Issue.record("expected malformedModel")
      return
    }
    #expect(countError.problem == .tableLimitExceeded(limit: 20))
  }

  static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    var index = bytes.count - pattern.count
    while index >= 0 {
      if bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
      index -= 1
    }
    return nil
  }
}

/// Where the root table of a real model and its fields are, read independently of the code
/// under test (the file is trusted here).
struct RootLayout {
  let bytes: [UInt8]
  let table: Int
  let vtable: Int

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    table = Int(Self.read(bytes, 0))
    vtable = table - Int(Int32(bitPattern: Self.read(bytes, table)))
  }

  func u32(_ position: Int) -> UInt32 { Self.read(bytes, position) }

  /// Absolute position of field `id` of the root table, or nil if absent.
  func field(_ id: Int) -> Int? {
    let vtableSize = Int(bytes[vtable]) | Int(bytes[vtable + 1]) << 8
    let slot = 4 + 2 * id
    guard slot + 2 <= vtableSize else { return nil }
    let offset = Int(bytes[vtable + slot]) | Int(bytes[vtable + slot + 1]) << 8
    return offset == 0 ? nil : table + offset
  }

  func set(_ target: inout [UInt8], at position: Int, _ value: UInt32) {
    Self.write(&target, at: position, value)
  }

  static func read(_ bytes: [UInt8], _ position: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[position + $1]) << (8 * $1) }
  }

  static func write(_ bytes: inout [UInt8], at position: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }
}
