// `--memory-limit MB`: every depsh Lua state allocates through `clua_limited_alloc` (below,
// called by Lua from C), which counts the bytes the state holds and refuses growth past the
// limit — except while Swift frames are on top of the innermost protected call (clua.h's
// clua_alloc_guard), since the refusal raises and a Lua error must never unwind Swift frames.
// The guard hook checks the limit too (Lua code that kept allocating inside Swift-entered
// callbacks). A "not enough memory" that the limit caused is explained by `MemoryLimit.explain`.
import CDepsh
import CLua

#if canImport(Glibc)
import Glibc
#endif

enum MemoryLimit {
  /// `depsh test` without `--memory-limit`.
  static let testDefaultMegabytes = 256

  /// The message of a state that went over its limit.
  static func message(megabytes: Int) -> String {
    "not enough memory: the Lua state exceeded its \(megabytes) MB limit"
  }

  /// The bookkeeping of a new state: nothing used yet, Swift frames (depsh's own) on top, the
  /// limit in bytes (0: none).
  static func makeAccount(megabytes: Int?) -> UnsafeMutablePointer<clua_depsh_memory> {
    let account = UnsafeMutablePointer<clua_depsh_memory>.allocate(capacity: 1)
    var initial = clua_depsh_memory()
    initial.alloc_guard.swift_frames = 1
    initial.limit = max(0, megabytes ?? 0) * 1024 * 1024
    account.initialize(to: initial)
    return account
  }

  /// `text` with its "not enough memory" explained, when the limit caused it.
  static func explain(_ text: String, account: UnsafeMutablePointer<clua_depsh_memory>) -> String {
    let limit = account.pointee.limit
    guard account.pointee.exceeded != 0, limit > 0 else { return text }
    let full = message(megabytes: limit / (1024 * 1024))
    guard !text.contains(full) else { return text }
    return text.replacingAll("not enough memory", with: full)
  }
}

/// Lua's allocation function for depsh states (`lua_Alloc`). `userData` is the state's
/// `clua_depsh_memory`. Frees and shrinks always succeed; growth past the limit is refused
/// (nil) only when no Swift frame is on top.
@_cdecl("clua_limited_alloc")
public func depshLimitedAlloc(
  _ userData: UnsafeMutableRawPointer?, _ block: UnsafeMutableRawPointer?, _ oldSize: Int,
  _ newSize: Int
) -> UnsafeMutableRawPointer? {
  guard let account = userData?.assumingMemoryBound(to: clua_depsh_memory.self) else {
    return nil
  }
  let old = block == nil ? 0 : oldSize
  if newSize == 0 {
    free(block)
    account.pointee.used -= old
    return nil
  }
  let limit = account.pointee.limit
  if limit > 0, newSize > old, account.pointee.alloc_guard.swift_frames == 0,
    account.pointee.used - old + newSize > limit
  {
    account.pointee.exceeded = 1
    return nil
  }
  guard let grown = realloc(block, newSize) else { return nil }
  account.pointee.used = account.pointee.used - old + newSize
  if account.pointee.used > account.pointee.peak { account.pointee.peak = account.pointee.used }
  return grown
}

extension String {
  /// Every occurrence of `target` replaced (without Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
