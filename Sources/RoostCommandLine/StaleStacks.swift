import Foundation
import SocialStack

/// Before a command makes stacks: removes the stack folders that runs which died (SIGKILL,
/// the OOM killer) left in the temporary directory and in the memory file system (`.memory`
/// stacks, `MemoryFolder`), and says on stderr what went and the space it freed. Folders of
/// runs still going are left alone (`StaleStackSweeper`).
enum StaleStacks {
    static func sweep(for command: String) {
        var sweep = StaleStackSweeper.sweep()
        let memory = URL(fileURLWithPath: MemoryFolder.default.path, isDirectory: true)
        if memory.standardizedFileURL != StackFolder.defaultRoot.standardizedFileURL {
            sweep.merge(StaleStackSweeper.sweep(root: memory))
        }
        let lines = sweep.lines
        for (index, line) in lines.enumerated() { printError(index == 0 || !line.hasPrefix("  ") ? "\(command): \(line)" : line) }
    }
}
