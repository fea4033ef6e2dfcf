// Counting in the catalogue's reducers without trapping: their state can come from C or Lua
// (`{"count": 9223372036854775807}`), and a trap would take the host process down. A count at
// the end of Int's range stays there.
import DepsCore

extension Int {
  /// `self + 1`, or `self` at `Int.max`.
  var incremented: Int { self == .max ? self : self + 1 }
  /// `self - 1`, or `self` at `Int.min`.
  var decremented: Int { self == .min ? self : self - 1 }
}
