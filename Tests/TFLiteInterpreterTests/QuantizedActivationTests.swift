import Foundation
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// uint8/int8 LOGISTIC, TANH, RELU, RELU6, RELU_N1_TO_1, HARD_SWISH, LEAKY_RELU and PRELU,
/// bit-exact with TFLite's reference kernels (`activations.cc` with kReference, as LiteRT's
/// BUILTIN_REF resolver runs them): whole tables recorded from LiteRT 2.3.0, upstream's own
/// unit-test values, and plain-integer references written here from upstream's code.
@Suite("Quantized activation kernels")
struct QuantizedActivationTests {
  typealias T = SingleOpModel.Tensor

  // Builtin operator codes.
  static let logistic: Int32 = 14
  static let relu: Int32 = 19
  static let reluN1To1: Int32 = 20
  static let relu6: Int32 = 21
  static let tanh: Int32 = 28
  static let prelu: Int32 = 54
  static let leakyRelu: Int32 = 98
  static let hardSwish: Int32 = 117
  static let uint8: Int8 = 3
  static let int8: Int8 = 9

  /// Scale and zero point of a tensor.
  typealias Quantization = (scale: Float, zeroPoint: Int)

  /// The stored values of `type`, in increasing order.
  static func values(_ type: Int8) -> [Int] { type == int8 ? Array(-128...127) : Array(0...255) }

  static func encode(_ values: [Int], _ type: Int8) -> [UInt8] {
    values.map { type == int8 ? UInt8(bitPattern: Int8($0)) : UInt8($0) }
  }

  static func decode(_ bytes: [UInt8], _ type: Int8) -> [Int] {
    bytes.map { type == int8 ? Int(Int8(bitPattern: $0)) : Int($0) }
  }

  static func tensor(_ name: String, _ type: Int8, _ shape: [Int], _ q: Quantization) -> T {
    T(name, type: type, shape: shape, quantization: ([q.scale], [Int64(q.zeroPoint)], 0))
  }

  static func model(
    _ op: Int32, type: Int8, shape: [Int], input: Quantization, output: Quantization,
    alpha: Float? = nil
  ) -> [UInt8] {
    SingleOpModel.build(
      builtin: op, options: alpha.map { (75, .table([0: .float($0)])) },
      inputs: [tensor("x", type, shape, input)], outputs: [tensor("y", type, shape, output)])
  }

  /// Runs a one-input op on `values` and returns the stored output values.
  static func run(
    _ op: Int32, type: Int8, _ values: [Int], shape: [Int]? = nil, input: Quantization,
    output: Quantization, alpha: Float? = nil, threads: Int = 1
  ) throws -> [Int] {
    let bytes = model(
      op, type: type, shape: shape ?? [values.count], input: input, output: output, alpha: alpha)
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, bytes: encode(values, type))
    try interpreter.invoke()
    return decode(try interpreter.outputBytes(at: 0), type)
  }

  // MARK: - Tables recorded from LiteRT

  /// The outputs of LiteRT 2.3.0 (BUILTIN_REF) for every input value in increasing order, as
  /// hex bytes.
  struct Recorded {
    let op: Int32
    let type: Int8
    let input: Quantization
    let output: Quantization
    let alpha: Float?
    let table: String

    var bytes: [UInt8] {
      let digits = Array(table.filter(\.isHexDigit))
      return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
        UInt8(String(digits[$0...$0 + 1]), radix: 16)
      }
    }
  }

  static let recorded: [Recorded] = [
    Recorded(
      op: Self.logistic, type: Self.uint8, input: (0.14461834728717804, 211),
      output: (0.00390625, 0), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        00000000000000000101010101010101020202020303040405060708090a0c0d
        0f1214171a1e22262b31373d444c545c656e778089929ba4acb4bcc3c9cfd5da
        dee2e6e9eceef1f3f4f6f7f8f9fafbfcfcfdfdfefefefeffffffffffffffffff
        """),
    Recorded(
      op: Self.logistic, type: Self.uint8, input: (0.04973676800727844, 223),
      output: (0.00390625, 0), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000010101010101010101010101010101010101010101010202020202020202
        0202020303030303030404040404040505050506060607070708080809090a0a
        0b0b0c0c0d0e0e0f10101112131415161718191a1b1c1d1f2022232526282a2b
        2d2f31333537393c3e404345484a4d505255585b5e6164676a6d7073767a7d80
        83868a8d909396999c9fa2a5a8abaeb0b3b6b8bbbdc0c2c4c7c9cbcdcfd1d3d5
        """),
    Recorded(
      op: Self.logistic, type: Self.int8, input: (0.10000000149011612, -5),
      output: (0.00390625, -128), alpha: nil,
      table: """
        8080808080808080808080808080808080808080808080808080808080808080
        8080808080808080808080808080808080808080808080808080808080818181
        8181818181818181828282828283838383848485858686878888898a8b8c8d8f
        90929395979a9c9fa1a4a8abafb3b7bbc0c5cacfd5dbe1e7edf3fa00060d1319
        1f252b31363b4045494d5155585c5f616466696b6d6e70717374757677787879
        7a7a7b7b7c7c7d7d7d7d7e7e7e7e7e7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        """),
    Recorded(
      op: Self.tanh, type: Self.uint8, input: (0.0625, 128), output: (0.0078125, 128), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000101010101010101020202020203030404
        0505060708080a0b0c0e0f111316181b1f22262a2f34393f454b525961687078
        808890989fa7aeb5bbc1c7ccd1d6dadee1e5e8eaedeff1f2f4f5f6f8f8f9fafb
        fbfcfcfdfdfefefefefeffffffffffffffffffffffffffffffffffffffffffff
        ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        """),
    Recorded(
      op: Self.tanh, type: Self.int8, input: (0.029999999329447746, 3), output: (0.0078125, 0),
      alpha: nil,
      table: """
        8080808080808080808080808080808080808080808080808080808081818181
        8181818181818181818181818181828282828282828282838383838384848484
        858585858686868787888889898a8a8b8b8c8d8e8e8f9091929394959698999a
        9c9d9fa1a2a4a6a8aaacafb1b3b6b9bbbec1c4c7cacdd0d4d7dbdee2e6e9edf1
        f5f8fc0004080b0f13171a1e2225292c303336393c3f4245474a4d4f51545658
        5a5c5e5f6163646667686a6b6c6d6e6f70717272737475757676777778787979
        7a7a7a7b7b7b7b7c7c7c7c7d7d7d7d7d7e7e7e7e7e7e7e7e7e7f7f7f7f7f7f7f
        7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        """),
    Recorded(
      op: Self.relu, type: Self.uint8, input: (0.05000000074505806, 100),
      output: (0.029999999329447746, 0), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        000000000002030507080a0c0d0f1112141617191b1c1e2021232526282a2b2d
        2f3032343537393a3c3e3f4143444648494b4d4e5052535557585a5c5d5f6162
        646667696b6c6e7071737576787a7b7d7f8082848587898a8c8e8f9193949698
        999b9d9ea0a2a3a5a7a8aaacadafb1b2b4b6b7b9bbbcbec0c1c3c5c6c8cacbcd
        cfd0d2d4d5d7d9dadcdedfe1e3e4e6e8e9ebedeef0f2f3f5f7f8fafcfdffffff
        """),
    Recorded(
      op: Self.relu, type: Self.int8, input: (0.05000000074505806, -20),
      output: (0.02500000037252903, -128), alpha: nil,
      table: """
        8080808080808080808080808080808080808080808080808080808080808080
        8080808080808080808080808080808080808080808080808080808080808080
        8080808080808080808080808080808080808080808080808080808080808080
        80808080808080808080808080828486888a8c8e90929496989a9c9ea0a2a4a6
        a8aaacaeb0b2b4b6b8babcbec0c2c4c6c8caccced0d2d4d6d8dadcdee0e2e4e6
        e8eaeceef0f2f4f6f8fafcfe00020406080a0c0e10121416181a1c1e20222426
        282a2c2e30323436383a3c3e40424446484a4c4e50525456585a5c5e60626466
        686a6c6e70727476787a7c7e7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        """),
    Recorded(
      op: Self.relu6, type: Self.uint8, input: (0.10000000149011612, 128),
      output: (0.0235294122248888, 0), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0004090d11151a1e22262b2f33373c4044484d5155595e62666a6f73777b8084
        888c9195999da2a6aaaeb3b7bbbfc4c8ccd0d5d9dde1e6eaeef2f7fbffffffff
        ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        """),
    Recorded(
      op: Self.relu6, type: Self.int8, input: (0.05000000074505806, 0),
      output: (0.029999999329447746, -100), alpha: nil,
      table: """
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9e9fa1a3a4a6a8a9abadaeb0b2b3b5b7b8babcbdbfc1c2c4c6c7c9cbccced0
        d1d3d5d6d8dadbdddfe0e2e4e5e7e9eaeceeeff1f3f4f6f8f9fbfdfe00020305
        07080a0c0d0f1112141617191b1c1e2021232526282a2b2d2f3032343537393a
        3c3e3f4143444648494b4d4e5052535557585a5c5d5f61626464646464646464
        """),
    Recorded(
      op: Self.reluN1To1, type: Self.uint8, input: (0.009999999776482582, 128),
      output: (0.0078125, 128), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000010304
        050608090a0c0d0e0f111213141617181a1b1c1d1f20212324252628292a2c2d
        2e2f313233343637383a3b3c3d3f40414344454648494a4c4d4e4f5152535456
        57585a5b5c5d5f60616364656668696a6c6d6e6f717273747677787a7b7c7d7f
        80818384858688898a8c8d8e8f919293949697989a9b9c9d9fa0a1a3a4a5a6a8
        a9aaacadaeafb1b2b3b4b6b7b8babbbcbdbfc0c1c3c4c5c6c8c9cacccdcecfd1
        d2d3d4d6d7d8dadbdcdddfe0e1e3e4e5e6e8e9eaecedeeeff1f2f3f4f6f7f8fa
        fbfcfdffffffffffffffffffffffffffffffffffffffffffffffffffffffffff
        """),
    Recorded(
      op: Self.reluN1To1, type: Self.int8, input: (0.019999999552965164, 10),
      output: (0.009999999776482582, 0), alpha: nil,
      table: """
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9ea0a2a4a6a8aa
        acaeb0b2b4b6b8babcbec0c2c4c6c8caccced0d2d4d6d8dadcdee0e2e4e6e8ea
        eceef0f2f4f6f8fafcfe00020406080a0c0e10121416181a1c1e20222426282a
        2c2e30323436383a3c3e40424446484a4c4e50525456585a5c5e606264646464
        6464646464646464646464646464646464646464646464646464646464646464
        6464646464646464646464646464646464646464646464646464646464646464
        """),
    Recorded(
      op: Self.hardSwish, type: Self.uint8, input: (0.05000000074505806, 128),
      output: (0.029999999329447746, 20), alpha: nil,
      table: """
        1414141414141414141414141414141414141414141414141414141414141414
        1414141414141414141414141414141414141414141414141414141414141414
        141414141413121211100f0f0e0e0d0d0c0c0b0b0a0a0a090909080808080808
        0808070808080808080808090909090a0a0b0b0c0c0d0d0e0e0f0f1011121213
        141516171819191b1c1d1e1f20212224252627292a2c2d2f3032333536383a3b
        3d3f40424446484a4c4e50525456585a5c5e60636567696c6e717376787a7b7d
        7f8082848587898a8c8e8f9193949698999b9d9ea0a2a3a5a7a8aaacadafb1b2
        b4b6b7b9bbbcbec0c1c3c5c6c8cacbcdcfd0d2d4d5d7d9dadcdedfe1e3e4e6e8
        """),
    Recorded(
      op: Self.hardSwish, type: Self.int8, input: (0.10000000149011612, 0),
      output: (0.05000000074505806, -100), alpha: nil,
      table: """
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c9c
        9c9c9c9b9a999998979796969595959595949595959595969697979899999a9b
        9c9d9e9fa1a2a3a5a6a8a9abadafb1b3b5b7b9bbbdc0c2c5c7cacdcfd2d5d8da
        dcdee0e2e4e6e8eaeceef0f2f4f6f8fafcfe00020406080a0c0e10121416181a
        1c1e20222426282a2c2e30323436383a3c3e40424446484a4c4e50525456585a
        5c5e60626466686a6c6e70727476787a7c7e7f7f7f7f7f7f7f7f7f7f7f7f7f7f
        """),
    Recorded(
      op: Self.hardSwish, type: Self.uint8, input: (0.14388799667358398, 81),
      output: (0.09818240255117416, 0), alpha: nil,
      table: """
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000000000000000000000000000000
        0000000000000000000000000000000000000102030305060708090b0c0e0f11
        131517191b1d1f202223252628292a2c2d2f303233353638393b3c3e3f404243
        454648494b4c4e4f515254555658595b5c5e5f6162646567686a6b6c6e6f7172
        747577787a7b7d7e7f8182848587888a8b8d8e909193949597989a9b9d9ea0a1
        a3a4a6a7a9aaabadaeb0b1b3b4b6b7b9babcbdbfc0c1c3c4c6c7c9cacccdcfd0
        d2d3d4d6d7d9dadcdddfe0e2e3e5e6e8e9eaecedeff0f2f3f5f6f8f9fbfcfeff
        """),
    Recorded(
      op: Self.leakyRelu, type: Self.uint8, input: (0.05000000074505806, 128),
      output: (0.03999999910593033, 100), alpha: 0.2,
      table: """
        4444444445454545464646464747474748484848494949494a4a4a4a4b4b4b4b
        4c4c4c4c4d4d4d4d4e4e4e4e4f4f4f4f50505050515151515252525253535353
        5454545455555555565656565757575758585858595959595a5a5a5a5b5b5b5b
        5c5c5c5c5d5d5d5d5e5e5e5e5f5f5f5f60606060616161616262626263636363
        64656768696a6c6d6e6f71727374767778797b7c7d7e80818283858687888a8b
        8c8d8f90919294959697999a9b9c9e9fa0a1a3a4a5a6a8a9aaabadaeafb0b2b3
        b4b5b7b8b9babcbdbebfc1c2c3c4c6c7c8c9cbcccdced0d1d2d3d5d6d7d8dadb
        dcdddfe0e1e2e4e5e6e7e9eaebeceeeff0f1f3f4f5f6f8f9fafbfdfeffffffff
        """),
    Recorded(
      op: Self.leakyRelu, type: Self.int8, input: (0.05000000074505806, 0),
      output: (0.07999999821186066, 0), alpha: -0.5,
      table: """
        282828272727262626252525242424242323232222222121212020201f1f1f1f
        1e1e1e1d1d1d1c1c1c1b1b1b1a1a1a1a19191918181817171716161615151515
        141414131313121212111111101010100f0f0f0e0e0e0d0d0d0c0c0c0b0b0b0b
        0a0a0a0909090808080707070606060605050504040403030302020201010101
        000101020303040405060607080809090a0b0b0c0d0d0e0e0f10101112121313
        1415151617171818191a1a1b1c1c1d1d1e1f1f20212122222324242526262727
        2829292a2b2b2c2c2d2e2e2f303031313233333435353636373838393a3a3b3b
        3c3d3d3e3f3f404041424243444445454647474849494a4a4b4c4c4d4e4e4f4f
        """),
  ]

  @Test("whole tables match LiteRT's reference kernels (including two real models' LOGISTIC)")
  func recordedTables() throws {
    for (index, entry) in Self.recorded.enumerated() {
      let values = Self.values(entry.type)
      let bytes = Self.model(
        entry.op, type: entry.type, shape: [values.count], input: entry.input,
        output: entry.output, alpha: entry.alpha)
      let interpreter = try ModelInterpreter(
        model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: 1 + index % 2))
      try interpreter.setInput(at: 0, bytes: Self.encode(values, entry.type))
      try interpreter.invoke()
      let output = try interpreter.outputBytes(at: 0)
      #expect(entry.bytes.count == 256)
      #expect(output == entry.bytes, "op \(entry.op) type \(entry.type) input \(entry.input)")
      // The plain references below agree with LiteRT on these tables too.
      #expect(
        Self.encode(
          Self.reference(
            entry.op, type: entry.type, values, input: entry.input, output: entry.output,
            alpha: entry.alpha), entry.type) == entry.bytes,
        "reference for op \(entry.op) type \(entry.type)")
    }
  }

  // MARK: - Upstream's unit tests

  @Test("upstream's RELU and RELU6 uint8/int8 tests give their exact values")
  func upstreamRelus() throws {
    // Range [-8, 8 · 127/128]: uint8 scale 1/16, zero point 128; int8 scale 1/16, zero point 0.
    // Inputs {0, -6, 2, 4, 3, -2, 10, 1} (RELU6) and {..., 7, 1} (RELU), quantized.
    let u: Quantization = (0.0625, 128)
    let s: Quantization = (0.0625, 0)
    #expect(
      try Self.run(
        Self.relu6, type: Self.uint8, [128, 32, 160, 192, 176, 96, 255, 144], input: u, output: u)
        == [128, 128, 160, 192, 176, 128, 224, 144])
    #expect(
      try Self.run(
        Self.relu, type: Self.uint8, [128, 32, 160, 192, 176, 96, 240, 144], input: u, output: u)
        == [128, 128, 160, 192, 176, 128, 240, 144])
    #expect(
      try Self.run(
        Self.relu6, type: Self.int8, [0, -96, 32, 64, 48, -32, 127, 16], input: s, output: s)
        == [0, 0, 32, 64, 48, 0, 96, 16])
    #expect(
      try Self.run(
        Self.relu, type: Self.int8, [0, -96, 32, 64, 48, -32, 112, 16], input: s, output: s)
        == [0, 0, 32, 64, 48, 0, 112, 16])
  }

  @Test("upstream's PRELU uint8/int8 tests give their exact values, broadcast and not")
  func upstreamPRelu() throws {
    // Range [-1, 127/128]: scale 1/128, zero point 128 (uint8) or 0 (int8). Inputs 0, 0.5, -1,
    // -0.25 per row of three; alpha 0, 0.5, -0.5.
    let u: Quantization = (1.0 / 128, 128)
    let s: Quantization = (1.0 / 128, 0)
    let uInput = [128, 128, 128, 192, 192, 192, 0, 0, 0, 96, 96, 96]
    let sInput = [0, 0, 0, 64, 64, 64, -128, -128, -128, -32, -32, -32]
    #expect(
      try Self.runPRelu(
        type: Self.uint8, uInput, shape: [1, 2, 2, 3], alpha: [128, 192, 64],
        alphaShape: [1, 1, 3],
        quantization: (u, u, u)) == [128, 128, 128, 192, 192, 192, 128, 64, 192, 128, 112, 144])
    #expect(
      try Self.runPRelu(
        type: Self.uint8, uInput, shape: [1, 2, 2, 3],
        alpha: Array(repeating: [128, 192, 64], count: 4).flatMap { $0 },
        alphaShape: [1, 2, 2, 3], quantization: (u, u, u))
        == [128, 128, 128, 192, 192, 192, 128, 64, 192, 128, 112, 144])
    #expect(
      try Self.runPRelu(
        type: Self.int8, sInput, shape: [1, 2, 2, 3], alpha: [0, 64, -64], alphaShape: [1, 1, 3],
        quantization: (s, s, s)) == [0, 0, 0, 64, 64, 64, 0, -64, 64, 0, -16, 16])
    // Rank five: input {0.5, 0.5, -1, -1, -0.25, -0.25, 0, 0}, alpha {0.5, -0.5}.
    #expect(
      try Self.runPRelu(
        type: Self.uint8, [192, 192, 0, 0, 96, 96, 128, 128], shape: [1, 2, 1, 2, 2],
        alpha: [192, 64], alphaShape: [1, 1, 2], quantization: (u, u, u))
        == [192, 192, 64, 192, 112, 144, 128, 128])
  }

  // MARK: - Random parameters against the plain references

  /// A random quantization: scale log-uniform in [10^lowest, 10^highest], zero point at either
  /// end, the middle, or anywhere.
  static func randomQuantization(
    _ type: Int8, _ generator: inout SplitMix64, lowest: Double = -3, highest: Double = 0.5
  ) -> Quantization {
    let scale = Float(pow(10, Double.random(in: lowest...highest, using: &generator)))
    let range = type == int8 ? -128...127 : 0...255
    let zeroPoints = type == int8 ? [-128, 0, 127] : [0, 128, 255]
    let zeroPoint =
      Bool.random(using: &generator)
      ? zeroPoints[Int.random(in: 0...2, using: &generator)]
      : Int.random(in: range, using: &generator)
    return (scale, zeroPoint)
  }

  @Test(
    "every input value under random scales and zero points matches the reference",
    arguments: [logistic, tanh, relu, relu6, reluN1To1, hardSwish, leakyRelu])
  func randomParameters(_ op: Int32) throws {
    var generator = SplitMix64(seed: UInt64(op) * 7919)
    for trial in 0..<24 {
      let type = trial % 2 == 0 ? Self.uint8 : Self.int8
      let input = Self.randomQuantization(type, &generator)
      var output = Self.randomQuantization(type, &generator)
      var alpha: Float?
      switch op {
      case Self.logistic:
        output = (1.0 / 256, trial % 3 == 0 ? output.zeroPoint : (type == Self.int8 ? -128 : 0))
      case Self.tanh:
        output.scale = Float(pow(10, Double.random(in: -3...0, using: &generator)))
      case Self.hardSwish:
        // The output multiplier input_scale / (128 · output_scale) must not exceed 1.
        output.scale = max(output.scale, input.scale / 64)
      case Self.leakyRelu:
        alpha =
          [0.1, 0.2, -0.5, 0, 1.5, -3, Float.random(in: -2...2, using: &generator)][trial % 7]
      default:
        if trial % 5 == 0 { output = input }
      }
      let values = Self.values(type)
      let y = try Self.run(
        op, type: type, values, input: input, output: output, alpha: alpha, threads: 1 + trial % 3)
      let expected = Self.reference(
        op, type: type, values, input: input, output: output, alpha: alpha)
      #expect(
        y == expected,
        "type \(type) input \(input) output \(output) alpha \(String(describing: alpha))")
    }
  }

  @Test("requantizing RELUs saturate at both ends of the type")
  func saturation() throws {
    // Output scale a quarter of the input's: every |x| > 32 steps saturates.
    let y = try Self.run(
      Self.relu, type: Self.uint8, [0, 100, 128, 136, 160, 161, 255], input: (0.1, 128),
      output: (0.025, 127))
    #expect(y == [127, 127, 127, 159, 255, 255, 255])
    let z = try Self.run(
      Self.reluN1To1, type: Self.int8, [-128, -10, 0, 10, 127], input: (0.5, 0), output: (0.1, 0))
    #expect(z == [-10, -10, 0, 10, 10])
    // The clamp of RELU6 on a coarse output: 6 / 0.5 = 12 steps above the zero point.
    let w = try Self.run(
      Self.relu6, type: Self.uint8, [0, 3, 4, 9, 250, 255], input: (1, 3), output: (0.5, 0))
    #expect(w == [0, 0, 2, 12, 12, 12])
  }

  @Test("PRELU on random shapes, broadcasts and parameters matches the reference")
  func randomPRelu() throws {
    var generator = SplitMix64(seed: 54)
    let shapes: [([Int], [Int])] = [
      ([1, 2, 2, 3], [1, 1, 3]), ([2, 3, 4], [3, 4]), ([2, 3, 4], [2, 3, 4]), ([4, 5], [4, 1]),
      ([1, 2, 1, 2, 2], [1, 1, 2]), ([3, 7], [1]), ([2, 3, 4, 5], [3, 1, 5]), ([64, 300], [300]),
    ]
    for (trial, (shape, alphaShape)) in shapes.enumerated() {
      for type in [Self.uint8, Self.int8] {
        let range = type == Self.int8 ? -128...127 : 0...255
        let values = (0..<shape.reduce(1, *)).map { _ in Int.random(in: range, using: &generator) }
        let alpha = (0..<alphaShape.reduce(1, *)).map { _ in
          Int.random(in: range, using: &generator)
        }
        let quantization = (
          Self.randomQuantization(type, &generator),
          Self.randomQuantization(type, &generator, highest: 0),
          Self.randomQuantization(type, &generator)
        )
        let y = try Self.runPRelu(
          type: type, values, shape: shape, alpha: alpha, alphaShape: alphaShape,
          quantization: quantization, threads: 1 + trial % 3)
        #expect(
          y
            == Self.referencePRelu(
              values, shape: shape, alpha: alpha, alphaShape: alphaShape,
              quantization: quantization, type: type),
          "shape \(shape) alpha \(alphaShape) type \(type)")
      }
    }
  }

  @Test("empty and scalar tensors")
  func shapes() throws {
    let q: Quantization = (0.1, 128)
    #expect(
      try Self.run(Self.relu, type: Self.uint8, [], shape: [0, 3], input: q, output: q) == [])
    #expect(
      try Self.run(Self.tanh, type: Self.uint8, [128], shape: [], input: q, output: q) == [128])
  }

  // MARK: - Load errors

  @Test("unsupported parameters and types are rejected at load, naming the problem")
  func loadErrors() throws {
    func error(_ bytes: [UInt8]) throws -> InterpreterError {
      try #require(throws: InterpreterError.self) {
        try ModelInterpreter(model: ModelFile(bytes: bytes))
      }
    }
    let q: Quantization = (0.1, 128)
    // LOGISTIC needs an output scale of 1/256.
    let logistic = Self.model(Self.logistic, type: Self.uint8, shape: [4], input: q, output: q)
    #expect(try error(logistic).description.contains("1/256"))
    // HARD_SWISH rejects an output multiplier above one (as TFLite's prepare does).
    let swish = Self.model(
      Self.hardSwish, type: Self.uint8, shape: [4], input: (1, 0), output: (0.001, 0))
    #expect(try error(swish).description.contains("too small"))
    // int16 is not supported but for LOGISTIC and RELU; mixed types are not either.
    let int16 = SingleOpModel.build(
      builtin: Self.tanh, inputs: [T("x", type: 7, shape: [4], quantization: ([0.1], [0], 0))],
      outputs: [T("y", type: 7, shape: [4], quantization: ([0.1], [0], 0))])
    #expect(try error(int16).description.contains("int16"))
    let mixed = SingleOpModel.build(
      builtin: Self.tanh, inputs: [Self.tensor("x", Self.uint8, [4], q)],
      outputs: [Self.tensor("y", Self.int8, [4], (0.1, 0))])
    #expect(throws: InterpreterError.self) { try ModelInterpreter(model: ModelFile(bytes: mixed)) }
    // Per-channel, missing and unusable quantization.
    let perChannel = SingleOpModel.build(
      builtin: Self.relu,
      inputs: [T("x", type: 3, shape: [2], quantization: ([0.1, 0.2], [0, 0], 0))],
      outputs: [Self.tensor("y", Self.uint8, [2], q)])
    #expect(try error(perChannel).description.contains("per channel"))
    let unquantized = SingleOpModel.build(
      builtin: Self.relu6, inputs: [Self.tensor("x", Self.uint8, [2], q)],
      outputs: [T("y", type: 3, shape: [2])])
    #expect(try error(unquantized).description.contains("output"))
    let zeroScale = Self.model(Self.relu, type: Self.uint8, shape: [2], input: (0, 0), output: q)
    #expect(try error(zeroScale).description.contains("scale"))
    let zeroPoint = Self.model(
      Self.relu, type: Self.int8, shape: [2], input: (0.1, 128), output: (0.1, 0))
    #expect(try error(zeroPoint).description.contains("zero point"))
    let infinite = Self.model(
      Self.leakyRelu, type: Self.uint8, shape: [2], input: q, output: q, alpha: .infinity)
    #expect(try error(infinite).description.contains("alpha"))
    // PRELU: alpha must have the input's type and a per-tensor quantization.
    let alphaType = SingleOpModel.build(
      builtin: Self.prelu,
      inputs: [
        Self.tensor("x", Self.uint8, [2], q),
        T("alpha", type: 9, shape: [2], data: [1, 2], quantization: ([0.1], [0], 0)),
      ], outputs: [Self.tensor("y", Self.uint8, [2], q)])
    #expect(throws: InterpreterError.self) {
      try ModelInterpreter(model: ModelFile(bytes: alphaType))
    }
    let alphaChannels = SingleOpModel.build(
      builtin: Self.prelu,
      inputs: [
        Self.tensor("x", Self.uint8, [3, 2], q),
        T("alpha", type: 3, shape: [2], data: [1, 2], quantization: ([0.1, 0.2], [0, 0], 0)),
      ], outputs: [Self.tensor("y", Self.uint8, [3, 2], q)])
    #expect(try error(alphaChannels).description.contains("alpha"))
  }

  // MARK: - PRELU helpers

  static func runPRelu(
    type: Int8, _ values: [Int], shape: [Int], alpha: [Int], alphaShape: [Int],
    quantization: (input: Quantization, alpha: Quantization, output: Quantization),
    threads: Int = 1
  ) throws -> [Int] {
    let alphaTensor = T(
      "alpha", type: type, shape: alphaShape, data: encode(alpha, type),
      quantization: ([quantization.alpha.scale], [Int64(quantization.alpha.zeroPoint)], 0))
    let bytes = SingleOpModel.build(
      builtin: prelu, inputs: [tensor("x", type, shape, quantization.input), alphaTensor],
      outputs: [tensor("y", type, shape, quantization.output)])
    let interpreter = try ModelInterpreter(
      model: ModelFile(bytes: bytes), options: InterpreterOptions(threadCount: threads))
    try interpreter.setInput(at: 0, bytes: encode(values, type))
    try interpreter.invoke()
    return decode(try interpreter.outputBytes(at: 0), type)
  }

  // MARK: - Plain-integer references, written from upstream's code

  /// QuantizeMultiplier (double-rounding build): frexp, round half away from zero.
  static func quantizeMultiplier(_ real: Double) -> (multiplier: Int64, shift: Int) {
    guard real != 0 else { return (0, 0) }
    // frexp of the magnitude (the Swift overlay's fraction carries no sign), then the sign.
    let (fraction, exponent) = frexp(abs(real))
    var fixed = Int64((fraction * 2_147_483_648).rounded(.toNearestOrAwayFromZero))
    if real < 0 { fixed = -fixed }
    var shift = exponent
    if abs(fixed) == 1 << 31 {
      fixed /= 2
      shift += 1
    }
    if shift < -31 { return (0, 0) }
    return (fixed, shift)
  }

  /// MultiplyByQuantizedMultiplier: x · 2^max(shift, 0), high-multiplied (round half up), then
  /// divided by 2^max(−shift, 0) (round half away from zero).
  static func multiplyByQuantizedMultiplier(_ x: Int, _ m: (multiplier: Int64, shift: Int)) -> Int {
    let shifted = Int64(Int32(truncatingIfNeeded: Int64(x) << Int64(max(m.shift, 0))))
    let high: Int64 =
      shifted == Int64(Int32.min) && m.multiplier == Int64(Int32.min)
      ? Int64(Int32.max) : (shifted * m.multiplier + (1 << 30)) >> 31
    let right = max(-m.shift, 0)
    guard right > 0 else { return Int(high) }
    let magnitude = (abs(high) + (1 << Int64(right - 1))) >> Int64(right)
    return Int(high < 0 ? -magnitude : magnitude)
  }

  static func reference(
    _ op: Int32, type: Int8, _ values: [Int], input: Quantization, output: Quantization,
    alpha: Float?
  ) -> [Int] {
    let (low, high) = type == int8 ? (-128, 127) : (0, 255)
    switch op {
    case relu, relu6, reluN1To1:
      // QuantizedReluX.
      let (lower, upper): (Float, Float?) = op == relu ? (0, nil) : (op == relu6 ? (0, 6) : (-1, 1))
      let m = quantizeMultiplier(Double(input.scale / output.scale))
      let minimum = max(low, output.zeroPoint + Int((lower / output.scale).rounded()))
      let maximum =
        upper.map { min(high, output.zeroPoint + Int(($0 / output.scale).rounded())) } ?? high
      return values.map {
        min(
          maximum,
          max(minimum, output.zeroPoint + multiplyByQuantizedMultiplier($0 - input.zeroPoint, m)))
      }
    case logistic, tanh:
      // LUTPopulate: float math, then round half away from zero.
      let inverse: Float = 1 / output.scale
      return values.map { q in
        let x = input.scale * Float(q - input.zeroPoint)
        let y: Float = op == logistic ? 1 / (1 + Foundation.exp(-x)) : Foundation.tanh(x)
        return min(high, max(low, Int((y * inverse).rounded() + Float(output.zeroPoint))))
      }
    case leakyRelu:
      let a = alpha ?? 0
      let identity = quantizeMultiplier(Double(input.scale / output.scale))
      let negative = quantizeMultiplier(Double(input.scale * a / output.scale))
      return values.map { q in
        let x = q - input.zeroPoint
        let scaled =
          x >= 0
          ? multiplyByQuantizedMultiplier(x, identity)
          : (negative.multiplier < 0
            ? -multiplyByQuantizedMultiplier(x, (-negative.multiplier, negative.shift))
            : multiplyByQuantizedMultiplier(x, negative))
        return min(high, max(low, output.zeroPoint + scaled))
      }
    case hardSwish:
      return values.map {
        referenceHardSwish($0, input: input, output: output, low: low, high: high)
      }
    default:
      return []
    }
  }

  /// `reference_ops::HardSwish` on one value, in C++'s int16/int32 arithmetic.
  static func referenceHardSwish(
    _ q: Int, input: Quantization, output: Quantization, low: Int, high: Int
  ) -> Int {
    func int16(_ x: Int) -> Int { Int(Int16(truncatingIfNeeded: x)) }
    func roundingHighMul16(_ a: Int, _ b: Int) -> Int {
      if a == -32768 && b == -32768 { return 32767 }
      let p = a * b
      return int16((p + (p >= 0 ? 1 << 14 : 1 - (1 << 14))) / (1 << 15))
    }
    func highMul16(_ a: Int, _ b: Int) -> Int {
      a == -32768 && b == -32768 ? 32767 : int16((a * b) / (1 << 15))
    }
    func roundingShift16(_ x: Int, _ e: Int) -> Int {
      // gemmlowp's RoundingDivideByPOT<int16_t>, whose int16 mask is -1 for exponents of 16
      // and more (then it gives +1 for x >= 0 and -1 for x < 0).
      let mask = int16((1 << e) - 1)
      let remainder = int16(x & mask)
      let threshold = int16((mask >> 1) + (x < 0 ? 1 : 0))
      return int16((x >> e) + (remainder > threshold ? 1 : 0))
    }
    func toInt16Multiplier(_ m: Int64) -> Int {
      m >= Int64(Int32.max) - (1 << 15) ? 32767 : Int((m + (1 << 15)) >> 16)
    }
    let hiresScale: Float = (1.0 / 128.0) * input.scale
    let outputM = quantizeMultiplier(Double(hiresScale / output.scale))
    let reluishM = quantizeMultiplier(Double(hiresScale / (3.0 / 32768.0)))
    let value = int16(q - input.zeroPoint)
    let hires = int16(value * 128)
    let preshift = roundingHighMul16(hires, toInt16Multiplier(outputM.multiplier))
    var reluish = hires
    if reluishM.shift > 0 { reluish = min(32767, max(-32768, reluish << (reluishM.shift - 1))) }
    reluish = roundingHighMul16(reluish, toInt16Multiplier(reluishM.multiplier))
    if reluishM.shift > 0 { reluish = min(32767, max(-32768, reluish * 2)) }
    if reluishM.shift < 0 { reluish = roundingShift16(reluish, -reluishM.shift) }
    reluish = (reluish + 32768) >> 1
    let result = int16(
      roundingShift16(highMul16(reluish, preshift), -outputM.shift) + output.zeroPoint)
    return min(high, max(low, result))
  }

  /// `reference_ops::BroadcastPrelu4DSlow`, one output element at a time from its multi-index.
  static func referencePRelu(
    _ values: [Int], shape: [Int], alpha: [Int], alphaShape: [Int],
    quantization: (input: Quantization, alpha: Quantization, output: Quantization), type: Int8
  ) -> [Int] {
    let (low, high) = type == int8 ? (-128, 127) : (0, 255)
    let (i, a, o) = quantization
    let positive = quantizeMultiplier(Double(i.scale / o.scale))
    let negative = quantizeMultiplier(Double(i.scale * a.scale / o.scale))
    let padded = [Int](repeating: 1, count: shape.count - alphaShape.count) + alphaShape
    return values.indices.map { flat in
      // The alpha element: the output's multi-index, with broadcast dimensions pinned to 0.
      var remainder = flat
      var alphaIndex = 0
      var alphaStride = 1
      for dimension in shape.indices.reversed() {
        let coordinate = remainder % shape[dimension]
        remainder /= shape[dimension]
        alphaIndex += (padded[dimension] == 1 ? 0 : coordinate) * alphaStride
        alphaStride *= padded[dimension]
      }
      let x = values[flat] - i.zeroPoint
      let result =
        x >= 0
        ? multiplyByQuantizedMultiplier(x, positive)
        : multiplyByQuantizedMultiplier(x * (alpha[alphaIndex] - a.zeroPoint), negative)
      return min(high, max(low, result + o.zeroPoint))
    }
  }
}
