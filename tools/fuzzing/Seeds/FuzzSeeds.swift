import Foundation

/// `fuzz-seeds TARGET OUTPUT REPOSITORY SHARED`: writes the seed corpus of one fuzz target (see
/// ``SeedCorpus``) into OUTPUT, from the repository's own files, ../shared and synthetic inputs.
@main
enum FuzzSeeds {
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count == 5 else {
      FileHandle.standardError.write(
        Data("usage: fuzz-seeds TARGET OUTPUT REPOSITORY SHARED\n".utf8))
      exit(2)
    }
    var corpus = SeedCorpus(
      output: URL(fileURLWithPath: arguments[2]), repository: URL(fileURLWithPath: arguments[3]),
      shared: URL(fileURLWithPath: arguments[4]))
    do {
      try corpus.write(target: arguments[1])
      print("fuzz-seeds: \(corpus.count) seeds for \(arguments[1])")
    } catch {
      FileHandle.standardError.write(Data("fuzz-seeds: \(error)\n".utf8))
      exit(1)
    }
  }
}
