import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One chromium process driven over the DevTools protocol through `--remote-debugging-pipe`: it reads
/// commands on fd 3 and writes replies and events on fd 4, each message JSON ended by a NUL byte. Both fds
/// are one end of a socket pair, so a write to a dead browser fails instead of raising SIGPIPE, and when
/// this process ends (even killed) chromium reads end-of-file and quits, so no browser outlives the tests.
/// Not thread-safe: `HeadlessChromium` serialises its calls.
final class DevToolsPipe {
    struct Failed: Error, CustomStringConvertible {
        var description: String
        /// The browser hung, died or spoke garbage (so it should be replaced), rather than refused a command.
        var browserLost = true
    }

    let pid: pid_t
    private let socket: Int32
    private var received: [UInt8] = []
    /// How much of `received` is known to hold no NUL, so a long reply is scanned once.
    private var scanned = 0
    private var lastID = 0
    private var events: [[String: Any]] = []
    private var exited = false

    /// Starts `executable` with `arguments` (which must include `--remote-debugging-pipe`); stdin, stdout
    /// and stderr go to /dev/null.
    init(executable: String, arguments: [String]) throws {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failed(description: "socketpair failed (errno \(errno))")
        }
        // The browser's end moved above 4, so dup2 onto 3 and 4 always makes new fds (without close-on-exec).
        let browserEnd = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        close(pair[1])
        defer { close(browserEnd) }
        guard browserEnd >= 0 else {
            close(pair[0])
            throw Failed(description: "fcntl(F_DUPFD_CLOEXEC) failed (errno \(errno))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, browserEnd, 3)
        posix_spawn_file_actions_adddup2(&actions, browserEnd, 4)
        // The calling thread may block signals (dispatch workers do); the browser starts with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            close(pair[0])
            throw Failed(description: "could not start \(executable) (posix_spawn: errno \(spawned))")
        }
        pid = child
        socket = pair[0]
    }

    deinit {
        stop()
        close(socket)
    }

    /// Kills the browser and waits for it (idempotent).
    func stop() {
        guard !exited else { return }
        exited = true
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Sends `method` (to the page `session`, if given) and returns its result; a protocol error, a dead
    /// browser or no reply by `deadline` throws.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, deadline: Date) throws
        -> [String: Any]
    {
        lastID += 1
        let id = lastID
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try write(try JSONSerialization.data(withJSONObject: message) + [0])
        while true {
            let reply = try nextMessage(waitingFor: method, deadline: deadline)
            guard reply["id"] as? Int == id else {
                if reply["method"] != nil { events.append(reply) }
                continue
            }
            if let error = reply["error"] as? [String: Any] {
                throw Failed(
                    description: "chromium: \(method) failed: \(error["message"] as? String ?? "\(error)")",
                    browserLost: false)
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// The string `key` of `method`'s result.
    func string(_ key: String, of method: String, _ params: [String: Any], deadline: Date) throws -> String {
        guard let value = try call(method, params, deadline: deadline)[key] as? String else {
            throw Failed(description: "chromium: \(method) returned no \(key)", browserLost: false)
        }
        return value
    }

    /// Waits for the event `method` from the page `session` (one that already arrived counts).
    @discardableResult
    func event(_ method: String, session: String, deadline: Date) throws -> [String: Any] {
        func matches(_ e: [String: Any]) -> Bool {
            e["method"] as? String == method && e["sessionId"] as? String == session
        }
        if let i = events.firstIndex(where: matches) { return events.remove(at: i) }
        while true {
            let message = try nextMessage(waitingFor: method, deadline: deadline)
            if matches(message) { return message }
            if message["method"] != nil { events.append(message) }
        }
    }

    /// Drops the events kept so far (a finished page's, so they do not pile up).
    func forgetEvents() { events.removeAll() }

    private func write(_ bytes: Data) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failed(description: "chromium's DevTools pipe is closed (errno \(errno)): the browser exited")
            }
            offset += n
        }
    }

    private func nextMessage(waitingFor method: String, deadline: Date) throws -> [String: Any] {
        while true {
            if let end = received[scanned...].firstIndex(of: 0) {
                let body = Data(received[..<end])
                received.removeSubrange(...end)
                scanned = 0
                guard let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                    throw Failed(description: "chromium sent a DevTools message that is not a JSON object")
                }
                return message
            }
            scanned = received.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failed(description: "chromium did not answer \(method) in time") }
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left * 1000, 60_000)) + 1)
            if polled < 0 && errno != EINTR {
                throw Failed(description: "poll on chromium's DevTools pipe failed (errno \(errno))")
            }
            guard polled > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(socket, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw Failed(description: "chromium closed its DevTools pipe while \(method) was pending: it exited")
            }
            received += chunk[..<n]
        }
    }
}
