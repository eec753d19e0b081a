// The `ocellus` command-line tool: the project's front door.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let status = OcellusCommand.run(arguments)
exit(status)
