import Foundation

/// The memory and retention of one variant split over shards, as the fleet's (design section
/// 17): the shards' rows of `memory.csv` and `retention.csv` lined up by wall clock, each merged
/// row what every shard held at that moment added up, and one retention fit for the fleet.
/// A shard's row of a second (a long run's, `SecondRows`) stays a row of a second: its lows and
/// highs are that shard's, the other shards counted at their latest values.
enum FleetMemory {
    /// Every part's memory rows by wall clock (`offset`: seconds from the merged phase's start
    /// to the part's); at each, the sum of every part's latest reading so far.
    static func memory(_ parts: [VariantResult], offset: (VariantResult) -> Double) -> [MemoryRow] {
        let rows = parts.indices.flatMap { index in
            parts[index].memoryTable.map { (time: offset(parts[index]) * 1_000 + $0.last.elapsedMilliseconds, part: index, row: $0) }
        }.sorted { ($0.time, $0.part) < ($1.time, $1.part) }
        var latest: [Int: MemorySample] = [:]
        return rows.map { reading in
            let others = latest.filter { $0.key != reading.part }.values
            latest[reading.part] = reading.row.last
            let all = latest.values
            let sample = MemorySample(
                elapsedMilliseconds: reading.time, iteration: all.reduce(0) { $0 + $1.iteration },
                allocatedBytes: all.reduce(0) { $0 + $1.allocatedBytes }, residentBytes: all.reduce(0) { $0 + $1.residentBytes },
                rssBytes: all.reduce(0) { $0 + $1.rssBytes }, liveTrackedObjects: all.reduce(0) { $0 + $1.liveTrackedObjects })
            guard reading.row.readings > 1 else { return MemoryRow(sample) }
            let allocated = others.reduce(0) { $0 + $1.allocatedBytes }, rss = others.reduce(0) { $0 + $1.rssBytes }
            return MemoryRow(
                last: sample, readings: reading.row.readings,
                allocatedBytes: reading.row.allocatedBytes.lowerBound + allocated...reading.row.allocatedBytes.upperBound + allocated,
                rssBytes: reading.row.rssBytes.lowerBound + rss...reading.row.rssBytes.upperBound + rss)
        }
    }

    /// Every part's retention rows by wall clock; at each, the sum of every part's latest
    /// retained bytes, closes numbered across the fleet. A row of a second carries the fleet's
    /// fit (`fit(_:)`) over every part's closes so far.
    static func retention(_ parts: [VariantResult], offset: (VariantResult) -> Double) -> [RetentionRow] {
        let rows = parts.indices.flatMap { index in
            parts[index].retentionTable.map { (time: offset(parts[index]) * 1_000 + $0.last.elapsedMilliseconds, part: index, row: $0) }
        }.sorted { ($0.time, $0.part, $0.row.last.close) < ($1.time, $1.part, $1.row.last.close) }
        var latest: [Int: RetentionPoint] = [:], first: [Int: Int] = [:]
        let fleetFirst = rows.first?.row.last.retainedBytes ?? 0
        // A part's fit so far: the one its latest row of a second recorded, else its closes' refitted.
        var recorded: [Int: RetentionFit] = [:], perClose: [Int: RetentionFit.Accumulator] = [:]
        var closes = 0
        return rows.map { close in
            let row = close.row, part = close.part
            let others = latest.filter { $0.key != part }.values
            latest[part] = row.last
            if first[part] == nil { first[part] = row.last.retainedBytes }
            if row.closes > 1 {
                if let fit = row.fit { recorded[part] = fit }
            } else {
                perClose[part, default: RetentionFit.Accumulator(keepingFirst: MemorySampler.rowPerReadingLimit)].add(row.last)
            }
            closes += row.closes
            let all = latest.values
            let point = RetentionPoint(
                close: closes, iteration: all.reduce(0) { $0 + $1.iteration }, step: row.last.step, elapsedMilliseconds: close.time,
                retainedBytes: all.reduce(0) { $0 + $1.retainedBytes }, liveTrackedObjects: all.reduce(0) { $0 + $1.liveTrackedObjects })
            guard row.closes > 1 else { return RetentionRow(point) }
            let retained = others.reduce(0) { $0 + $1.retainedBytes }
            return RetentionRow(
                last: point, closes: row.closes,
                retainedBytes: row.retainedBytes.lowerBound + retained...row.retainedBytes.upperBound + retained,
                fit: fit(first.keys.sorted().compactMap { recorded[$0] ?? perClose[$0]?.fit }, firstRetainedBytes: fleetFirst))
        }
    }

    /// The fleet's retention fit from its parts'. The fleet's retained bytes after C closes are
    /// the parts' added up, each having made its share c = w·C of them, so the line is the
    /// parts' lines added: the intercept the sum of theirs, the bytes per close their mean
    /// weighted by closes; the growth the sum of theirs; R² the lowest of theirs (the fleet's
    /// line fits no better than its worst part's). The tolerance comes from
    /// `firstRetainedBytes`, the fleet's at its first close, as a fit read back from the
    /// merged `retention.csv` takes it from its first row.
    static func fit(_ parts: [RetentionFit], firstRetainedBytes: Int) -> RetentionFit? {
        let closes = parts.reduce(0) { $0 + $1.closes }
        guard closes > 0, let lowest = parts.map(\.rSquared).min() else { return nil }
        return RetentionFit(
            closes: closes, bytesPerClose: parts.reduce(0.0) { $0 + $1.bytesPerClose * Double($1.closes) } / Double(closes),
            intercept: parts.reduce(0.0) { $0 + $1.intercept }, rSquared: lowest, growthBytes: parts.reduce(0) { $0 + $1.growthBytes },
            firstRetainedBytes: firstRetainedBytes)
    }

    /// The fleet's fit over every close of every part, for a variant some part of which kept
    /// rows of a second (its own fit is over every close, not over its rows); nil otherwise:
    /// the merged fit is then the line through the fleet's retention points, as for one run.
    /// `retention` is the fleet's rows (`retention(_:offset:)`).
    static func fitOverAllCloses(_ parts: [VariantResult], retention: [RetentionRow]) -> RetentionFit? {
        guard parts.contains(where: { $0.fitOverAllCloses != nil }), let first = retention.first else { return nil }
        return fit(parts.compactMap(\.retentionFit), firstRetainedBytes: first.last.retainedBytes)
    }
}
