import Foundation
import HTTPServer
import Models
import Synchronization

/// The host key, checked from any thread, and the devices that keep getting it wrong: after
/// `allowedFailures` wrong keys a device waits (429, whatever key it sends) until `wait` has
/// passed since its last failure. The first failure of a burst is said once on stderr (with the
/// device's address), the rest of the burst is not.
///
/// A wrong key sent again as it was (a tab still holding the key of an earlier class, asking
/// again) counts once: guessing means trying other keys.
final class HostKeyGuard: Sendable {
    /// Wrong keys a device may send before it must wait.
    static let allowedFailures = 10
    /// How long a device waits after its last failure once it has used up its tries; a burst
    /// also ends when this passes without a failure.
    static let wait: Duration = .seconds(60)
    /// Devices remembered before the list is cleared (a flood of addresses cannot grow it).
    private static let maxDevices = 4096

    private struct Device {
        var failures = 0
        var lastFailure: ContinuousClock.Instant
        var lastWrongKey = ""
    }

    private let key: String
    private let devices = Mutex<[String: Device]>([:])
    private let now: @Sendable () -> ContinuousClock.Instant
    private let say: @Sendable (String) -> Void

    /// A guard of `key`; `say` writes a line on stderr, `now` is the clock (both for tests).
    init(
        key: String, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        say: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("adivina: \($0)\n".utf8)) }
    ) {
        self.key = key
        self.now = now
        self.say = say
    }

    /// Checks `given` (nil when the request carries none: 401, not a failure) for a device at
    /// `address`: 429 while the device must wait, 403 for a wrong key (counted).
    func check(_ given: String?, from address: String) throws(HTTPError) {
        guard let given else {
            throw HTTPError(.unauthorized, message: "Falta la clave de anfitrión: entra como profesor.")
        }
        let instant = now()
        let refusal = devices.withLock { devices -> HTTPError? in
            var device = devices[address] ?? Device(lastFailure: instant)
            if device.failures > 0 && instant - device.lastFailure >= Self.wait { device = Device(lastFailure: instant) }
            if device.failures >= Self.allowedFailures {
                return HTTPError(
                    .tooManyRequests,
                    message: "Demasiadas claves de anfitrión incorrectas desde este dispositivo: espera un minuto.")
            }
            if SecretToken.matches(given, key) {
                devices[address] = nil
                return nil
            }
            if device.failures == 0 || given != device.lastWrongKey {
                device.failures += 1
                device.lastFailure = instant
                device.lastWrongKey = given
                if device.failures == 1 {
                    say("clave de anfitrión incorrecta desde \(address.isEmpty ? "este proceso" : address) (no se repite en esta racha; tras \(Self.allowedFailures) fallos ese dispositivo espera)")
                }
            }
            if devices.count >= Self.maxDevices && devices[address] == nil { devices.removeAll() }
            devices[address] = device
            return HTTPError(.forbidden, message: "La clave de anfitrión no es correcta.")
        }
        if let refusal { throw refusal }
    }
}
