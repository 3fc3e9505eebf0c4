/// Why `roost run --instructions` could not count a run's instructions.
public enum InstructionRunError: Error, CustomStringConvertible, Equatable {
    /// valgrind is not on PATH.
    case valgrindMissing
    /// objcopy (binutils) is not on PATH: the stripped copy of roost cannot be made.
    case objcopyMissing
    /// objcopy failed on the roost binary.
    case stripFailed(binary: String, status: Int32)
    /// The run under callgrind failed (exit status 1 or a signal), before writing its reports.
    case playFailed(scenario: String, status: Int32, log: String)
    /// `--allocation-profile` other than `off` with `--instructions`: the profile is off under callgrind.
    case allocationProfileUnderCallgrind(mode: String)
    /// A dump file could not be read.
    case unreadableDump(path: String)
    /// The run under callgrind wrote no dump of a measured step.
    case noDumps(scenario: String, folder: String)

    public var description: String {
        switch self {
        case .valgrindMissing:
            "roost run --instructions: valgrind is not installed (no `valgrind` on PATH); install it with "
                + "`sudo apt-get install valgrind` (Debian, Ubuntu) and run again. Nothing was run."
        case .objcopyMissing:
            "roost run --instructions: objcopy is not installed (no `objcopy` on PATH), needed to strip the DWARF valgrind "
                + "3.19 cannot read from a copy of roost; install it with `sudo apt-get install binutils`. Nothing was run."
        case .stripFailed(let binary, let status):
            "roost run --instructions: `objcopy --strip-debug \(binary)` failed (exit status \(status)); nothing was run."
        case .playFailed(let scenario, let status, let log):
            "roost run --instructions: the run of \(scenario) under callgrind failed (exit status \(status))"
                + (log.isEmpty ? "" : "; valgrind's last lines:\n" + log)
        case .allocationProfileUnderCallgrind(let mode):
            "roost run --instructions: --allocation-profile \(mode) is not recorded under callgrind (its stack walk on every "
                + "allocation would count as the step's instructions); leave the option out or use `off`, and record the "
                + "profile with a plain `roost run`. Nothing was run."
        case .unreadableDump(let path):
            "roost run --instructions: cannot read callgrind's dump \(path)"
        case .noDumps(let scenario, let folder):
            "roost run --instructions: the run of \(scenario) under callgrind counted no measured step (no dump in \(folder))"
        }
    }
}
