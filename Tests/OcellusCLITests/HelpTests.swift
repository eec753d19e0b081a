import Foundation
import OcellusTestSupport
import Testing

/// `--help` on every subcommand, the command list, and the generated CLI reference.
@Suite("ocellus help", .enabled(if: ToolRunner.executable != nil))
struct HelpTests {
  /// The command names `ocellus help` lists (the first word of each indented entry).
  static func listedCommands() throws -> [String] {
    let overview = try ToolRunner.run(["help"])
    #expect(overview.status == 0)
    let body = overview.standardOutput.components(separatedBy: "commands:").last ?? ""
    return body.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.split(separator: " ").first.map(String.init)
    }
  }

  @Test("every listed command explains its usage, options and examples with --help")
  func perCommandHelp() throws {
    let commands = try Self.listedCommands()
    #expect(
      Set(["demo", "label", "detect", "track", "inspect", "run", "bench", "decode"])
        .isSubset(of: Set(commands)), "\(commands)")
    for command in commands {
      let viaFlag = try ToolRunner.run([command, "--help"])
      #expect(viaFlag.status == 0, "\(command): \(viaFlag.standardError)")
      #expect(viaFlag.standardOutput.hasPrefix("usage: ocellus \(command)"), "\(command)")
      #expect(viaFlag.standardOutput.contains("examples:"), "\(command) has no examples")
      let viaHelp = try ToolRunner.run(["help", command])
      #expect(viaHelp.standardOutput == viaFlag.standardOutput, "\(command)")
    }
  }

  @Test("the options a command's help names are the options it accepts")
  func helpMatchesParser() throws {
    for command in try Self.listedCommands() {
      let text = try ToolRunner.run([command, "--help"]).standardOutput
      let options =
        text.components(separatedBy: "options:").last?
        .components(separatedBy: "examples:").first ?? ""
      let names = options.split(separator: "\n").filter { $0.hasPrefix("  -") }.compactMap {
        $0.split(separator: " ").first.map(String.init)
      }
      #expect(!names.isEmpty || command == "demo", "\(command) lists no options")
      // An option the parser does not know is reported as "unknown option"; one it knows
      // fails otherwise (a missing value, a missing file) or not at all.
      for name in names {
        let result = try ToolRunner.run([command, name])
        #expect(
          !result.standardError.contains("unknown option"),
          "\(command) --help names \(name), which the command rejects")
      }
      let bogus = try ToolRunner.run([command, "--no-such-option"])
      #expect(bogus.status == 2)
      #expect(bogus.standardError.contains("unknown option --no-such-option"))
      #expect(bogus.standardError.contains("--help"), "a usage error points at --help")
    }
  }

  @Test("Docs/CLI.md is what `ocellus help --markdown` generates")
  func referenceIsCurrent() throws {
    let generated = try ToolRunner.run(["help", "--markdown"])
    #expect(generated.status == 0)
    let file = SharedData.packageRoot.appendingPathComponent("Docs/CLI.md")
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(
      committed == generated.standardOutput,
      "Docs/CLI.md is stale: regenerate it with `.build/release/ocellus help --markdown > Docs/CLI.md`"
    )
  }

  @Test("an unknown command or help topic is a usage error")
  func unknown() throws {
    let command = try ToolRunner.run(["frobnicate"])
    #expect(command.status == 2)
    #expect(command.standardError.contains("unknown command \"frobnicate\""))
    let topic = try ToolRunner.run(["help", "frobnicate"])
    #expect(topic.status == 2)
  }
}
