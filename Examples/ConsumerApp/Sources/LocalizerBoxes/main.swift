// The object localizer's raw outputs, as `ocellus run` writes them (out0.npy boxes [1,100,4] as
// ymin, xmin, ymax, xmax normalized; out2.npy scores [1,100]; out3.npy count [1]; float32),
// turned into the base detector's boxes in a WIDTH × HEIGHT image by the documented
// post-processing (Docs/BEHAVIOR.md D.1, C.2): scores strictly above 0.2; x = trunc(xmin·W),
// y = trunc(ymin·H), width = trunc(round(|xmax − xmin|·W)), height likewise, clamped to the
// image, empty boxes dropped; class-agnostic NMS by score (ties by row) dropping IoU > 0.5.
// Written here without Ocellus, so it checks Ocellus' own post-processing.
//
//   LocalizerBoxes OUTPUT_DIR WIDTH HEIGHT
import Foundation

/// The float32 values of a little-endian `<f4` .npy file.
func floats(_ path: String) -> [Float] {
  guard let data = FileManager.default.contents(atPath: path), data.count > 10 else {
    print("cannot read \(path)")
    exit(2)
  }
  let bytes = [UInt8](data)
  let headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
  let body = bytes[(10 + headerLength)...]
  return stride(from: body.startIndex, to: body.endIndex - 3, by: 4).map { i in
    Float(
      bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16
        | UInt32(bytes[i + 3]) << 24)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let width = Int(arguments[2]), let height = Int(arguments[3]) else {
  print("usage: LocalizerBoxes OUTPUT_DIR WIDTH HEIGHT")
  exit(2)
}
let boxes = floats(arguments[1] + "/out0.npy")
let scores = floats(arguments[1] + "/out2.npy")
let count = Int(floats(arguments[1] + "/out3.npy")[0])

struct Box {
  var x0, y0, x1, y1: Int
  var score: Float
  var row: Int
  var area: Float { Float(y1 - y0) * Float(x1 - x0) }
}

var candidates: [Box] = []
for row in 0..<count where scores[row] > 0.2 {
  let (ymin, xmin, ymax, xmax) = (
    boxes[row * 4], boxes[row * 4 + 1], boxes[row * 4 + 2], boxes[row * 4 + 3]
  )
  let (w, h) = (Float(width), Float(height))
  let x = Int(xmin * w)
  let y = Int(ymin * h)
  let boxWidth = Int((abs(xmax - xmin) * w).rounded())
  let boxHeight = Int((abs(ymax - ymin) * h).rounded())
  let x0 = min(max(x, 0), width)
  let x1 = min(max(x + boxWidth, 0), width)
  let y0 = min(max(y, 0), height)
  let y1 = min(max(y + boxHeight, 0), height)
  if x1 > x0 && y1 > y0 {
    candidates.append(Box(x0: x0, y0: y0, x1: x1, y1: y1, score: scores[row], row: row))
  }
}
candidates.sort { $0.score != $1.score ? $0.score > $1.score : $0.row < $1.row }
var kept: [Box] = []
for box in candidates {
  let overlaps = kept.contains { other in
    let iw = max(0, min(other.x1, box.x1) - max(other.x0, box.x0))
    let ih = max(0, min(other.y1, box.y1) - max(other.y0, box.y0))
    let shared = Float(iw) * Float(ih)
    return shared / (other.area + box.area - shared) > 0.5
  }
  if !overlaps { kept.append(box) }
}
for box in kept {
  print("object x \(box.x0) y \(box.y0) w \(box.x1 - box.x0) h \(box.y1 - box.y0)")
}
