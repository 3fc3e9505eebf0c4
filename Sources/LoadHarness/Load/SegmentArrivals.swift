/// A shard's part of an open model's schedule (k6's execution segments over
/// ramping-arrival-rate): the iterations of the whole schedule whose index falls in the
/// segment's stripe, each at its own intended start, so the shards' iterations together are
/// the whole schedule's, once each, at the times an unsharded run starts them.
struct SegmentArrivals: ArrivalSchedule {
    let whole: any ArrivalSchedule
    /// The segment's elements of each run of `lcd` (ascending, never empty).
    let stripe: [Int]
    let lcd: Int
    let count: Int

    init(_ whole: any ArrivalSchedule, share: LoadShare) {
        self.whole = whole
        stripe = share.sequence.stripes[share.segment]
        lcd = share.sequence.lcd
        count = share.sequence.scale(whole.count, segment: share.segment)
    }

    /// The whole schedule's index of this part's iteration `index`.
    func wholeIndex(of index: Int) -> Int { index / stripe.count * lcd + stripe[index % stripe.count] }

    func start(of index: Int) -> UInt64 { whole.start(of: wholeIndex(of: index)) }
}
