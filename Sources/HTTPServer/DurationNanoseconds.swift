extension Duration {
    /// The duration in whole nanoseconds, clamped at zero (the event loop's clock unit).
    var nanoseconds: UInt64 {
        let parts = components
        guard parts.seconds >= 0 else { return 0 }
        return UInt64(parts.seconds) * 1_000_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000)
    }
}
