import RoostCommandLine

RoostCommandLine.main(root: RoostBenchCommand.self)
