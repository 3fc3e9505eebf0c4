/// Finds the valid word nearest to a mistyped one, for "did you mean ...?" hints.
enum Suggestion {
    /// The candidate closest to `word` by edit distance (case-insensitive, a swap of two
    /// neighbours counting as one edit), or nil when none is close enough to be a likely typo.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        let allowed = typed.count <= 5 ? 1 : typed.count <= 9 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let lowered = Array(candidate.lowercased())
            var distance = editDistance(typed, lowered)
            // A prefix of a long name ("fanout" for "fanOutOnRead") is a likely abbreviation.
            if distance > allowed, typed.count >= 3, lowered.starts(with: typed) { distance = allowed }
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `"; did you mean 'x'?"` when a candidate is close, else the empty string.
    static func hint(for word: String, in candidates: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
        nearest(to: word, in: candidates).map { "; did you mean \(quote($0))?" } ?? ""
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters each cost one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
