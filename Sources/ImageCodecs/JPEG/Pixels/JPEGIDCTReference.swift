internal import OcellusKernels

/// The plain scalar reference of the accurate integer ("islow") inverse DCT, bit-exact with the
/// libjpeg-turbo 3.2.0 x86-64 SIMD routine (`jsimd_idct_islow_avx2` / `_sse2`) that Pillow runs.
///
/// That routine is `jidctint.c` (same constants, `CONST_BITS` 13, `PASS1_BITS` 2, same
/// descaling) computed in 16-bit lanes. For every block a valid JPEG can produce its output
/// equals `jidctint.c` (see ``JPEGIDCTPortable``); for corrupt coefficients it differs, and the
/// conformance references were made with it, so Ocellus follows it:
/// - dequantization keeps the low 16 bits of coefficient × quantizer (`pmullw`);
/// - when coefficient rows 1...7 of the block are all zero, pass 1 is `dequantized << 2` in 16 bits;
/// - the sums `in0 ± in4`, `in7 + in3`, `in5 + in1` wrap to 16 bits;
/// - pass outputs saturate to 16 bits (`packssdw`), the final samples to −128...127 (`packsswb`)
///   before adding 128.
///
/// This type is the readable definition; ``JPEGIDCT`` is the vectorized path checked against it.
package enum JPEGIDCTReference {
  /// Dequantizes and inverse-transforms one block: `coefficients` and `quantization` hold 64
  /// values in natural (row-major) order (missing entries count as 0); returns 64 samples,
  /// row-major, 0...255.
  package static func transform(_ coefficients: [Int16], quantization: [UInt16]) -> [UInt8] {
    JPEGIDCTCommon.transform(coefficients, quantization: quantization) {
      transform($0, $1, $2, stride: $3)
    }
  }

  /// Transforms the block at `coefficients` (64 values) with `quantization` (64 quantizers as
  /// 16-bit patterns) into 8 rows of 8 samples at `output`, rows `stride` bytes apart.
  static func transform(
    _ coefficients: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
    _ output: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    var workspace = [Int32](repeating: 0, count: 64)
    var acZero = true
    for i in 8..<64 where coefficients[i] != 0 { acZero = false }
    if acZero {
      for column in 0..<8 {
        let dequantized = coefficients[column] &* quantization[column]
        let value = Int32(dequantized &<< 2)
        for row in 0..<8 { workspace[row * 8 + column] = value }
      }
    } else {
      for column in 0..<8 {
        var input = [Int32](repeating: 0, count: 8)
        for k in 0..<8 {
          input[k] = Int32(coefficients[k * 8 + column] &* quantization[k * 8 + column])
        }
        let result = pass(input, shift: 11)
        for k in 0..<8 { workspace[k * 8 + column] = saturate16(result[k]) }
      }
    }
    for row in 0..<8 {
      let result = pass(Array(workspace[(row * 8)..<(row * 8 + 8)]), shift: 18)
      for k in 0..<8 {
        let sample = min(max(result[k], -128), 127) + 128
        output[row * stride + k] = UInt8(truncatingIfNeeded: sample)
      }
    }
  }

  /// One 1-D pass over 8 inputs (16-bit values), descaled by `shift` with rounding, not yet
  /// saturated.
  static func pass(_ input: [Int32], shift: Int32) -> [Int32] {
    let in0 = input[0]
    let in1 = input[1]
    let in2 = input[2]
    let in3 = input[3]
    let in4 = input[4]
    let in5 = input[5]
    let in6 = input[6]
    let in7 = input[7]
    let c = JPEGIDCTConstants.self
    // Even part.
    let tmp3 = in2 &* c.f130 &+ in6 &* c.fix0p541196100
    let tmp2 = in2 &* c.fix0p541196100 &+ in6 &* c.mf130
    let tmp0 = wrap16(in0 &+ in4) &<< 13
    let tmp1 = wrap16(in0 &- in4) &<< 13
    let tmp10 = tmp0 &+ tmp3
    let tmp13 = tmp0 &- tmp3
    let tmp11 = tmp1 &+ tmp2
    let tmp12 = tmp1 &- tmp2
    // Odd part.
    let z3 = wrap16(in7 &+ in3)
    let z4 = wrap16(in5 &+ in1)
    let z3r = z3 &* c.mf078 &+ z4 &* c.fix1p175875602
    let z4r = z3 &* c.fix1p175875602 &+ z4 &* c.f078
    let odd0 = in7 &* c.mf060 &+ in1 &* -c.fix0p899976223 &+ z3r
    let odd1 = in5 &* c.mf050 &+ in3 &* -c.fix2p562915447 &+ z4r
    let odd2 = in5 &* -c.fix2p562915447 &+ in3 &* c.f050 &+ z3r
    let odd3 = in7 &* -c.fix0p899976223 &+ in1 &* c.f060 &+ z4r
    let round: Int32 = 1 &<< (shift - 1)
    return [
      (tmp10 &+ odd3 &+ round) &>> shift, (tmp11 &+ odd2 &+ round) &>> shift,
      (tmp12 &+ odd1 &+ round) &>> shift, (tmp13 &+ odd0 &+ round) &>> shift,
      (tmp13 &- odd0 &+ round) &>> shift, (tmp12 &- odd1 &+ round) &>> shift,
      (tmp11 &- odd2 &+ round) &>> shift, (tmp10 &- odd3 &+ round) &>> shift,
    ]
  }

  /// The low 16 bits of `value`, sign-extended.
  static func wrap16(_ value: Int32) -> Int32 { Int32(Int16(truncatingIfNeeded: value)) }

  /// `value` saturated to −32768...32767.
  static func saturate16(_ value: Int32) -> Int32 { min(max(value, -32768), 32767) }
}
