import Foundation
import HTTPServer
import Utilities
import QueryLanguage

/// Serves files from a directory (the project's `Public/`), read-only.
///
/// Refuses anything that could leave the directory or reveal more than its plain files:
/// `..` and `.` segments, dotfiles, encoded slashes or backslashes (`%2F`, `%5C`), NUL, invalid
/// UTF-8, and directories (no listings; a directory's `index.html` is served instead). A
/// symbolic link is followed only when what it resolves to lies inside the directory (checked
/// after resolving the whole path with realpath(3), and the file read by its resolved path): a
/// link to `/etc/passwd` or `/etc` placed in the directory is a 404.
///
/// Files are kept in memory with their ETag once read, and read again only when their size or
/// modification time changes (one stat(2) per request, two for a directory's index, instead of a read and a hash).
public final class StaticFiles: Sendable {
    /// A file to send.
    public struct File: Sendable {
        public var contents: [UInt8]
        public var contentType: String
        public var entityTag: String
    }

    public let root: String
    /// Files read so far, by file system path, with the size and mtime they were read at.
    private let loaded = Locked<[String: (size: Int, modified: timespec, file: File)]>([:])

    /// - Parameter root: the directory to serve, absolute or relative to the working directory.
    public init(root: String) {
        self.root = root
    }

    /// The file for a request path (still percent-encoded), or nil when there is none or the
    /// path is refused.
    public func file(forPath rawPath: String) -> File? {
        guard let segments = Self.safeSegments(rawPath), let realRoot = Self.resolved(root),
              var path = Self.resolved(([root] + segments).joined(separator: "/")),
              Self.isInside(path, directory: realRoot) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard let index = Self.resolved(path + "/index.html"), Self.isInside(index, directory: realRoot),
                  stat(index, &info) == 0 else { return nil }
            path = index
        } else if rawPath.hasSuffix("/") {
            return nil  // `/page.html/` would serve the page with every relative link broken
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size), modified = info.st_mtim
        if let known = loaded.withLock({ $0[path] }), known.size == size,
           known.modified.tv_sec == modified.tv_sec, known.modified.tv_nsec == modified.tv_nsec {
            return known.file
        }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        let file = File(contents: bytes, contentType: Self.mediaType(forPath: path),
                        entityTag: EntityTag.strong(hashing: bytes))
        loaded.withLock { $0[path] = (size, modified, file) }
        return file
    }

    /// `path` with every symbolic link, `.` and `..` resolved (realpath(3)), or nil if it does not
    /// exist or cannot be resolved.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Whether the resolved path `path` is `directory` (resolved too) or lies under it.
    static func isInside(_ path: String, directory: String) -> Bool {
        if path == directory { return true }
        return path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// The decoded path segments, or nil if the path is not a plain relative file path.
    static func safeSegments(_ rawPath: String) -> [String]? {
        guard rawPath.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for rawSegment in rawPath.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if rawSegment.isEmpty { continue }
            // Decode strictly; `+` stays a plus in paths.
            guard let bytes = QueryDecoder.percentDecodedBytes(Array(rawSegment)[...], plusIsSpace: false) else {
                return nil
            }
            guard !bytes.isEmpty, bytes.first != UInt8(ascii: "."),
                  !bytes.contains(where: { $0 == 0 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
                  let segment = String(validating: bytes, as: UTF8.self) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// The media type for a file name's extension (RFC 6838 registrations; text types in UTF-8).
    public static func mediaType(forPath path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "txt", "md": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "ico": return "image/x-icon"
        case "webmanifest": return "application/manifest+json"
        default: return "application/octet-stream"
        }
    }
}
