import CPNG

/// Encodes a PNG a band of rows at a time through libpng and zlib (`PNGCodec.Encoding.streamed`:
/// deterministic, but not the goldens' libdeflate bytes, which need the whole image at once),
/// so an image too large to hold as RGBA — a contact sheet — only ever exists as one band plus
/// its compressed bytes; with a file descriptor, not even those (they go to the file as made).
public final class PNGStreamEncoder {
    public let width: Int
    public let height: Int
    private var stream: OpaquePointer?

    /// `fd`: an open file the bytes are written to as they are made (`finish` then returns none);
    /// nil collects them in memory.
    public init(width: Int, height: Int, fd: Int32? = nil) throws(InputError) {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw InputError("png", "cannot encode a \(width)×\(height) image")
        }
        self.width = width
        self.height = height
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let s = PNGCodec.Encoding.streamed
        stream = cpng_stream_begin(fd ?? -1, UInt32(width), UInt32(height), s.filter, s.level, s.strategy, &message)
        guard stream != nil else { throw InputError("png", PNGStreamEncoder.text(message)) }
    }

    deinit { if let stream { cpng_stream_abort(stream) } }

    /// Appends `band`'s rows (it must be exactly `width` wide).
    public func append(_ band: RGBAImage) throws(InputError) {
        guard let stream, band.width == width else { throw InputError("png", "band does not match the image") }
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = band.pixels.withUnsafeBufferPointer {
            cpng_stream_rows(stream, $0.baseAddress, UInt32(band.height), &message)
        }
        if rc != 0 {
            cpng_stream_abort(stream)
            self.stream = nil
            throw InputError("png", PNGStreamEncoder.text(message))
        }
    }

    /// The PNG bytes, once every row has been appended.
    public func finish() throws(InputError) -> [UInt8] {
        guard let stream else { throw InputError("png", "the encoder already failed") }
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = cpng_stream_finish(stream, &out, &count, &message)
        if rc != 0 {
            cpng_stream_abort(stream)
            self.stream = nil
            throw InputError("png", PNGStreamEncoder.text(message))
        }
        self.stream = nil  // finish freed it
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
