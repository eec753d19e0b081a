import Imaging
import OcellusTestSupport
import Testing

/// Pixel, point and rectangle mapping between raw (stored) and display (upright) space.
@Suite("Orientation geometry")
struct OrientationGeometryTests {
  /// BEHAVIOR.md F.1 "display(u,v) ← stored(x,y)", typed in: EXIF → (u, v, W, H) → (x, y).
  static let pixelFormulas: [Int: @Sendable (Int, Int, Int, Int) -> (Int, Int)] = [
    1: { u, v, _, _ in (u, v) },
    2: { u, v, w, _ in (w - 1 - u, v) },
    3: { u, v, w, h in (w - 1 - u, h - 1 - v) },
    4: { u, v, _, h in (u, h - 1 - v) },
    5: { u, v, _, _ in (v, u) },
    6: { u, v, _, h in (v, h - 1 - u) },
    7: { u, v, w, h in (w - 1 - v, h - 1 - u) },
    8: { u, v, w, _ in (w - 1 - v, u) },
  ]

  /// The same for continuous coordinates: edges map to edges (W − u, not W − 1 − u).
  static let pointFormulas: [Int: @Sendable (Double, Double, Double, Double) -> (Double, Double)] =
    [
      1: { u, v, _, _ in (u, v) },
      2: { u, v, w, _ in (w - u, v) },
      3: { u, v, w, h in (w - u, h - v) },
      4: { u, v, _, h in (u, h - v) },
      5: { u, v, _, _ in (v, u) },
      6: { u, v, _, h in (v, h - u) },
      7: { u, v, w, h in (w - v, h - u) },
      8: { u, v, w, _ in (w - v, u) },
    ]

  static let sizes: [(Int, Int)] = [(5, 3), (4, 4), (1, 7), (8, 2), (1, 1), (17, 9)]

  @Test("integer pixel mapping is the F.1 formula and a bijection, both directions")
  func pixelFormulasMatch() throws {
    for orientation in ImageOrientation.allCases {
      let formula = try #require(Self.pixelFormulas[orientation.exifValue])
      for (w, h) in Self.sizes {
        let display = orientation.displaySize(forRawWidth: w, height: h)
        var seen = Set<Int>()
        for v in 0..<display.height {
          for u in 0..<display.width {
            let raw = orientation.rawPixel(forDisplayX: u, y: v, rawWidth: w, rawHeight: h)
            let expected = formula(u, v, w, h)
            #expect(
              raw.x == expected.0 && raw.y == expected.1, "\(orientation) \(w)×\(h) (\(u),\(v))")
            #expect((0..<w).contains(raw.x) && (0..<h).contains(raw.y))
            seen.insert(raw.y * w + raw.x)
            let back = orientation.displayPixel(forRawX: raw.x, y: raw.y, rawWidth: w, rawHeight: h)
            #expect(back.x == u && back.y == v, "\(orientation) \(w)×\(h) (\(u),\(v))")
          }
        }
        #expect(seen.count == w * h, "\(orientation) \(w)×\(h) must hit every raw pixel once")
      }
    }
  }

  @Test("out-of-range pixel arguments never trap")
  func extremePixelArguments() {
    for orientation in ImageOrientation.allCases {
      _ = orientation.rawPixel(forDisplayX: Int.min, y: Int.max, rawWidth: Int.min, rawHeight: 0)
      _ = orientation.displayPixel(
        forRawX: Int.max, y: Int.min, rawWidth: Int.max, rawHeight: Int.min)
    }
    #expect(
      ImageOrientation.down.rawPixel(forDisplayX: 0, y: 0, rawWidth: 10, rawHeight: 5) == (9, 4))
  }

  @Test("continuous point mapping is the F.1 formula with W − u, and round-trips")
  func pointFormulasMatch() throws {
    var random = SplitMix64(seed: 6)
    for orientation in ImageOrientation.allCases {
      let formula = try #require(Self.pointFormulas[orientation.exifValue])
      for _ in 0..<200 {
        let w = Double.random(in: 1...4000, using: &random)
        let h = Double.random(in: 1...4000, using: &random)
        let display = orientation.swapsWidthAndHeight ? (h, w) : (w, h)
        let p = ImagePoint(
          x: Double.random(in: 0...display.0, using: &random),
          y: Double.random(in: 0...display.1, using: &random))
        let raw = orientation.rawPoint(fromDisplay: p, rawWidth: w, rawHeight: h)
        let expected = formula(p.x, p.y, w, h)
        #expect(raw.x == expected.0 && raw.y == expected.1, "\(orientation)")
        let again = orientation.displayPoint(fromRaw: raw, rawWidth: w, rawHeight: h)
        #expect(abs(again.x - p.x) <= 1e-9 && abs(again.y - p.y) <= 1e-9, "\(orientation)")
        // Raw → display → raw as well.
        let q = ImagePoint(
          x: Double.random(in: 0...w, using: &random), y: Double.random(in: 0...h, using: &random))
        let there = orientation.displayPoint(fromRaw: q, rawWidth: w, rawHeight: h)
        #expect((0...display.0).contains(there.x) && (0...display.1).contains(there.y))
        let back = orientation.rawPoint(fromDisplay: there, rawWidth: w, rawHeight: h)
        #expect(abs(back.x - q.x) <= 1e-9 && abs(back.y - q.y) <= 1e-9, "\(orientation)")
        // Mapping by the inverse orientation in display space undoes the mapping too.
        let undone = orientation.inverse.displayPoint(
          fromRaw: there, rawWidth: display.0, rawHeight: display.1)
        #expect(abs(undone.x - q.x) <= 1e-9 && abs(undone.y - q.y) <= 1e-9, "\(orientation)")
      }
    }
  }

  @Test("a pixel's center maps to the mapped pixel's center")
  func centersAgreeWithPixelMapping() {
    for orientation in ImageOrientation.allCases {
      for (w, h) in Self.sizes {
        for y in 0..<h {
          for x in 0..<w {
            let pixel = orientation.displayPixel(forRawX: x, y: y, rawWidth: w, rawHeight: h)
            let center = orientation.displayPoint(
              fromRaw: ImagePoint(x: Double(x) + 0.5, y: Double(y) + 0.5), rawWidth: Double(w),
              rawHeight: Double(h))
            #expect(center == ImagePoint(x: Double(pixel.x) + 0.5, y: Double(pixel.y) + 0.5))
          }
        }
      }
    }
  }

  @Test("hand-computed rectangles")
  func handRects() {
    // A 100×50 raw frame, a box 20 wide and 10 high at (10, 5).
    let box = ImageRect(x: 10, y: 5, width: 20, height: 10)
    let expected: [ImageOrientation: ImageRect] = [
      .up: ImageRect(x: 10, y: 5, width: 20, height: 10),
      .upMirrored: ImageRect(x: 70, y: 5, width: 20, height: 10),
      .down: ImageRect(x: 70, y: 35, width: 20, height: 10),
      .downMirrored: ImageRect(x: 10, y: 35, width: 20, height: 10),
      .leftMirrored: ImageRect(x: 5, y: 10, width: 10, height: 20),
      // 90° clockwise: u = H − y, v = x.
      .right: ImageRect(x: 35, y: 10, width: 10, height: 20),
      .rightMirrored: ImageRect(x: 35, y: 70, width: 10, height: 20),
      // 90° counter-clockwise: u = y, v = W − x.
      .left: ImageRect(x: 5, y: 70, width: 10, height: 20),
    ]
    for orientation in ImageOrientation.allCases {
      let display = orientation.displayRect(fromRaw: box, rawWidth: 100, rawHeight: 50)
      #expect(display == expected[orientation], "\(orientation)")
      #expect(orientation.rawRect(fromDisplay: display, rawWidth: 100, rawHeight: 50) == box)
      // The whole image maps to the whole display image: edges to edges.
      let whole = orientation.displayRect(
        fromRaw: ImageRect(x: 0, y: 0, width: 100, height: 50), rawWidth: 100, rawHeight: 50)
      let size = orientation.displaySize(forRawWidth: 100, height: 50)
      #expect(
        whole == ImageRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
    }
    // Normalized coordinates work with a 1 × 1 "size".
    #expect(
      ImageOrientation.right.displayRect(
        fromRaw: ImageRect(x: 0.1, y: 0.25, width: 0.5, height: 0.5), rawWidth: 1, rawHeight: 1)
        == ImageRect(x: 0.25, y: 0.1, width: 0.5, height: 0.5))
  }

  @Test("raw → display → raw is the identity on random rectangles, all eight orientations")
  func rectRoundTrips() {
    var random = SplitMix64(seed: 66)
    for orientation in ImageOrientation.allCases {
      for _ in 0..<500 {
        let w = Double(Int.random(in: 1...4096, using: &random))
        let h = Double(Int.random(in: 1...4096, using: &random))
        let x0 = Double.random(in: 0...w, using: &random)
        let y0 = Double.random(in: 0...h, using: &random)
        let rect = ImageRect(
          x: x0, y: y0, width: Double.random(in: 0...(w - x0), using: &random),
          height: Double.random(in: 0...(h - y0), using: &random))
        let display = orientation.displayRect(fromRaw: rect, rawWidth: w, rawHeight: h)
        #expect(display.width >= 0 && display.height >= 0)
        let area = display.width * display.height
        #expect(abs(area - rect.width * rect.height) <= 1e-6 * max(1, area), "\(orientation)")
        let back = orientation.rawRect(fromDisplay: display, rawWidth: w, rawHeight: h)
        #expect(abs(back.x - rect.x) <= 1e-9 && abs(back.y - rect.y) <= 1e-9, "\(orientation)")
        #expect(abs(back.maxX - rect.maxX) <= 1e-9 && abs(back.maxY - rect.maxY) <= 1e-9)
        // Integer rectangles survive exactly.
        let integral = ImageRect(
          x: Double(Int(x0)), y: Double(Int(y0)), width: Double(Int(rect.width)),
          height: Double(Int(rect.height)))
        let mapped = orientation.displayRect(fromRaw: integral, rawWidth: w, rawHeight: h)
        #expect(orientation.rawRect(fromDisplay: mapped, rawWidth: w, rawHeight: h) == integral)
        // Display → raw → display too.
        #expect(
          orientation.displayRect(
            fromRaw: orientation.rawRect(fromDisplay: mapped, rawWidth: w, rawHeight: h),
            rawWidth: w, rawHeight: h) == mapped)
      }
    }
  }

  @Test("a rectangle given by reversed corners is standardized")
  func reversedRect() {
    let rect = ImageRect(x: 30, y: 15, width: -20, height: -10)
    #expect(rect.minX == 10 && rect.maxX == 30 && rect.minY == 5 && rect.maxY == 15)
    let display = ImageOrientation.up.displayRect(fromRaw: rect, rawWidth: 100, rawHeight: 50)
    #expect(display == ImageRect(x: 10, y: 5, width: 20, height: 10))
    #expect(
      ImageRect(corners: ImagePoint(x: 3, y: 9), ImagePoint(x: 1, y: 2))
        == ImageRect(x: 1, y: 2, width: 2, height: 7))
  }

  @Test("mapping through two orientations equals mapping through their concatenation")
  func pointComposition() {
    let w = 640.0
    let h = 480.0
    let p = ImagePoint(x: 100.25, y: 33.5)
    for a in ImageOrientation.allCases {
      let mid = a.displayPoint(fromRaw: p, rawWidth: w, rawHeight: h)
      let midSize = a.swapsWidthAndHeight ? (h, w) : (w, h)
      for b in ImageOrientation.allCases {
        let twice = b.displayPoint(fromRaw: mid, rawWidth: midSize.0, rawHeight: midSize.1)
        let once = a.concatenated(b).displayPoint(fromRaw: p, rawWidth: w, rawHeight: h)
        #expect(twice == once, "\(a) then \(b)")
      }
    }
  }
}
