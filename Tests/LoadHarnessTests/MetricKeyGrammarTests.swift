import Testing
@testable import LoadHarness

/// One grammar of a metric key (`MetricKeyParser`): the run's files write it in its canonical
/// form, thresholds in any order of their tags and with spaces, and both read the same key.
@Suite struct MetricKeyGrammarTests {
    @Test(arguments: [
        ("p99(open_feed){variant:weak}{stage:hold}{population:readers} < 20ms", "p99(open_feed){stage:hold}{population:readers}{variant:weak}"),
        ("p99 ( open_feed ) { population : readers } { stage : hold } < 20ms", "p99(open_feed){stage:hold}{population:readers}"),
        ("errors(setup.login) == 0", "errors(setup.login)"),
        ("p99.9{variant:strong-2} < 1s", "p99.9{variant:strong-2}"),
    ])
    func aThresholdsKeyIsAMetricKeyPrintedCanonically(text: String, key: String) throws {
        let parsed = try ThresholdParser.parse(text)
        #expect(parsed.written.key.description == key)
        #expect(MetricKey(parsing: key) == parsed.written.key)
        let threshold = parsed.threshold
        #expect(threshold.step == parsed.written.key.step && threshold.variant == parsed.written.key.variant
                    && threshold.stage == parsed.written.key.stage && threshold.population == parsed.written.key.population)
    }

    @Test func thePartsAreFoundWhereTheyWereWritten() throws {
        let written = try ThresholdParser.parse("p99(open_feed){variant:weak}{stage:hold}{population:readers} < 20ms").written
        #expect(written.nameCharacter == 1 && written.stepCharacter == 5 && written.variantCharacter == 24)
        #expect(written.stageCharacter == 36 && written.populationCharacter == 53)
    }

    /// The files name a population's step as the run does (`instructions(readers.open_feed)`);
    /// a threshold names it by `{population:NAME}`.
    @Test func aRunsStepNameIsAKeysButNotAThresholds() throws {
        for text in ["instructions(readers.open_feed)", "instructions(night-owls.setup.login)", "allocs_per_op(setup.login){variant:weak}"] {
            #expect(try #require(MetricKey(parsing: text)).description == text)
        }
        #expect(MetricKey(parsing: "instructions(readers.open_feed)")?.runStep == "readers.open_feed")
        #expect(throws: ThresholdSyntaxError(message: "malformed threshold 'p99(readers.open_feed) < 1ms': expected ')' after the step name at character 12",
                                             character: 12)) {
            try Threshold(parsing: "p99(readers.open_feed) < 1ms")
        }
        #expect(throws: ThresholdSyntaxError(message: "malformed threshold 'p99(-x) < 1ms': expected a step name after '(' at character 5",
                                             character: 5)) {
            try Threshold(parsing: "p99(-x) < 1ms")
        }
    }
}
