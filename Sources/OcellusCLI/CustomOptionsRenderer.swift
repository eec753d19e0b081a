import TFLiteModel

/// Shows a custom operator's options: FlexBuffer options decoded into JSON, anything else as
/// its size.
enum CustomOptionsRenderer {
  static func json(_ bytes: ArraySlice<UInt8>) -> JSONValue {
    do {
      return convert(try FlexBuffer(bytes).decode())
    } catch {
      return .fields([("bytes", .int(bytes.count)), ("error", .string(error.description))])
    }
  }

  private static func convert(_ value: FlexValue) -> JSONValue {
    switch value {
    case .null: return .null
    case .int(let number): return Int(exactly: number).map(JSONValue.int) ?? .string(String(number))
    case .uint(let number):
      return Int(exactly: number).map(JSONValue.int) ?? .string(String(number))
    // FlexBuffer floats in TFLite options are written from 32-bit floats: show them that way.
    case .float(let number):
      return Double(Float(number)) == number ? .float(Float(number)) : .double(number)
    case .bool(let flag): return .bool(flag)
    case .string(let text), .key(let text): return .string(text)
    case .blob(let bytes): return .fields([("blob_bytes", .int(bytes.count))])
    case .vector(let items): return .array(items.map(convert))
    case .map(let members): return .fields(members.map { ($0.key, convert($0.value)) })
    }
  }
}
