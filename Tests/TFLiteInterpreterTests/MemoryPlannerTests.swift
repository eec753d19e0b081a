import OcellusTestSupport
@_spi(Testing) import TFLiteInterpreter
import Testing

/// The arena layouts: buffers alive at the same time never share a byte, offsets are aligned,
/// and in the two-thread layout every byte is on the same side of the middle of each buffer
/// that owns it in turn.
@Suite("Memory planner: disjoint live buffers, centred halves for two threads")
struct MemoryPlannerTests {
  /// Random buffers of 1 B to 300 KiB living a few nodes each in a 60-node run.
  static func requests(seed: UInt64, count: Int) -> [MemoryPlanner.Request] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      let first = Int(generator.next() % 60)
      let size = Int(
        generator.next() % 5 == 0 ? generator.next() % 4096 : generator.next() % 307_200)
      return .init(size: max(size, 1), firstUse: first, lastUse: first + Int(generator.next() % 6))
    }
  }

  @Test("Buffers alive together are disjoint and inside the arena", arguments: [1, 2, 3, 4])
  func disjoint(seed: UInt64) {
    let requests = Self.requests(seed: seed, count: 120)
    for (name, layout) in [
      ("plain", MemoryPlanner.plan(requests)),
      ("centred", MemoryPlanner.planCentered(requests, minimumBytes: 4096)),
    ] {
      #expect(Self.conflicts(requests, layout.offsets).isEmpty, "\(name)")
      for (request, offset) in zip(requests, layout.offsets) {
        #expect(offset % MemoryPlanner.alignment == 0, "\(name): offset \(offset)")
        #expect(offset >= 0 && offset + request.size <= layout.arenaBytes, "\(name)")
      }
    }
  }

  @Test("Centred buffers that share memory share their middle", arguments: [1, 2, 3, 4])
  func centred(seed: UInt64) {
    let requests = Self.requests(seed: seed, count: 120)
    let (offsets, _) = MemoryPlanner.planCentered(requests, minimumBytes: 4096)
    var sharing = 0
    for a in requests.indices where requests[a].size >= 4096 {
      for b in requests.indices where b > a && requests[b].size >= 4096 {
        let (ra, rb) = (requests[a], requests[b])
        guard offsets[a] < offsets[b] + rb.size, offsets[b] < offsets[a] + ra.size else {
          continue
        }
        sharing += 1
        let middles = (offsets[a] + ra.size / 2, offsets[b] + rb.size / 2)
        #expect(
          abs(middles.0 - middles.1) < MemoryPlanner.alignment,
          "buffers \(a) and \(b) share memory with middles at \(middles)")
      }
    }
    #expect(sharing > 0, "no two centred buffers reused memory")
  }

  @Test("The centred layout costs little memory over the plain one")
  func compact() {
    let requests = Self.requests(seed: 7, count: 120)
    let plain = MemoryPlanner.plan(requests).arenaBytes
    let centred = MemoryPlanner.planCentered(requests, minimumBytes: 4096).arenaBytes
    #expect(centred <= plain * 3 / 2, "centred \(centred) bytes against \(plain)")
  }

  /// Pairs of buffers alive at a common node whose bytes overlap.
  static func conflicts(_ requests: [MemoryPlanner.Request], _ offsets: [Int]) -> [(Int, Int)] {
    var found: [(Int, Int)] = []
    for a in requests.indices {
      for b in requests.indices where b > a {
        let (ra, rb) = (requests[a], requests[b])
        let together = ra.firstUse <= rb.lastUse && rb.firstUse <= ra.lastUse
        let overlap = offsets[a] < offsets[b] + rb.size && offsets[b] < offsets[a] + ra.size
        if together && overlap { found.append((a, b)) }
      }
    }
    return found
  }
}
