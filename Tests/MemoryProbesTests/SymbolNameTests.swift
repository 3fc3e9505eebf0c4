import Testing
@testable import MemoryProbes

/// Function names as profiles show them: demangled, without types, thunks and specializations.
@Suite struct SymbolNameTests {
    @Test(arguments: [
        ("Screens.ProfileHeader.init(user: SocialStack.User, stats: SocialStack.UserStats, isFollowing: Swift.Bool, isOwnProfile: Swift.Bool, avatarBytes: [Swift.UInt8]?, delegate: Screens.ProfileHeaderDelegate, strength: Screens.ReferencePolicy.Strength) -> Screens.ProfileHeader",
         "Screens.ProfileHeader.init(user:stats:isFollowing:isOwnProfile:avatarBytes:delegate:strength:)"),
        ("closure #1 (Swift.Int) -> Swift.UInt8 in Screens.LinkPreview.init(url: Swift.String) -> Screens.LinkPreview",
         "closure #1 in Screens.LinkPreview.init(url:)"),
        ("generic specialization <Screens.LinkPreview> of Swift.ContiguousArray._createNewBuffer(bufferIsUnique: Swift.Bool, minimumCapacity: Swift.Int, growForAppend: Swift.Bool) -> ()",
         "Swift.ContiguousArray._createNewBuffer(bufferIsUnique:minimumCapacity:growForAppend:)"),
        ("LoadHarness.StepPlayer.(measure in _9B212913FD91CE71DE4A94AC73D08511)(_: LoadHarness.Step, intendedStart: Swift.UInt64?) -> ()",
         "LoadHarness.StepPlayer.measure(_:intendedStart:)"),
        ("partial apply forwarder for closure #1 () -> (Swift.Result<(), Swift.Error>, Swift.UInt64) in LoadHarness.StepPlayer.(measure in _9B212913FD91CE71DE4A94AC73D08511)(_: LoadHarness.Step, intendedStart: Swift.UInt64?) -> ()",
         "closure #1 in LoadHarness.StepPlayer.measure(_:intendedStart:)"),
        ("Screens.App.window.getter : Screens.Window", "Screens.App.window.getter"),
        ("static (extension in GRDB):GRDB.FetchableRecord.fetchCursor<A where A1: GRDB.FetchRequest>(GRDB.Database, A1) throws -> GRDB.RecordCursor<A>",
         "static GRDB.FetchableRecord.fetchCursor(_:_:)"),
        ("generic not re-abstracted specialization <Swift.Int> of closure #1 (GRDB.Database) throws -> (A, SocialStack.Outbox) in SocialStack.Store.write<A>((GRDB.Database, inout SocialStack.Outbox) throws -> A) throws -> A",
         "closure #1 in SocialStack.Store.write(_:)"),
        ("Swift.String.append(Swift.String) -> ()", "Swift.String.append(_:)"),
        ("reabstraction thunk helper from @escaping @callee_guaranteed () -> () to @escaping @callee_unowned @convention(block) () -> ()",
         "reabstraction thunk"),
    ])
    func demangledNamesAreSimplified(demangled: String, simplified: String) {
        #expect(SymbolName.simplify(demangled) == simplified)
    }

    @Test func mangledSymbolsAreDemangledWithTheRuntime() {
        #expect(SymbolName.readable("$s7Screens13ProfileHeaderC4user11SocialStack4UserVvg") == "Screens.ProfileHeader.user.getter")
        #expect(SymbolName.readable("sqlite3_step") == "sqlite3_step")
        #expect(SymbolName.readable("_ZN5swift9RefCountsINS_13RefCountBitsTILNS_19RefCountInlinednessE1EEEE17allocateSideTableEb")
                == "swift::RefCounts::allocateSideTable")
    }

    @Test func aFrameWithoutASymbolShowsItsModuleAndOffset() {
        let frame = SymbolizedFrame(module: "libsqlite3.so.0", offset: 0xa7504, symbol: nil)
        #expect(frame.name == "libsqlite3.so.0+0xa7504")
        #expect(!frame.isAllocatorOrRuntime)
    }

    @Test func theSiteIsTheFirstFrameOutsideTheAllocatorAndTheRuntimes() {
        let frames = [
            SymbolizedFrame(module: "libswiftCore.so", offset: 1, symbol: "swift_slowAlloc"),
            SymbolizedFrame(module: "libswiftCore.so", offset: 2, symbol: "swift_allocObject"),
            SymbolizedFrame(module: "roost", offset: 3, symbol: "Screens.PixelBuffer.__allocating_init(decoding:points:)"),
            SymbolizedFrame(module: "roost", offset: 4, symbol: "Swift.Array.init(repeating:count:)"),
            SymbolizedFrame(module: "roost", offset: 5, symbol: "Screens.ProfileHeader.init(user:)"),
            SymbolizedFrame(module: "roost", offset: 6, symbol: "Screens.ProfileController.load()"),
        ]
        #expect(SymbolizedFrame.siteIndex(in: frames) == 4)
        // A library's unnamed internals stand under its first named function that is not an allocation wrapper.
        let sqlite = [
            SymbolizedFrame(module: "libsqlite3.so.0", offset: 1, symbol: nil),
            SymbolizedFrame(module: "libsqlite3.so.0", offset: 2, symbol: "sqlite3Malloc"),
            SymbolizedFrame(module: "libsqlite3.so.0", offset: 3, symbol: nil),
            SymbolizedFrame(module: "libsqlite3.so.0", offset: 4, symbol: "sqlite3_step"),
            SymbolizedFrame(module: "roost", offset: 5, symbol: "GRDB.DatabaseCursor.next()"),
        ]
        #expect(SymbolizedFrame.siteIndex(in: sqlite) == 3)
        #expect(SymbolizedFrame.siteIndex(in: Array(frames.prefix(2))) == nil)
    }
}
