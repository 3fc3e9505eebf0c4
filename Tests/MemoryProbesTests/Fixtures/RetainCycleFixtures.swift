// Small object graphs for the retain-cycle suites, each with a known verdict. The types
// live in the `RetainCycleFixtures` namespace so that their short names (which the detector
// prints unqualified: `ProfileController`, `Box<CacheController>`) do not clash with other
// test files. Every root type has a `tearDown()` that breaks its cycles, so the test process
// does not keep hundreds of leaked graphs alive.

enum RetainCycleFixtures {}
