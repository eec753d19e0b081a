import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// `.npy` reading and writing, against bytes NumPy 2.4 wrote.
@Suite("NumPy arrays")
struct NumPyArrayTests {
  /// `np.save(f, np.array([1.5, -2], dtype=np.float32))`.
  static let floats: [UInt8] =
    [147, 78, 85, 77, 80, 89, 1, 0, 118, 0]
    + Array("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }".utf8)
    + [UInt8](repeating: 32, count: 60) + [10, 0, 0, 192, 63, 0, 0, 0, 192]

  @Test("reads and writes exactly what NumPy writes")
  func roundTrip() throws {
    #expect(Self.floats.count == 128 + 8)
    let array = try NumPyArray(npyBytes: Self.floats)
    #expect(array.type == .float32)
    #expect(array.shape == [2])
    #expect(array.floats == [1.5, -2])
    #expect(array.npyBytes() == Self.floats)
  }

  @Test("scalars, version 2.0 headers and every dtype")
  func variants() throws {
    // np.save of np.array(7, dtype=np.int64): shape ().
    let scalar =
      [147, 78, 85, 77, 80, 89, 1, 0, 118, 0]
      + Array("{'descr': '<i8', 'fortran_order': False, 'shape': (), }".utf8)
      + [UInt8](repeating: 32, count: 62) + [10, 7, 0, 0, 0, 0, 0, 0, 0]
    let parsed = try NumPyArray(npyBytes: scalar)
    #expect(parsed.type == .int64 && parsed.shape == [] && parsed.data == [7, 0, 0, 0, 0, 0, 0, 0])
    #expect(parsed.npyBytes() == scalar)
    // write_array(version=(2, 0)) of a 2×2 int16 array.
    let version2 =
      [147, 78, 85, 77, 80, 89, 2, 0, 116, 0, 0, 0]
      + Array("{'descr': '<i2', 'fortran_order': False, 'shape': (2, 2), }".utf8)
      + [UInt8](repeating: 32, count: 56) + [10, 1, 0, 2, 0, 3, 0, 4, 0]
    let matrix = try NumPyArray(npyBytes: version2)
    #expect(
      matrix.type == .int16 && matrix.shape == [2, 2] && matrix.data == [1, 0, 2, 0, 3, 0, 4, 0])
    for type in [
      TensorType.float32, .float16, .float64, .int8, .uint8, .int16, .int32, .int64, .bool,
    ] {
      let array = NumPyArray(
        type: type, shape: [3, 1], data: [UInt8](repeating: 1, count: 3 * (type.byteSize ?? 0)))
      let bytes = array.npyBytes()
      #expect(bytes.count % 64 == (3 * (type.byteSize ?? 0)) % 64)
      #expect(try NumPyArray(npyBytes: bytes) == array, "\(type)")
    }
  }

  @Test("bad files give typed errors")
  func errors() throws {
    #expect(throws: NumPyError.notNumPy) { try NumPyArray(npyBytes: Array("hello world".utf8)) }
    var bigEndian = Self.floats
    bigEndian[21] = UInt8(ascii: ">")
    #expect(throws: NumPyError.unsupportedDType(">f4")) { try NumPyArray(npyBytes: bigEndian) }
    #expect(throws: NumPyError.dataSizeMismatch(expected: 8, actual: 7)) {
      try NumPyArray(npyBytes: Array(Self.floats.dropLast()))
    }
    var fortran = Self.floats
    let position = try #require(Self.index(of: Array("False".utf8), in: fortran))
    fortran.replaceSubrange(position..<(position + 5), with: Array("True ".utf8))
    #expect(throws: NumPyError.fortranOrder) { try NumPyArray(npyBytes: fortran) }
    var version = Self.floats
    version[6] = 9
    #expect(throws: NumPyError.unsupportedVersion(major: 9, minor: 0)) {
      try NumPyArray(npyBytes: version)
    }
    var length = Self.floats
    length[8] = 0xFF
    length[9] = 0xFF
    #expect(throws: NumPyError.badHeaderLength(65_535)) { try NumPyArray(npyBytes: length) }
    // Every truncation and every single-byte change of the header fails cleanly or parses.
    for cut in 0..<Self.floats.count { _ = try? NumPyArray(npyBytes: Array(Self.floats[..<cut])) }
    for position in 0..<128 {
      for value: UInt8 in [0, 32, 39, 40, 41, 44, 48, 57, 58, 123, 125, 255] {
        var mutated = Self.floats
        mutated[position] = value
        _ = try? NumPyArray(npyBytes: mutated)
      }
    }
  }

  static func index(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
    (0...(bytes.count - pattern.count)).first {
      bytes[$0..<($0 + pattern.count)].elementsEqual(pattern)
    }
  }
}
