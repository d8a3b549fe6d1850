#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error made to exist before anything else is opened.
enum StandardDescriptors {
    /// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, lowest first, so that each
    /// lands on its own number (open(2) returns the lowest free descriptor).
    ///
    /// A process started with standard output closed (`toggle-server >&-`, some supervisors)
    /// would otherwise hand descriptor 1 to the first thing it opens, an event loop's eventfd or a
    /// client's socket, and the access log (and `Console.line`) would write into it. Call first
    /// thing in `main`. Input is opened read-only, output and error write-only.
    static func openClosedOnDevNull() {
        for fd: Int32 in 0 ... 2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd {
                // A lower one was closed after all (cannot happen in the order above): keep `fd`.
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }
}
