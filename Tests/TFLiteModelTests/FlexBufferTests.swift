import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// One Python-generated FlexBuffer, the type of its root and the value it must decode to.
struct PythonFlexFixture: Sendable, CustomTestStringConvertible {
  let name: String
  let rootType: FlexBufferType
  let bytes: [UInt8]
  let expected: FlexValue

  init(_ name: String, _ rootType: FlexBufferType, _ bytes: [UInt8], _ expected: FlexValue) {
    self.name = name
    self.rootType = rootType
    self.bytes = bytes
    self.expected = expected
  }

  var testDescription: String { name }
}

/// FlexBuffers made with Python's `flatbuffers` package, embedded as literals.
enum FlexBufferFixtures {
  /// Generated with Python `flatbuffers.flexbuffers` (Dumps and Builder) and cross-checked with its reader.
  static let generated: [PythonFlexFixture] = {
    var list: [PythonFlexFixture] = []
    list.append(PythonFlexFixture("null", .null, [0, 0, 1], .null))
    list.append(PythonFlexFixture("bool true", .bool, [1, 104, 1], .bool(true)))
    list.append(PythonFlexFixture("bool false", .bool, [0, 104, 1], .bool(false)))
    list.append(PythonFlexFixture("int 0", .int, [0, 4, 1], .int(0)))
    list.append(PythonFlexFixture("int -1", .int, [255, 4, 1], .int(-1)))
    list.append(PythonFlexFixture("int 127", .int, [127, 4, 1], .int(127)))
    list.append(PythonFlexFixture("int -128", .int, [128, 4, 1], .int(-128)))
    list.append(PythonFlexFixture("int 128", .int, [128, 0, 5, 2], .int(128)))
    list.append(PythonFlexFixture("int -32768", .int, [0, 128, 5, 2], .int(-32768)))
    list.append(PythonFlexFixture("int 32767", .int, [255, 127, 5, 2], .int(32767)))
    list.append(PythonFlexFixture("int 40000", .int, [64, 156, 0, 0, 6, 4], .int(40000)))
    list.append(
      PythonFlexFixture("int -2147483648", .int, [0, 0, 0, 128, 6, 4], .int(-2_147_483_648)))
    list.append(
      PythonFlexFixture("int 2147483647", .int, [255, 255, 255, 127, 6, 4], .int(2_147_483_647)))
    list.append(
      PythonFlexFixture(
        "int 2147483648", .int, [0, 0, 0, 128, 0, 0, 0, 0, 7, 8], .int(2_147_483_648)))
    list.append(
      PythonFlexFixture(
        "int -9223372036854775808", .int, [0, 0, 0, 0, 0, 0, 0, 128, 7, 8], .int(Int64.min)))
    list.append(
      PythonFlexFixture(
        "int 9223372036854775807", .int, [255, 255, 255, 255, 255, 255, 255, 127, 7, 8],
        .int(9_223_372_036_854_775_807)))
    list.append(PythonFlexFixture("uint 0", .uint, [0, 8, 1], .uint(0)))
    list.append(PythonFlexFixture("uint 255", .uint, [255, 8, 1], .uint(255)))
    list.append(PythonFlexFixture("uint 256", .uint, [0, 1, 9, 2], .uint(256)))
    list.append(PythonFlexFixture("uint 65535", .uint, [255, 255, 9, 2], .uint(65535)))
    list.append(PythonFlexFixture("uint 65536", .uint, [0, 0, 1, 0, 10, 4], .uint(65536)))
    list.append(
      PythonFlexFixture(
        "uint 4294967295", .uint, [255, 255, 255, 255, 10, 4], .uint(4_294_967_295)))
    list.append(
      PythonFlexFixture(
        "uint 4294967296", .uint, [0, 0, 0, 0, 1, 0, 0, 0, 11, 8], .uint(4_294_967_296)))
    list.append(
      PythonFlexFixture(
        "uint 9223372036854775808", .uint, [0, 0, 0, 0, 0, 0, 0, 128, 11, 8],
        .uint(9_223_372_036_854_775_808)))
    list.append(
      PythonFlexFixture(
        "uint 18446744073709551615", .uint, [255, 255, 255, 255, 255, 255, 255, 255, 11, 8],
        .uint(18_446_744_073_709_551_615)))
    list.append(PythonFlexFixture("uint 5 in 2 bytes", .uint, [5, 0, 9, 2], .uint(5)))
    list.append(PythonFlexFixture("uint 5 in 4 bytes", .uint, [5, 0, 0, 0, 10, 4], .uint(5)))
    list.append(
      PythonFlexFixture("uint 5 in 8 bytes", .uint, [5, 0, 0, 0, 0, 0, 0, 0, 11, 8], .uint(5)))
    list.append(PythonFlexFixture("int -7 in 2 bytes", .int, [249, 255, 5, 2], .int(-7)))
    list.append(PythonFlexFixture("int -7 in 4 bytes", .int, [249, 255, 255, 255, 6, 4], .int(-7)))
    list.append(
      PythonFlexFixture(
        "int -7 in 8 bytes", .int, [249, 255, 255, 255, 255, 255, 255, 255, 7, 8], .int(-7)))
    list.append(
      PythonFlexFixture("float 1.5 (32-bit)", .float, [0, 0, 192, 63, 14, 4], .float(1.5)))
    list.append(
      PythonFlexFixture(
        "float 0.1 (64-bit)", .float, [154, 153, 153, 153, 153, 153, 185, 63, 15, 8], .float(0.1)))
    list.append(
      PythonFlexFixture(
        "float 0.1 forced 32-bit", .float, [205, 204, 204, 61, 14, 4], .float(0.10000000149011612)))
    list.append(PythonFlexFixture("float -0.0", .float, [0, 0, 0, 128, 14, 4], .float(-0.0)))
    list.append(
      PythonFlexFixture(
        "float infinity", .float, [0, 0, 0, 0, 0, 0, 240, 127, 15, 8], .float(.infinity)))
    list.append(
      PythonFlexFixture(
        "float -1e300", .float, [156, 117, 0, 136, 60, 228, 55, 254, 15, 8], .float(-1e+300)))
    list.append(
      PythonFlexFixture("indirect int -5 in 1 bytes", .indirectInt, [251, 1, 24, 1], .int(-5)))
    list.append(
      PythonFlexFixture(
        "indirect int 1000 in 2 bytes", .indirectInt, [232, 3, 2, 25, 1], .int(1000)))
    list.append(
      PythonFlexFixture(
        "indirect int -70000 in 4 bytes", .indirectInt, [144, 238, 254, 255, 4, 26, 1], .int(-70000)
      ))
    list.append(
      PythonFlexFixture(
        "indirect int 1099511627776 in 8 bytes", .indirectInt, [0, 0, 0, 0, 0, 1, 0, 0, 8, 27, 1],
        .int(1_099_511_627_776)))
    list.append(
      PythonFlexFixture("indirect uint 200 in 1 bytes", .indirectUInt, [200, 1, 28, 1], .uint(200)))
    list.append(
      PythonFlexFixture(
        "indirect uint 60000 in 2 bytes", .indirectUInt, [96, 234, 2, 29, 1], .uint(60000)))
    list.append(
      PythonFlexFixture(
        "indirect uint 4294967295 in 4 bytes", .indirectUInt, [255, 255, 255, 255, 4, 30, 1],
        .uint(4_294_967_295)))
    list.append(
      PythonFlexFixture(
        "indirect uint 9223372036854775813 in 8 bytes", .indirectUInt,
        [5, 0, 0, 0, 0, 0, 0, 128, 8, 31, 1], .uint(9_223_372_036_854_775_813)))
    list.append(
      PythonFlexFixture(
        "indirect float 2.5 in 4 bytes", .indirectFloat, [0, 0, 32, 64, 4, 34, 1], .float(2.5)))
    list.append(
      PythonFlexFixture(
        "indirect float 0.1 in 8 bytes", .indirectFloat,
        [154, 153, 153, 153, 153, 153, 185, 63, 8, 35, 1], .float(0.1)))
    list.append(PythonFlexFixture("empty string", .string, [0, 0, 1, 20, 1], .string("")))
    list.append(
      PythonFlexFixture(
        "string hello", .string, [5, 104, 101, 108, 108, 111, 0, 6, 20, 1], .string("hello")))
    list.append(
      PythonFlexFixture(
        "string utf8", .string,
        [
          17, 104, 195, 169, 108, 108, 111, 32, 226, 156, 147, 32, 230, 151, 165, 230, 156, 172, 0,
          18, 20, 1,
        ], .string("h\u{e9}llo \u{2713} \u{65e5}\u{672c}")))
    list.append(
      PythonFlexFixture(
        "string of 300 bytes", .string,
        [
          44, 1, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
          114, 115, 116, 117, 118, 119, 120, 121, 122, 97, 98, 99, 100, 101, 102, 103, 104, 105,
          106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 97,
          98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115,
          116, 117, 118, 119, 120, 121, 122, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107,
          108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 97, 98, 99,
          100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117,
          118, 119, 120, 121, 122, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109,
          110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 97, 98, 99, 100, 101,
          102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119,
          120, 121, 122, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
          112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 97, 98, 99, 100, 101, 102, 103,
          104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121,
          122, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
          114, 115, 116, 117, 118, 119, 120, 121, 122, 97, 98, 99, 100, 101, 102, 103, 104, 105,
          106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 97,
          98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 0, 0, 46, 1, 21, 2,
        ],
        .string(
          "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmn"
        )))
    list.append(PythonFlexFixture("key at root", .key, [97, 98, 99, 0, 4, 16, 1], .key("abc")))
    list.append(PythonFlexFixture("empty blob", .blob, [0, 0, 100, 1], .blob([])))
    list.append(
      PythonFlexFixture("blob 3 bytes", .blob, [3, 0, 1, 255, 3, 100, 1], .blob([0, 1, 255])))
    list.append(
      PythonFlexFixture(
        "blob of 300 bytes", .blob,
        [
          44, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
          23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44,
          45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66,
          67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88,
          89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108,
          109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126,
          127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144,
          145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162,
          163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180,
          181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198,
          199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216,
          217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234,
          235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252,
          253, 254, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
          21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
          43, 44, 1, 101, 2,
        ], .blob((0..<300).map { UInt8($0 % 256) })))
    list.append(PythonFlexFixture("empty vector", .vector, [0, 0, 40, 1], .vector([])))
    list.append(
      PythonFlexFixture(
        "mixed vector", .vector,
        [
          1, 115, 0, 1, 1, 1, 2, 4, 2, 1, 4, 4, 40, 107, 0, 1, 118, 0, 1, 6, 1, 1, 1, 7, 20, 0, 0,
          0, 11, 0, 0, 0, 1, 0, 0, 0, 254, 255, 255, 255, 44, 1, 0, 0, 43, 0, 0, 0, 0, 0, 32, 64, 0,
          0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 60, 0, 0, 0, 59, 0, 0, 0, 49, 0, 0, 0, 6, 6, 6, 20, 14,
          2, 106, 106, 100, 40, 36, 55, 42, 1,
        ],
        .vector([
          .int(1), .int(-2), .int(300), .string("s"), .float(2.5), .null, .bool(true), .bool(false),
          .blob([1]), .vector([.int(1), .vector([.int(2)])]), .map([("k", .string("v"))]),
        ])))
    list.append(
      PythonFlexFixture(
        "vector with 64-bit element", .vector,
        [
          1, 120, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0,
          0, 0, 0, 31, 0, 0, 0, 0, 0, 0, 0, 7, 7, 20, 27, 43, 1,
        ], .vector([.int(1_099_511_627_776), .int(1), .string("x")])))
    list.append(
      PythonFlexFixture(
        "vector with 64-bit float", .vector,
        [
          2, 0, 0, 0, 0, 0, 0, 0, 154, 153, 153, 153, 153, 153, 185, 63, 1, 0, 0, 0, 0, 0, 0, 0, 15,
          7, 18, 43, 1,
        ], .vector([.float(0.1), .int(1)])))
    list.append(
      PythonFlexFixture(
        "vector of 300 ints", .vector,
        [
          44, 1, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 0, 10, 0, 11, 0, 12, 0,
          13, 0, 14, 0, 15, 0, 16, 0, 17, 0, 18, 0, 19, 0, 20, 0, 21, 0, 22, 0, 23, 0, 24, 0, 25, 0,
          26, 0, 27, 0, 28, 0, 29, 0, 30, 0, 31, 0, 32, 0, 33, 0, 34, 0, 35, 0, 36, 0, 37, 0, 38, 0,
          39, 0, 40, 0, 41, 0, 42, 0, 43, 0, 44, 0, 45, 0, 46, 0, 47, 0, 48, 0, 49, 0, 50, 0, 51, 0,
          52, 0, 53, 0, 54, 0, 55, 0, 56, 0, 57, 0, 58, 0, 59, 0, 60, 0, 61, 0, 62, 0, 63, 0, 64, 0,
          65, 0, 66, 0, 67, 0, 68, 0, 69, 0, 70, 0, 71, 0, 72, 0, 73, 0, 74, 0, 75, 0, 76, 0, 77, 0,
          78, 0, 79, 0, 80, 0, 81, 0, 82, 0, 83, 0, 84, 0, 85, 0, 86, 0, 87, 0, 88, 0, 89, 0, 90, 0,
          91, 0, 92, 0, 93, 0, 94, 0, 95, 0, 96, 0, 97, 0, 98, 0, 99, 0, 100, 0, 101, 0, 102, 0,
          103, 0, 104, 0, 105, 0, 106, 0, 107, 0, 108, 0, 109, 0, 110, 0, 111, 0, 112, 0, 113, 0,
          114, 0, 115, 0, 116, 0, 117, 0, 118, 0, 119, 0, 120, 0, 121, 0, 122, 0, 123, 0, 124, 0,
          125, 0, 126, 0, 127, 0, 128, 0, 129, 0, 130, 0, 131, 0, 132, 0, 133, 0, 134, 0, 135, 0,
          136, 0, 137, 0, 138, 0, 139, 0, 140, 0, 141, 0, 142, 0, 143, 0, 144, 0, 145, 0, 146, 0,
          147, 0, 148, 0, 149, 0, 150, 0, 151, 0, 152, 0, 153, 0, 154, 0, 155, 0, 156, 0, 157, 0,
          158, 0, 159, 0, 160, 0, 161, 0, 162, 0, 163, 0, 164, 0, 165, 0, 166, 0, 167, 0, 168, 0,
          169, 0, 170, 0, 171, 0, 172, 0, 173, 0, 174, 0, 175, 0, 176, 0, 177, 0, 178, 0, 179, 0,
          180, 0, 181, 0, 182, 0, 183, 0, 184, 0, 185, 0, 186, 0, 187, 0, 188, 0, 189, 0, 190, 0,
          191, 0, 192, 0, 193, 0, 194, 0, 195, 0, 196, 0, 197, 0, 198, 0, 199, 0, 200, 0, 201, 0,
          202, 0, 203, 0, 204, 0, 205, 0, 206, 0, 207, 0, 208, 0, 209, 0, 210, 0, 211, 0, 212, 0,
          213, 0, 214, 0, 215, 0, 216, 0, 217, 0, 218, 0, 219, 0, 220, 0, 221, 0, 222, 0, 223, 0,
          224, 0, 225, 0, 226, 0, 227, 0, 228, 0, 229, 0, 230, 0, 231, 0, 232, 0, 233, 0, 234, 0,
          235, 0, 236, 0, 237, 0, 238, 0, 239, 0, 240, 0, 241, 0, 242, 0, 243, 0, 244, 0, 245, 0,
          246, 0, 247, 0, 248, 0, 249, 0, 250, 0, 251, 0, 252, 0, 253, 0, 254, 0, 255, 0, 0, 1, 1,
          1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1, 8, 1, 9, 1, 10, 1, 11, 1, 12, 1, 13, 1, 14, 1, 15,
          1, 16, 1, 17, 1, 18, 1, 19, 1, 20, 1, 21, 1, 22, 1, 23, 1, 24, 1, 25, 1, 26, 1, 27, 1, 28,
          1, 29, 1, 30, 1, 31, 1, 32, 1, 33, 1, 34, 1, 35, 1, 36, 1, 37, 1, 38, 1, 39, 1, 40, 1, 41,
          1, 42, 1, 43, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
          5, 5, 5, 5, 5, 5, 132, 3, 41, 2,
        ], .vector((0..<300).map { FlexValue.int(Int64($0)) })))
    list.append(
      PythonFlexFixture(
        "typed vector b", .vectorInt, [3, 1, 254, 127, 3, 44, 1],
        .vector([.int(1), .int(-2), .int(127)])))
    list.append(
      PythonFlexFixture(
        "typed vector h", .vectorInt, [2, 0, 212, 254, 2, 0, 4, 45, 1],
        .vector([.int(-300), .int(2)])))
    list.append(
      PythonFlexFixture(
        "typed vector i", .vectorInt, [2, 0, 0, 0, 112, 17, 1, 0, 255, 255, 255, 255, 8, 46, 1],
        .vector([.int(70000), .int(-1)])))
    list.append(
      PythonFlexFixture(
        "typed vector q", .vectorInt,
        [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 16, 47, 1],
        .vector([.int(1_099_511_627_776), .int(-1_099_511_627_776)])))
    list.append(
      PythonFlexFixture(
        "typed vector B", .vectorUInt, [2, 255, 0, 2, 48, 1], .vector([.uint(255), .uint(0)])))
    list.append(
      PythonFlexFixture(
        "typed vector H", .vectorUInt, [1, 0, 255, 255, 2, 49, 1], .vector([.uint(65535)])))
    list.append(
      PythonFlexFixture(
        "typed vector I", .vectorUInt, [1, 0, 0, 0, 255, 255, 255, 255, 4, 50, 1],
        .vector([.uint(4_294_967_295)])))
    list.append(
      PythonFlexFixture(
        "typed vector Q", .vectorUInt,
        [
          2, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 3, 0, 0, 0, 0, 0, 0, 0,
          16, 51, 1,
        ], .vector([.uint(18_446_744_073_709_551_615), .uint(3)])))
    list.append(
      PythonFlexFixture(
        "typed vector f", .vectorFloat, [2, 0, 0, 0, 0, 0, 192, 63, 0, 0, 16, 192, 8, 54, 1],
        .vector([.float(1.5), .float(-2.25)])))
    list.append(
      PythonFlexFixture(
        "typed vector d", .vectorFloat,
        [
          2, 0, 0, 0, 0, 0, 0, 0, 154, 153, 153, 153, 153, 153, 185, 63, 234, 140, 160, 57, 89, 62,
          41, 70, 16, 55, 1,
        ], .vector([.float(0.1), .float(1e+30)])))
    list.append(
      PythonFlexFixture("empty typed vector", .vectorInt, [0, 0, 0, 0, 0, 46, 1], .vector([])))
    list.append(
      PythonFlexFixture(
        "typed vector of auto-width ints", .vectorInt,
        [3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 64, 156, 0, 0, 12, 46, 1],
        .vector([.int(1), .int(2), .int(40000)])))
    list.append(
      PythonFlexFixture(
        "typed vector of keys", .vectorKey,
        [97, 108, 112, 104, 97, 0, 98, 101, 116, 97, 0, 2, 12, 7, 2, 56, 1],
        .vector([.key("alpha"), .key("beta")])))
    list.append(
      PythonFlexFixture(
        "typed vector of bools", .vectorBool, [3, 1, 0, 1, 3, 144, 1],
        .vector([.bool(true), .bool(false), .bool(true)])))
    list.append(
      PythonFlexFixture(
        "fixed int2 in 1 bytes", .vectorInt2, [253, 4, 2, 64, 1], .vector([.int(-3), .int(4)])))
    list.append(
      PythonFlexFixture(
        "fixed int2 in 2 bytes", .vectorInt2, [253, 255, 4, 0, 4, 65, 1],
        .vector([.int(-3), .int(4)])))
    list.append(
      PythonFlexFixture(
        "fixed int2 in 4 bytes", .vectorInt2, [253, 255, 255, 255, 4, 0, 0, 0, 8, 66, 1],
        .vector([.int(-3), .int(4)])))
    list.append(
      PythonFlexFixture(
        "fixed int2 in 8 bytes", .vectorInt2,
        [253, 255, 255, 255, 255, 255, 255, 255, 4, 0, 0, 0, 0, 0, 0, 0, 16, 67, 1],
        .vector([.int(-3), .int(4)])))
    list.append(
      PythonFlexFixture(
        "fixed uint2 in 1 bytes", .vectorUInt2, [3, 200, 2, 68, 1], .vector([.uint(3), .uint(200)]))
    )
    list.append(
      PythonFlexFixture(
        "fixed uint2 in 2 bytes", .vectorUInt2, [3, 0, 200, 0, 4, 69, 1],
        .vector([.uint(3), .uint(200)])))
    list.append(
      PythonFlexFixture(
        "fixed uint2 in 4 bytes", .vectorUInt2, [3, 0, 0, 0, 200, 0, 0, 0, 8, 70, 1],
        .vector([.uint(3), .uint(200)])))
    list.append(
      PythonFlexFixture(
        "fixed uint2 in 8 bytes", .vectorUInt2,
        [3, 0, 0, 0, 0, 0, 0, 0, 200, 0, 0, 0, 0, 0, 0, 0, 16, 71, 1],
        .vector([.uint(3), .uint(200)])))
    list.append(
      PythonFlexFixture(
        "fixed float2 in 4 bytes", .vectorFloat2, [0, 0, 192, 63, 0, 0, 128, 190, 8, 74, 1],
        .vector([.float(1.5), .float(-0.25)])))
    list.append(
      PythonFlexFixture(
        "fixed float2 in 8 bytes", .vectorFloat2,
        [0, 0, 0, 0, 0, 0, 248, 63, 0, 0, 0, 0, 0, 0, 208, 191, 16, 75, 1],
        .vector([.float(1.5), .float(-0.25)])))
    list.append(
      PythonFlexFixture(
        "fixed int3 in 1 bytes", .vectorInt3, [253, 4, 251, 3, 76, 1],
        .vector([.int(-3), .int(4), .int(-5)])))
    list.append(
      PythonFlexFixture(
        "fixed int3 in 2 bytes", .vectorInt3, [253, 255, 4, 0, 251, 255, 6, 77, 1],
        .vector([.int(-3), .int(4), .int(-5)])))
    list.append(
      PythonFlexFixture(
        "fixed int3 in 4 bytes", .vectorInt3,
        [253, 255, 255, 255, 4, 0, 0, 0, 251, 255, 255, 255, 12, 78, 1],
        .vector([.int(-3), .int(4), .int(-5)])))
    list.append(
      PythonFlexFixture(
        "fixed int3 in 8 bytes", .vectorInt3,
        [
          253, 255, 255, 255, 255, 255, 255, 255, 4, 0, 0, 0, 0, 0, 0, 0, 251, 255, 255, 255, 255,
          255, 255, 255, 24, 79, 1,
        ], .vector([.int(-3), .int(4), .int(-5)])))
    list.append(
      PythonFlexFixture(
        "fixed uint3 in 1 bytes", .vectorUInt3, [3, 200, 7, 3, 80, 1],
        .vector([.uint(3), .uint(200), .uint(7)])))
    list.append(
      PythonFlexFixture(
        "fixed uint3 in 2 bytes", .vectorUInt3, [3, 0, 200, 0, 7, 0, 6, 81, 1],
        .vector([.uint(3), .uint(200), .uint(7)])))
    list.append(
      PythonFlexFixture(
        "fixed uint3 in 4 bytes", .vectorUInt3, [3, 0, 0, 0, 200, 0, 0, 0, 7, 0, 0, 0, 12, 82, 1],
        .vector([.uint(3), .uint(200), .uint(7)])))
    list.append(
      PythonFlexFixture(
        "fixed uint3 in 8 bytes", .vectorUInt3,
        [3, 0, 0, 0, 0, 0, 0, 0, 200, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 24, 83, 1],
        .vector([.uint(3), .uint(200), .uint(7)])))
    list.append(
      PythonFlexFixture(
        "fixed float3 in 4 bytes", .vectorFloat3,
        [0, 0, 192, 63, 0, 0, 128, 190, 0, 0, 0, 65, 12, 86, 1],
        .vector([.float(1.5), .float(-0.25), .float(8.0)])))
    list.append(
      PythonFlexFixture(
        "fixed float3 in 8 bytes", .vectorFloat3,
        [
          0, 0, 0, 0, 0, 0, 248, 63, 0, 0, 0, 0, 0, 0, 208, 191, 0, 0, 0, 0, 0, 0, 32, 64, 24, 87,
          1,
        ], .vector([.float(1.5), .float(-0.25), .float(8.0)])))
    list.append(
      PythonFlexFixture(
        "fixed int4 in 1 bytes", .vectorInt4, [253, 4, 251, 6, 4, 88, 1],
        .vector([.int(-3), .int(4), .int(-5), .int(6)])))
    list.append(
      PythonFlexFixture(
        "fixed int4 in 2 bytes", .vectorInt4, [253, 255, 4, 0, 251, 255, 6, 0, 8, 89, 1],
        .vector([.int(-3), .int(4), .int(-5), .int(6)])))
    list.append(
      PythonFlexFixture(
        "fixed int4 in 4 bytes", .vectorInt4,
        [253, 255, 255, 255, 4, 0, 0, 0, 251, 255, 255, 255, 6, 0, 0, 0, 16, 90, 1],
        .vector([.int(-3), .int(4), .int(-5), .int(6)])))
    list.append(
      PythonFlexFixture(
        "fixed int4 in 8 bytes", .vectorInt4,
        [
          253, 255, 255, 255, 255, 255, 255, 255, 4, 0, 0, 0, 0, 0, 0, 0, 251, 255, 255, 255, 255,
          255, 255, 255, 6, 0, 0, 0, 0, 0, 0, 0, 32, 91, 1,
        ], .vector([.int(-3), .int(4), .int(-5), .int(6)])))
    list.append(
      PythonFlexFixture(
        "fixed uint4 in 1 bytes", .vectorUInt4, [3, 200, 7, 9, 4, 92, 1],
        .vector([.uint(3), .uint(200), .uint(7), .uint(9)])))
    list.append(
      PythonFlexFixture(
        "fixed uint4 in 2 bytes", .vectorUInt4, [3, 0, 200, 0, 7, 0, 9, 0, 8, 93, 1],
        .vector([.uint(3), .uint(200), .uint(7), .uint(9)])))
    list.append(
      PythonFlexFixture(
        "fixed uint4 in 4 bytes", .vectorUInt4,
        [3, 0, 0, 0, 200, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0, 16, 94, 1],
        .vector([.uint(3), .uint(200), .uint(7), .uint(9)])))
    list.append(
      PythonFlexFixture(
        "fixed uint4 in 8 bytes", .vectorUInt4,
        [
          3, 0, 0, 0, 0, 0, 0, 0, 200, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0,
          0, 0, 0, 32, 95, 1,
        ], .vector([.uint(3), .uint(200), .uint(7), .uint(9)])))
    list.append(
      PythonFlexFixture(
        "fixed float4 in 4 bytes", .vectorFloat4,
        [0, 0, 192, 63, 0, 0, 128, 190, 0, 0, 0, 65, 0, 64, 200, 66, 16, 98, 1],
        .vector([.float(1.5), .float(-0.25), .float(8.0), .float(100.125)])))
    list.append(
      PythonFlexFixture(
        "fixed float4 in 8 bytes", .vectorFloat4,
        [
          0, 0, 0, 0, 0, 0, 248, 63, 0, 0, 0, 0, 0, 0, 208, 191, 0, 0, 0, 0, 0, 0, 32, 64, 0, 0, 0,
          0, 0, 8, 89, 64, 32, 99, 1,
        ], .vector([.float(1.5), .float(-0.25), .float(8.0), .float(100.125)])))
    list.append(PythonFlexFixture("empty map", .map, [0, 0, 1, 0, 0, 36, 1], .map([])))
    list.append(
      PythonFlexFixture(
        "nested map", .map,
        [
          98, 0, 2, 1, 2, 4, 4, 97, 0, 99, 0, 100, 0, 101, 0, 4, 116, 101, 120, 116, 0, 2, 11, 10,
          2, 1, 2, 0, 12, 0, 20, 102, 0, 4, 27, 35, 27, 6, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0,
          1, 0, 0, 0, 53, 0, 0, 0, 33, 0, 0, 0, 0, 0, 32, 64, 6, 40, 36, 14, 20, 38, 1,
        ],
        .map([
          ("a", .int(1)), ("b", .vector([.int(1), .int(2)])),
          ("c", .map([("d", .null), ("e", .string("text"))])), ("f", .float(2.5)),
        ])))
    list.append(
      PythonFlexFixture(
        "map with non-ASCII keys", .map,
        [
          122, 0, 195, 169, 0, 97, 0, 97, 98, 0, 4, 6, 5, 13, 12, 4, 1, 4, 3, 4, 1, 2, 4, 4, 4, 4,
          8, 36, 1,
        ], .map([("a", .int(3)), ("ab", .int(4)), ("z", .int(1)), ("\u{e9}", .int(2))])))
    list.append(
      PythonFlexFixture(
        "vector of maps sharing keys", .vector,
        [
          120, 0, 121, 0, 2, 5, 4, 2, 1, 2, 1, 2, 4, 4, 120, 0, 121, 0, 2, 5, 4, 2, 1, 2, 3, 4, 4,
          4, 2, 19, 6, 36, 36, 4, 40, 1,
        ],
        .vector([.map([("x", .int(1)), ("y", .int(2))]), .map([("x", .int(3)), ("y", .int(4))])])))
    list.append(
      PythonFlexFixture(
        "vector sharing strings", .vector,
        [
          4, 115, 97, 109, 101, 0, 5, 111, 116, 104, 101, 114, 0, 4, 13, 14, 9, 16, 20, 20, 20, 20,
          8, 40, 1,
        ], .vector([.string("same"), .string("same"), .string("other"), .string("same")])))
    list.append(
      PythonFlexFixture(
        "map with forced 64-bit widths", .map,
        [
          97, 0, 98, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0,
          0, 0, 0, 7, 7, 99, 0, 1, 115, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 48, 0, 0, 0, 0, 0, 0, 0, 54,
          0, 0, 0, 0, 0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0,
          0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 88, 0, 0, 0, 0, 0, 0, 0, 75, 0, 0,
          0, 0, 0, 0, 0, 7, 43, 20, 27, 39, 1,
        ], .map([("a", .int(1)), ("b", .vector([.int(1), .int(2)])), ("c", .string("s"))])))
    list.append(
      PythonFlexFixture(
        "map with 16-bit values", .map,
        [97, 0, 98, 0, 1, 120, 0, 2, 8, 7, 2, 0, 1, 0, 2, 0, 44, 1, 13, 0, 5, 20, 6, 37, 1],
        .map([("a", .int(300)), ("b", .string("x"))])))
    list.append(
      PythonFlexFixture(
        "map with 32-bit values", .map,
        [
          97, 0, 98, 0, 2, 5, 4, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 160, 134, 1, 0, 0, 0, 192,
          63, 6, 14, 10, 38, 1,
        ], .map([("a", .int(100000)), ("b", .float(1.5))])))
    list.append(
      PythonFlexFixture(
        "ten nested vectors", .vector,
        [
          1, 1, 4, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40,
          1, 3, 40, 2, 40, 1,
        ],
        .vector([
          .vector([
            .vector([
              .vector([.vector([.vector([.vector([.vector([.vector([.vector([.int(1)])])])])])])])
            ])
          ])
        ])))
    list.append(
      PythonFlexFixture(
        "map with indirect values", .map,
        [
          105, 0, 0, 0, 0, 0, 0, 0, 247, 255, 255, 255, 255, 255, 255, 255, 117, 0, 9, 0, 102, 0, 0,
          0, 0, 0, 0, 0, 0, 0, 224, 63, 3, 13, 34, 19, 3, 1, 3, 15, 32, 23, 35, 27, 29, 6, 36, 1,
        ], .map([("f", .float(0.5)), ("i", .int(-9)), ("u", .uint(9))])))
    return list
  }()

  /// Hostile buffers made with Python `flatbuffers.flexbuffers` (some patched by hand).
  static let sharedVectorBomb: [UInt8] = [
    2, 7, 8, 4, 4, 8, 5, 6, 7, 8, 9, 10, 11, 12, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20,
    21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40,
    40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17,
    18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24,
    40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40,
    40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21,
    22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40,
    40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18,
    19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40,
    40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40,
    8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22,
    23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40,
    40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19,
    20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40,
    40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8,
    17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23,
    24, 40, 40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40,
    40, 40, 16, 40, 1,
  ]
  static let sharedStringBomb: [UInt8] = [
    232, 3, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120,
    120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 120, 0, 0, 8, 0, 236, 3, 238,
    3, 240, 3, 242, 3, 244, 3, 246, 3, 248, 3, 250, 3, 21, 21, 21, 21, 21, 21, 21, 21, 8, 25, 26,
    27, 28, 29, 30, 31, 32, 41, 41, 41, 41, 41, 41, 41, 41, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40,
    40, 40, 40, 40, 40, 40, 40, 8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40,
    8, 17, 18, 19, 20, 21, 22, 23, 24, 40, 40, 40, 40, 40, 40, 40, 40, 16, 40, 1,
  ]
  static let hundredNestedVectors: [UInt8] = [
    6, 98, 111, 116, 116, 111, 109, 0, 1, 8, 20, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40,
    1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3,
    40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1,
    3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40,
    1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3,
    40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1,
    3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40,
    1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3,
    40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1,
    3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40,
    1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 1, 3, 40, 2, 40, 1,
  ]
  static let mapsSharingKeysVector: [UInt8] = [
    120, 0, 121, 0, 2, 5, 4, 2, 1, 2, 1, 2, 4, 4, 120, 0, 121, 0, 2, 5, 4, 16, 1, 2, 3, 4, 4, 4, 2,
    19, 6, 36, 36, 4, 40, 1,
  ]
  static let unsortedMapKeys: [UInt8] = [98, 0, 97, 0, 2, 5, 4, 2, 1, 2, 1, 2, 4, 4, 4, 36, 1]
  static let mapKeyCountMismatch: [UInt8] = [97, 0, 98, 0, 3, 5, 4, 2, 1, 2, 1, 2, 4, 4, 4, 36, 1]

  /// The fixture called `name`.
  static func named(_ name: String) -> PythonFlexFixture? {
    generated.first { $0.name == name }
  }

  /// `{"a": <this map>}` forever: the only value's slot points back at its own map (offset 0).
  static let selfReferentialMap: [UInt8] = [97, 0, 1, 3, 1, 1, 1, 0, 36, 2, 36, 1]
  /// Like ``selfReferentialMap`` but the keys-vector offset is 0, so the keys vector starts at its
  /// own offset field and its only key is the empty string there.
  static let selfReferentialKeys: [UInt8] = [97, 0, 1, 1, 0, 1, 1, 0, 36, 2, 36, 1]
  /// Hand-made `VECTOR_STRING_DEPRECATED` of "ab" and "c" (read as keys, like upstream).
  static let deprecatedStringVector: [UInt8] = [2, 97, 98, 0, 1, 99, 0, 2, 7, 4, 2, 60, 1]
}

/// The shared data folder.
private func flexSharedDirectory() -> URL { SharedData.root }

/// Runs `body` and returns the ``FlexBufferError`` it throws, or `nil` if it throws none.
/// (The library throws typed errors, so any other error is a test failure.)
private func flexError<T>(_ body: () throws -> T) -> FlexBufferError? {
  do {
    _ = try body()
    return nil
  } catch let error as FlexBufferError {
    return error
  } catch {
    Issue.record("unexpected error type: \(error)")
    return nil
  }
}

@Suite("FlexBuffers")
struct FlexBufferTests {
  // MARK: Python-generated buffers of every type and width

  @Test(
    "Python-generated buffer decodes to the expected value", arguments: FlexBufferFixtures.generated
  )
  func decodesPythonFixture(_ fixture: PythonFlexFixture) throws {
    let buffer = try FlexBuffer(fixture.bytes)
    #expect(buffer.root.type == fixture.rootType)
    #expect(try buffer.decode() == fixture.expected)

    // The same bytes inside a larger array, read through a slice whose indices do not start at 0.
    let padded: [UInt8] = [0xAA, 0xBB, 0xCC] + fixture.bytes + [0xDD, 0xEE]
    let slice = padded[3..<(3 + fixture.bytes.count)]
    #expect(try FlexBuffer(slice).decode() == fixture.expected)

    try checkNavigation(buffer.root, fixture.expected)
  }

  /// Walks `reference` with the lazy API and compares every scalar with `expected`.
  private func checkNavigation(_ reference: FlexBufferReference, _ expected: FlexValue) throws {
    switch expected {
    case .null:
      #expect(reference.isNull)
      #expect(try reference.asInt64() == 0)
      #expect(try reference.asBool() == false)
    case .int(let value):
      #expect(try reference.asInt64() == value)
      #expect(try reference.asDouble() == Double(value))
      if value >= 0 { #expect(try reference.asUInt64() == UInt64(value)) }
      #expect(try reference.asBool() == (value != 0))
    case .uint(let value):
      #expect(try reference.asUInt64() == value)
      #expect(try reference.asDouble() == Double(value))
      if value <= UInt64(Int64.max) { #expect(try reference.asInt64() == Int64(value)) }
    case .float(let value):
      #expect(try reference.asDouble() == value)
    case .bool(let value):
      #expect(try reference.asBool() == value)
      #expect(try reference.asInt64() == (value ? 1 : 0))
    case .string(let value):
      #expect(try reference.asString() == value)
      #expect(try reference.count == value.utf8.count)
      #expect(try reference.asBlob() == Array(value.utf8))
    case .key(let value):
      #expect(try reference.asKey() == value)
      #expect(try reference.asString() == value)
    case .blob(let value):
      #expect(try reference.asBlob() == value)
      #expect(try reference.count == value.count)
    case .vector(let items):
      #expect(try reference.count == items.count)
      for (index, item) in items.enumerated() {
        try checkNavigation(try reference[index], item)
      }
      let pastEnd = flexError { try reference[items.count] }
      guard case .indexOutOfRange(items.count, count: items.count, _) = pastEnd else {
        Issue.record("expected indexOutOfRange, got \(String(describing: pastEnd))")
        return
      }
    case .map(let entries):
      #expect(try reference.count == entries.count)
      for (index, entry) in entries.enumerated() {
        #expect(try reference.key(at: index) == entry.key)
        let found = try reference[entry.key]
        #expect(try found.decode() == entry.value)
        try checkNavigation(try reference[index], entry.value)
      }
      #expect(try reference["no such key"].isNull)
      #expect(try reference.value(forKey: "").isNull)
    }
  }

  @Test("every root type and every root byte width is covered by the Python fixtures")
  func fixturesCoverEveryTypeAndWidth() throws {
    let types = Set(FlexBufferFixtures.generated.map(\.rootType))
    let missing = FlexBufferType.allCases.filter { !types.contains($0) }
    // The deprecated string vector cannot be built by the Python builder; it has a hand-made test.
    #expect(missing == [.vectorStringDeprecated])
    let widths = Set(FlexBufferFixtures.generated.compactMap(\.bytes.last))
    #expect(widths == [1, 2, 4, 8])
  }

  @Test("deprecated string vectors read as vectors of keys, as upstream")
  func deprecatedStringVector() throws {
    let buffer = try FlexBuffer(FlexBufferFixtures.deprecatedStringVector)
    #expect(buffer.root.type == .vectorStringDeprecated)
    #expect(try buffer.decode() == .vector([.key("ab"), .key("c")]))
    #expect(try buffer.root[1].asString() == "c")
  }

  // MARK: The real TFLite custom options

  @Test("the COCO SSD post-processing options decode and render")
  func cocoOptionsDecode() throws {
    let buffer = try FlexBuffer(DetectionPostProcessFixtures.cocoSSDOptions)
    let root = buffer.root
    #expect(root.type == .map)
    #expect(try root.count == 10)
    #expect(try root["max_detections"].type == .int)
    #expect(try root["max_detections"].asInt64() == 10)
    #expect(try root["num_classes"].asInt() == 90)
    #expect(try root["nms_iou_threshold"].asFloat() == 0.6)
    #expect(try root["nms_iou_threshold"].asDouble() == 0.6000000238418579)
    #expect(try root["nms_score_threshold"].asDouble() == 9.99999993922529e-09)
    #expect(try root["_output_quantized"].type == .bool)
    #expect(try root["_output_quantized"].asBool())
    #expect(try root["detections_per_class"].isNull)
    #expect(try root["use_regular_nms"].asBool() == false)
    #expect(try root.key(at: 0) == "_output_quantized")
    let text = try buffer.decode().rendered()
    #expect(
      text == """
        {"_output_quantized": true, "h_scale": 5.0, "max_classes_per_detection": 1, "max_detections": 10, \
        "nms_iou_threshold": 0.6000000238418579, "nms_score_threshold": 9.99999993922529e-09, \
        "num_classes": 90, "w_scale": 5.0, "x_scale": 10.0, "y_scale": 10.0}
        """)
  }

  @Test("the options literal is the operator's custom options in every COCO SSD model file")
  func cocoOptionsMatchModelFiles() throws {
    let literal = DetectionPostProcessFixtures.cocoSSDOptions
    for suffix in ["", "_no_metadata", "_score_calibration"] {
      let url = flexSharedDirectory().appendingPathComponent(
        "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29\(suffix).tflite")
      let file = [UInt8](try Data(contentsOf: url))
      let start = try #require(
        (0...(file.count - literal.count)).first {
          file[$0] == literal[0] && file[$0..<($0 + literal.count)].elementsEqual(literal)
        })
      // Read straight from the model file's bytes: a slice whose startIndex is far from 0.
      let slice = file[start..<(start + literal.count)]
      #expect(try FlexBuffer(slice).decode() == FlexBuffer(literal).decode())
    }
  }

  // MARK: Conversions

  @Test("numeric conversions across types; overflow throws instead of wrapping")
  func conversions() throws {
    func root(_ name: String) throws -> FlexBufferReference {
      try FlexBuffer(try #require(FlexBufferFixtures.named(name)).bytes).root
    }
    let maxUInt = try root("uint 18446744073709551615")
    #expect(try maxUInt.asUInt64() == UInt64.max)
    #expect(try maxUInt.asDouble() == 18446744073709551615.0)
    #expect(
      flexError { try maxUInt.asInt64() }
        == .valueOutOfRange(value: "18446744073709551615", target: "Int64", offset: 0))
    #expect(
      flexError { try maxUInt.asInteger(UInt32.self) }
        == .valueOutOfRange(value: "18446744073709551615", target: "UInt32", offset: 0))

    let minusOne = try root("int -1")
    #expect(try minusOne.asInt64() == -1)
    #expect(try minusOne.asInteger(Int8.self) == -1)
    #expect(try minusOne.asDouble() == -1)
    #expect(try minusOne.asBool())
    #expect(
      flexError { try minusOne.asUInt64() }
        == .valueOutOfRange(value: "-1", target: "UInt64", offset: 0))

    let int300 = try root("typed vector h")
    #expect(try int300[0].asInt() == -300)
    #expect(flexError { try int300[0].asInteger(Int8.self) } != nil)
    #expect(try int300[0].asInteger(Int16.self) == -300)

    let minInt = try root("int -9223372036854775808")
    #expect(try minInt.asInt64() == Int64.min)
    #expect(try minInt.asDouble() == -9223372036854775808.0)

    let indirectBig = try root("indirect uint 9223372036854775813 in 8 bytes")
    #expect(indirectBig.type == .indirectUInt)
    #expect(try indirectBig.asUInt64() == 9_223_372_036_854_775_813)
    #expect(flexError { try indirectBig.asInt64() } != nil)

    let indirectFloat = try root("indirect float 2.5 in 4 bytes")
    #expect(try indirectFloat.asInt64() == 2)
    #expect(try indirectFloat.asFloat() == 2.5)

    let negativeFloat = try FlexBuffer(
      try #require(FlexBufferFixtures.named("typed vector f")).bytes
    ).root[1]
    #expect(try negativeFloat.asDouble() == -2.25)
    #expect(try negativeFloat.asInt64() == -2)  // truncated toward zero, as upstream
    #expect(flexError { try negativeFloat.asUInt64() } != nil)

    let infinity = try root("float infinity")
    #expect(try infinity.asDouble() == .infinity)
    #expect(try infinity.asFloat() == .infinity)
    #expect(
      flexError { try infinity.asInt64() }
        == .valueOutOfRange(value: "inf", target: "Int64", offset: 0))

    let huge = try root("float -1e300")
    #expect(
      flexError { try huge.asFloat() }
        == .valueOutOfRange(value: "-1e+300", target: "Float", offset: 0))

    let yes = try root("bool true")
    #expect(try yes.asInt64() == 1)
    #expect(try yes.asUInt64() == 1)
    #expect(try yes.asDouble() == 1)

    let null = try root("null")
    #expect(try null.asInt64() == 0)
    #expect(try null.asUInt64() == 0)
    #expect(try null.asDouble() == 0)
    #expect(try null.asBool() == false)

    let text = try root("string hello")
    #expect(
      flexError { try text.asInt64() }
        == .typeMismatch(expected: "an integer", found: .string, offset: 7))
    #expect(
      flexError { try text.asKey() } == .typeMismatch(expected: "a key", found: .string, offset: 7))
    #expect(
      flexError { try text["key"] } == .typeMismatch(expected: "a map", found: .string, offset: 7))
    #expect(
      flexError { try text[0] }
        == .typeMismatch(expected: "a vector or map", found: .string, offset: 7))
    #expect(flexError { try yes.count } != nil)

    // NaN is a float, not an error, but it cannot become an integer.
    let nan: [UInt8] = [0x00, 0x00, 0xC0, 0x7F, 0x0E, 4]
    let nanRoot = try FlexBuffer(nan).root
    #expect(try nanRoot.asDouble().isNaN)
    #expect(try nanRoot.asBool())
    #expect(
      flexError { try nanRoot.asInt64() }
        == .valueOutOfRange(value: "nan", target: "Int64", offset: 0))
  }

  @Test("maps: binary-search lookup, missing keys read as null, non-ASCII keys sorted bytewise")
  func mapLookup() throws {
    let nested = try FlexBuffer(try #require(FlexBufferFixtures.named("nested map")).bytes).root
    #expect(try nested["c"]["e"].asString() == "text")
    #expect(try nested["c"]["d"].isNull)
    #expect(try nested["b"][1].asInt64() == 2)
    #expect(try nested["f"].asDouble() == 2.5)
    #expect(try nested["zzz"].isNull)
    #expect(try nested["zzz"].asInt64() == 0)
    #expect(try nested["a\u{0}"].isNull)
    #expect(try nested["c"].depth == 1)
    #expect(try nested["c"]["e"].depth == 2)

    let unicode = try FlexBuffer(
      try #require(FlexBufferFixtures.named("map with non-ASCII keys")).bytes
    ).root
    #expect(try unicode["\u{e9}"].asInt64() == 2)
    #expect(try unicode["ab"].asInt64() == 4)
    #expect(try unicode["a"].asInt64() == 3)
    #expect(try unicode["z"].asInt64() == 1)
    #expect(try unicode.key(at: 3) == "\u{e9}")
    #expect(flexError { try unicode.key(at: 4) } != nil)
  }

  @Test("rendering is stable, JSON-like, compact or pretty")
  func rendering() throws {
    let value = try FlexBuffer(try #require(FlexBufferFixtures.named("nested map")).bytes).decode()
    #expect(value.rendered() == #"{"a": 1, "b": [1, 2], "c": {"d": null, "e": "text"}, "f": 2.5}"#)
    #expect(value.description == value.rendered())
    #expect(
      value.rendered(pretty: true) == """
        {
          "a": 1,
          "b": [
            1,
            2
          ],
          "c": {
            "d": null,
            "e": "text"
          },
          "f": 2.5
        }
        """)
    let odd = FlexValue.vector([
      .string("q\"\\\n\u{1}"), .blob([0, 0xAB]), .uint(7), .bool(false), .key("k"), .vector([]),
      .map([]),
      .float(-.infinity),
    ])
    #expect(odd.rendered() == #"["q\"\\\n\u0001", <00ab>, 7, false, "k", [], {}, -inf]"#)
    #expect(value.value(forKey: "f") == .float(2.5))
    #expect(value.value(forKey: "x") == nil)
  }

  // MARK: Hostile buffers

  @Test("every truncation of the real options gives a value or a typed error")
  func truncations() throws {
    let full = DetectionPostProcessFixtures.cocoSSDOptions
    for length in 0..<full.count {
      let prefix = Array(full[0..<length])
      if length < 3 {
        #expect(flexError { try FlexBuffer(prefix) } == .bufferTooSmall(size: length))
      }
      if let buffer = try? FlexBuffer(prefix) {
        _ = flexError { try buffer.decode() }
      }
      // Dropping leading bytes, through a slice that shares the array (startIndex != 0).
      let suffix = full[(full.count - length)...]
      if let buffer = try? FlexBuffer(suffix) {
        _ = flexError { try buffer.decode() }
      }
      #expect(throws: DetectionPostProcessOptions.ParseError.self) {
        try DetectionPostProcessOptions(customOptions: prefix)
      }
      #expect(throws: DetectionPostProcessOptions.ParseError.self) {
        try DetectionPostProcessOptions(customOptions: suffix)
      }
    }
  }

  @Test("every single-byte change of the real options gives a value or a typed error")
  func singleByteChanges() throws {
    let original = DetectionPostProcessFixtures.cocoSSDOptions
    let keys = [
      "max_detections", "max_classes_per_detection", "detections_per_class", "use_regular_nms",
      "nms_score_threshold", "nms_iou_threshold", "num_classes", "y_scale", "x_scale", "h_scale",
      "w_scale",
      "_output_quantized",
    ]
    var decoded = 0
    var parsed = 0
    var invalid: [(position: Int, value: Int)] = []
    var mutated = original
    for position in 0..<original.count {
      for value in 0...255 {
        mutated[position] = UInt8(value)
        if let buffer = try? FlexBuffer(mutated) {
          if (try? buffer.decode()) != nil { decoded += 1 }
          for key in keys {
            if let reference = try? buffer.root[key] {
              _ = try? reference.asDouble()
              _ = try? reference.asInt64()
              _ = try? reference.asBool()
              _ = try? reference.asString()
            }
          }
        }
        if let options = try? DetectionPostProcessOptions(customOptions: mutated) {
          parsed += 1
          let valid =
            (1...100_000).contains(options.maxDetections) && options.maxClassesPerDetection >= 1
            && (1...100_000).contains(options.numClasses) && options.nmsIouThreshold > 0
            && options.nmsIouThreshold <= 1 && options.nmsScoreThreshold.isFinite
            && [options.yScale, options.xScale, options.hScale, options.wScale].allSatisfy {
              $0 != 0 && $0.isFinite
            }
          if !valid { invalid.append((position, value)) }
        }
      }
      mutated[position] = original[position]
    }
    // Changing key text or a value's bits often still parses; the structure bytes do not.
    #expect(decoded > 0 && decoded < original.count * 256)
    #expect(parsed >= original.count && parsed < original.count * 256)
    #expect(
      invalid.isEmpty, "options out of their documented ranges after changes \(invalid.prefix(5))")

    let last = original.count - 1
    var badWidth = original
    badWidth[last] = 3
    #expect(flexError { try FlexBuffer(badWidth) } == .invalidByteWidth(3, offset: last))
    var badType = original
    badType[last - 1] = 0xFC
    #expect(flexError { try FlexBuffer(badType) } == .unknownType(0xFC, offset: last - 1))
    var farOffset = original
    farOffset[last - 2] = 0xFF
    #expect(
      flexError { try FlexBuffer(farOffset).decode() } == .offsetOutOfBounds(0xFF, offset: last - 2)
    )
  }

  @Test("offsets and sizes pointing outside the buffer are typed errors")
  func outOfBoundsOffsetsAndSizes() throws {
    // An indirect int whose 8-byte offset is UInt64.max ("forward" once it wraps).
    let wrapping: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 6 << 2 | 3, 8]
    #expect(
      flexError { try FlexBuffer(wrapping).root.asInt64() }
        == .offsetOutOfBounds(UInt64.max, offset: 0))
    // A vector claiming 255 elements in a 4-byte buffer.
    let longVector: [UInt8] = [255, 0, 10 << 2, 1]
    #expect(flexError { try FlexBuffer(longVector).root.count } == .countTooLarge(255, offset: 0))
    // A typed vector claiming Int64.max elements: no overflow while checking.
    let hugeVector: [UInt8] = [
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 0, 0, 0, 0, 11 << 2 | 3, 8,
    ]
    #expect(
      flexError { try FlexBuffer(hugeVector).decode() }
        == .countTooLarge(UInt64(Int64.max), offset: 0))
    // A vector whose size field would lie before the start of the buffer.
    let noSizeField: [UInt8] = [0, 10 << 2 | 1, 1]
    #expect(
      flexError { try FlexBuffer(noSizeField).decode() }
        == .outOfBounds(offset: -2, length: 2, bufferSize: 3))
    // A string without its NUL, and a key running off the end.
    var unterminated = try #require(FlexBufferFixtures.named("string hello")).bytes
    unterminated[unterminated.firstIndex(of: 0) ?? 0] = UInt8(ascii: "!")
    #expect(
      flexError { try FlexBuffer(unterminated).root.asString() } == .stringNotTerminated(offset: 1))
    var runaway = try #require(FlexBufferFixtures.named("key at root")).bytes
    runaway[3] = UInt8(ascii: "d")
    #expect(flexError { try FlexBuffer(runaway).root.asKey() } == .keyNotTerminated(offset: 0))
    // A float stored in 2 bytes.
    let halfFloat: [UInt8] = [0x00, 0x3C, 3 << 2 | 1, 2]
    #expect(
      flexError { try FlexBuffer(halfFloat).root.asDouble() }
        == .unsupportedFloatWidth(2, offset: 0))
    // An element type byte naming no type.
    var badElement = try #require(FlexBufferFixtures.named("mixed vector")).bytes
    let typesStart = badElement.count - 3 - 11
    badElement[typesStart] = 0xFF
    let error = try #require(flexError { try FlexBuffer(badElement).decode() })
    #expect(error.path == "[0]")
    #expect(error.underlying == .unknownType(0xFF, offset: typesStart))
    // Too small for the root.
    #expect(flexError { try FlexBuffer([UInt8]()) } == .bufferTooSmall(size: 0))
    #expect(flexError { try FlexBuffer([0, 0, 4]) } == .bufferTooSmall(size: 3))
    #expect(flexError { try FlexBuffer([0, 0, 0]) } == .invalidByteWidth(0, offset: 2))
  }

  @Test("self-referential maps stop at the value budget or the depth limit")
  func selfReferentialMaps() throws {
    let buffer = try FlexBuffer(FlexBufferFixtures.selfReferentialMap)
    #expect(try buffer.root["a"]["a"]["a"].type == .map)
    // 12 bytes allow 64 values (the floor of the per-byte budget): that stops it first.
    #expect(flexError { try buffer.decode() }?.underlying == .valueLimitExceeded(limit: 64))
    // With a larger budget, the depth limit stops it.
    let generous = FlexBufferLimits(maxDecodedValuesPerByte: 1000)
    let deep = try FlexBuffer(FlexBufferFixtures.selfReferentialMap, limits: generous)
    let error = try #require(flexError { try deep.decode() })
    #expect(error.underlying == .depthLimitExceeded(limit: 64, offset: 7))
    // The root and the 64 maps below it each add their key: the 65th level cannot be entered.
    #expect(error.path == Array(repeating: "a", count: 65).joined(separator: "."))
    var reference = buffer.root
    for _ in 0..<64 { reference = try reference["a"] }
    #expect(flexError { try reference["a"] } == .depthLimitExceeded(limit: 64, offset: 7))

    let keys = try FlexBuffer(FlexBufferFixtures.selfReferentialKeys, limits: generous)
    #expect(try keys.root.key(at: 0) == "")
    #expect(try keys.root[""].type == .map)
    #expect(
      flexError { try keys.decode() }?.underlying == .depthLimitExceeded(limit: 64, offset: 7))
  }

  @Test("maps sharing one keys vector decode; unsorted or miscounted keys are errors")
  func sharedAndBrokenKeyVectors() throws {
    let shared = try FlexBuffer(FlexBufferFixtures.mapsSharingKeysVector)
    #expect(
      try shared.decode()
        == .vector([
          .map([("x", .int(1)), ("y", .int(2))]), .map([("x", .int(3)), ("y", .int(4))]),
        ]))
    #expect(try shared.root[1]["y"].asInt64() == 4)

    let unsorted = try FlexBuffer(FlexBufferFixtures.unsortedMapKeys)
    #expect(try unsorted.root.key(at: 0) == "b")
    let unsortedError = try #require(flexError { try unsorted.decode() })
    guard case .mapKeysNotSorted(let index, _) = unsortedError else {
      Issue.record("expected mapKeysNotSorted, got \(unsortedError)")
      return
    }
    #expect(index == 1)

    let miscounted = try FlexBuffer(FlexBufferFixtures.mapKeyCountMismatch)
    let miscountedError = try #require(flexError { try miscounted.decode() })
    guard case .mapKeyCountMismatch(keys: 3, values: 2, _) = miscountedError else {
      Issue.record("expected mapKeyCountMismatch, got \(miscountedError)")
      return
    }
    #expect(flexError { try miscounted.root["a"] } == miscountedError)
  }

  @Test("deep nesting beyond the limit is an error; a raised limit decodes it")
  func deepNesting() throws {
    let buffer = try FlexBuffer(FlexBufferFixtures.hundredNestedVectors)
    let error = try #require(flexError { try buffer.decode() })
    guard case .depthLimitExceeded(limit: 64, _) = error.underlying else {
      Issue.record("expected depthLimitExceeded, got \(error)")
      return
    }
    // The root and the 64 vectors below it each add their index: the 65th level cannot be entered.
    #expect(error.path == String(repeating: "[0]", count: 65))
    #expect(error.description.hasPrefix("In the value at [0][0]"))

    let raised = try FlexBuffer(
      FlexBufferFixtures.hundredNestedVectors, limits: FlexBufferLimits(maxDepth: 100))
    var expected = FlexValue.string("bottom")
    for _ in 0..<100 { expected = .vector([expected]) }
    #expect(try raised.decode() == expected)
    let tooLow = try FlexBuffer(
      FlexBufferFixtures.hundredNestedVectors, limits: FlexBufferLimits(maxDepth: 99))
    let tooLowError = flexError { try tooLow.decode() }
    guard case .depthLimitExceeded(limit: 99, _) = tooLowError?.underlying else {
      Issue.record("expected depthLimitExceeded, got \(String(describing: tooLowError))")
      return
    }
  }

  @Test("shared sub-vectors cannot blow up decoding time or memory")
  func sharedSubVectorBombs() throws {
    // 8^24 leaves reachable from 416 bytes.
    let bomb = try FlexBuffer(FlexBufferFixtures.sharedVectorBomb)
    #expect(try bomb.root.count == 8)
    var leaf = bomb.root
    for _ in 0..<24 { leaf = try leaf[7] }
    #expect(try leaf[1].asInt64() == 8)
    // The default budget is 4 values per byte of buffer: 1,664 here.
    let budget = FlexBufferLimits().valueBudget(
      bufferSize: FlexBufferFixtures.sharedVectorBomb.count)
    #expect(budget == 4 * 416)
    #expect(flexError { try bomb.decode() }?.underlying == .valueLimitExceeded(limit: budget))
    let small = try FlexBuffer(
      FlexBufferFixtures.sharedVectorBomb, limits: FlexBufferLimits(maxDecodedValues: 500))
    #expect(flexError { try small.decode() }?.underlying == .valueLimitExceeded(limit: 500))

    // One 1000-byte string reached 8^5 times.
    let strings = try FlexBuffer(
      FlexBufferFixtures.sharedStringBomb, limits: FlexBufferLimits(maxDecodedBytes: 100_000))
    #expect(flexError { try strings.decode() }?.underlying == .byteLimitExceeded(limit: 100_000))
    let enough = try FlexBuffer(
      FlexBufferFixtures.sharedStringBomb,
      limits: FlexBufferLimits(maxDecodedValuesPerByte: 100, maxDecodedBytes: 40_000_000))
    guard case .vector(let top) = try enough.decode() else {
      Issue.record("expected a vector")
      return
    }
    #expect(top.count == 8)
  }

  @Test("errors describe what and where")
  func errorDescriptions() {
    #expect(FlexBufferError.offsetOutOfBounds(300, offset: 12).description.contains("byte 12"))
    let wrapped = FlexBufferError.inValue(path: "names[2]", .stringNotTerminated(offset: 4))
    #expect(wrapped.underlying == .stringNotTerminated(offset: 4))
    #expect(wrapped.path == "names[2]")
    #expect(
      wrapped.description
        == "In the value at names[2]: The string starting at byte 4 is not followed by a NUL byte.")
    #expect(FlexBufferType.vectorFloat3.description == "VECTOR_FLOAT3")
    #expect(FlexBufferType.vectorFloat3.fixedLength == 3)
    #expect(FlexBufferType.vectorFloat3.elementType == .float)
    #expect(FlexBufferType.vectorBool.elementType == .bool)
  }
}
