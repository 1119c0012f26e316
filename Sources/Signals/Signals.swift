// The reactive core. See State.swift, Computed.swift, Effect.swift.
