// The C maths library's functions, the only ones the geometry and the blur kernel need, under
// names that do not clash with Foundation's overloads. Glibc on Linux, Darwin elsewhere.
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Cosine of `x` radians.
@inline(__always) package func _cos(_ x: Double) -> Double { cos(x) }
/// Sine of `x` radians.
@inline(__always) package func _sin(_ x: Double) -> Double { sin(x) }
/// Tangent of `x` radians.
@inline(__always) package func _tan(_ x: Double) -> Double { tan(x) }
/// The angle of the vector `(x, y)` in radians, in `-pi...pi`.
@inline(__always) package func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
/// `e` raised to `x`.
@inline(__always) package func _exp(_ x: Double) -> Double { exp(x) }
