#if OCELLUS_AVX2 || OCELLUS_AVX512
  import Builtin
#endif

/// `output[i] = table[input[i]]` for a 256-entry byte table: the 8-bit elementwise kernels
/// (activations, fused `x · f(x)`), whose every result is tabulated at load.
///
/// The AVX2 and AVX-512 builds look up 32 or 64 bytes at a time with `vpshufb` (16-entry
/// lookups within each 128-bit lane, reached through the compiler's `Builtin` module, as in
/// ``VNNI``): the 256 entries are 16 rows of 16, and a byte `v = 16h + l` needs row `h` at `l`.
/// For `v < 128`, `v − 16k` keeps its top bit clear (so `vpshufb` reads the row) exactly for
/// `k ≤ h`, and `vpshufb` gives 0 for the others; with rows stored as running XORs
/// (`P₀ = T₀`, `Pₖ = Tₖ ⊕ Tₖ₋₁`) the XOR of the eight lookups is `T_h`. Bytes of 128 and above
/// take the same steps on `v − 128` over rows 8...15, and a blend on the top bit picks the
/// half. With AVX-512 VBMI (the `OcellusKernelsVBMI` module) two `vpermi2b` look up 64 bytes
/// in each half of the table and the same blend picks one. Every other build (and the tail)
/// reads the table byte by byte.
public enum ByteLookup {
  /// Looks up `count` bytes of `input` in `table` (256 entries), into `output`.
  @inline(never)
  public static func run(
    _ table: UnsafePointer<UInt8>, _ input: UnsafePointer<UInt8>,
    _ output: UnsafeMutablePointer<UInt8>, count: Int
  ) {
    var i = 0
    #if OCELLUS_VBMI
      if count >= 64 {
        let quarters = UnsafeRawPointer(table)
        let (q0, q1, q2, q3) = (
          quarters.loadUnaligned(as: ByteVector.self),
          quarters.loadUnaligned(fromByteOffset: 64, as: ByteVector.self),
          quarters.loadUnaligned(fromByteOffset: 128, as: ByteVector.self),
          quarters.loadUnaligned(fromByteOffset: 192, as: ByteVector.self)
        )
        while i &+ 64 <= count {
          let v = UnsafeRawPointer(input + i).loadUnaligned(as: ByteVector.self)
          let lower = permute(q0, v, q1)
          let upper = permute(q2, v, q3)
          UnsafeMutableRawPointer(output + i).storeBytes(
            of: xor(lower, and(xor(lower, upper), negativeMask(v))), as: ByteVector.self)
          i &+= 64
        }
      }
    #elseif OCELLUS_AVX2 || OCELLUS_AVX512
      if count >= ByteVector.scalarCount {
        xorRows(table).withUnsafeBufferPointer { rows in
          let rows = rows.baseAddress.unsafelyUnwrapped
          while i &+ ByteVector.scalarCount <= count {
            let v = UnsafeRawPointer(input + i).loadUnaligned(as: ByteVector.self)
            UnsafeMutableRawPointer(output + i).storeBytes(
              of: lookUp(v, rows), as: ByteVector.self)
            i &+= ByteVector.scalarCount
          }
        }
      }
    #endif
    while i < count {
      output[i] = table[Int(input[i])]
      i &+= 1
    }
  }

  #if OCELLUS_AVX2 || OCELLUS_AVX512
    // Builtin vector operations throughout: the generic SIMD operators on 32 or 64 bytes
    // compile lane by lane.
    #if OCELLUS_AVX512
      /// The bytes looked up at a time.
      typealias ByteVector = SIMD64<UInt8>

      /// `vpshufb`: per 128-bit lane, `table[index & 15]`, or 0 where the index's top bit is set.
      @inline(__always)
      static func shuffle(_ table: ByteVector, _ index: ByteVector) -> ByteVector {
        ByteVector(
          bits: Builtin.int_x86_avx512_pshuf_b_512(table._storage._value, index._storage._value))
      }

      @inline(__always)
      static func xor(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.xor_Vec64xInt8(a._storage._value, b._storage._value))
      }

      #if OCELLUS_VBMI
        /// `vpermi2b`: per byte, entry `index & 127` of the 128 bytes `low` then `high`.
        @inline(__always)
        static func permute(_ low: ByteVector, _ index: ByteVector, _ high: ByteVector)
          -> ByteVector
        {
          ByteVector(
            bits: Builtin.int_x86_avx512_vpermi2var_qi_512(
              low._storage._value, index._storage._value, high._storage._value))
        }
      #endif

      @inline(__always)
      static func and(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.and_Vec64xInt8(a._storage._value, b._storage._value))
      }

      @inline(__always)
      static func subtract(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.sub_Vec64xInt8(a._storage._value, b._storage._value))
      }

      @inline(__always)
      static func negativeMask(_ a: ByteVector) -> ByteVector {
        ByteVector(
          bits: Builtin.sext_Vec64xInt1_Vec64xInt8(
            Builtin.cmp_slt_Vec64xInt8(a._storage._value, Builtin.zeroInitializer())))
      }
    #else
      typealias ByteVector = SIMD32<UInt8>

      @inline(__always)
      static func shuffle(_ table: ByteVector, _ index: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.int_x86_avx2_pshuf_b(table._storage._value, index._storage._value))
      }

      @inline(__always)
      static func xor(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.xor_Vec32xInt8(a._storage._value, b._storage._value))
      }

      @inline(__always)
      static func and(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.and_Vec32xInt8(a._storage._value, b._storage._value))
      }

      @inline(__always)
      static func subtract(_ a: ByteVector, _ b: ByteVector) -> ByteVector {
        ByteVector(bits: Builtin.sub_Vec32xInt8(a._storage._value, b._storage._value))
      }

      @inline(__always)
      static func negativeMask(_ a: ByteVector) -> ByteVector {
        ByteVector(
          bits: Builtin.sext_Vec32xInt1_Vec32xInt8(
            Builtin.cmp_slt_Vec32xInt8(a._storage._value, Builtin.zeroInitializer())))
      }
    #endif

    /// The 16 rows of `table` as running XORs within each half (rows 0...7 and 8...15), each
    /// repeated across the vector's 128-bit lanes.
    static func xorRows(_ table: UnsafePointer<UInt8>) -> [ByteVector] {
      var rows = [ByteVector](repeating: ByteVector(), count: 16)
      rows.withUnsafeMutableBytes { bytes in
        for row in 0..<16 {
          for entry in 0..<16 {
            let index = row &* 16 &+ entry
            let value = row % 8 == 0 ? table[index] : table[index] ^ table[index &- 16]
            for lane in stride(from: entry, to: ByteVector.scalarCount, by: 16) {
              bytes[row &* ByteVector.scalarCount &+ lane] = value
            }
          }
        }
      }
      return rows
    }

    /// The table entries of the bytes of `v`, with the rows of ``xorRows(_:)``.
    @inline(__always)
    static func lookUp(_ v: ByteVector, _ rows: UnsafePointer<ByteVector>) -> ByteVector {
      let step = ByteVector(repeating: 16)
      var (low, high) = (v, xor(v, ByteVector(repeating: 0x80)))
      var (lower, upper) = (shuffle(rows[0], low), shuffle(rows[8], high))
      for k in 1..<8 {
        low = subtract(low, step)
        high = subtract(high, step)
        lower = xor(lower, shuffle(rows[k], low))
        upper = xor(upper, shuffle(rows[8 &+ k], high))
      }
      // Bytes of 128 and above (negative as Int8) take `upper`.
      return xor(lower, and(xor(lower, upper), negativeMask(v)))
    }
  #endif
}

#if OCELLUS_AVX512
  extension SIMD64<UInt8> {
    /// The vector whose storage is `bits`.
    @inline(__always)
    init(bits: Builtin.Vec64xInt8) {
      self.init()
      _storage._value = bits
    }
  }
#elseif OCELLUS_AVX2
  extension SIMD32<UInt8> {
    /// The vector whose storage is `bits`.
    @inline(__always)
    init(bits: Builtin.Vec32xInt8) {
      self.init()
      _storage._value = bits
    }
  }
#endif
