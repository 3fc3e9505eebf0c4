import RoostCommandLine

RoostCommandLine.main()
