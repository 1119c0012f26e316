#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// libFuzzer target for `HTTPRequestParser`, built only when `FUZZ` is set (see
// `scripts/fuzz-http-parser`). SwiftPM links an executable with `main` defined as this file's
// entry point, which takes precedence over libFuzzer's own `main`; so the entry point starts
// libFuzzer's driver itself. (`LLVMFuzzerTestOneInput` is still exported, because libFuzzer's
// `main` object is linked in and refers to it.)

/// libFuzzer's documented driver entry, `int LLVMFuzzerRunDriver(int *argc, char ***argv,
/// int (*callback)(const uint8_t *, size_t))`. Its arguments are plain pointers, which Swift
/// passes exactly as C does.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, { data, size in fuzzTestOneInput(data, size) }))
