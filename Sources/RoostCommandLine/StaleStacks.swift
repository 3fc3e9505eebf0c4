import SocialStack

/// Before a command makes stacks on files: removes the stack folders that runs which died
/// (SIGKILL, the OOM killer) left in the temporary directory, and says on stderr what went
/// and the space it freed. Folders of runs still going are left alone (`StaleStackSweeper`).
package enum StaleStacks {
    package static func sweep(for command: String) {
        let lines = StaleStackSweeper.sweep().lines
        for (index, line) in lines.enumerated() { printError(index == 0 || !line.hasPrefix("  ") ? "\(command): \(line)" : line) }
    }
}
