import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

/// The bitwise shortcuts and their fallbacks: identity says "equal" only when the bytes are
/// the same; a plain enum case is cached as bits and loads back equal; an enum that is not
/// plain keeps the general cache.
@Suite struct BitwiseIdentityTests {
  enum Plain: Codable, Equatable { case idle, running, done }
  enum WithReference: Codable, Equatable {
    case idle
    case named(String)
  }

  @Test func identityOfSharedAndSeparateBuffers() {
    let a = (0..<100).map { "item \($0)" }
    let shared = a
    var separate = a
    separate[0] = "item 0"  // equal contents, another buffer
    #expect(BitwiseIdentity.identical(a, shared))
    #expect(!BitwiseIdentity.identical(a, separate))
    #expect(a == separate)  // so the caller goes on to == / element by element
    #expect(BitwiseIdentity.identical(3, 3))
    #expect(!BitwiseIdentity.identical(3, 4))
  }

  @Test func runsOfElements() {
    let a = Array(0..<200)
    var b = a
    b[150] = -1
    a.withUnsafeBufferPointer { x in
      b.withUnsafeBufferPointer { y in
        #expect(BitwiseIdentity.identical(x.baseAddress!, y.baseAddress!, count: 150, of: Int.self))
        #expect(
          !BitwiseIdentity.identical(x.baseAddress!, y.baseAddress!, count: 151, of: Int.self))
      }
    }
  }

  @Test func plainness() {
    #expect(BitwiseIdentity.isPlain(Plain.self))
    #expect(BitwiseIdentity.isPlain(Int.self))
    #expect(!BitwiseIdentity.isPlain(WithReference.self))
    #expect(!BitwiseIdentity.isPlain(String.self))
    #expect(
      !BitwiseIdentity.isPlain(SIMD4<Float>.self), "16-byte alignment is more than the bits give")
    #expect(BitwiseIdentity.load(BitwiseIdentity.bits(of: Plain.done), as: Plain.self) == .done)
  }

  /// Bare cases decode the same on first use (by `init(from:)`) and from either cache.
  @Test func bareCasesFromTheCaches() throws {
    for _ in 0..<3 {
      #expect(try ValueDecoder().decode(Plain.self, from: "running") == .running)
      #expect(try ValueDecoder().decode(Plain.self, from: "done") == .done)
      #expect(try ValueDecoder().decode(WithReference.self, from: "idle") == .idle)
      #expect(
        try ValueDecoder().decode(WithReference.self, from: ["named": "x"]) == .named("x"))
    }
    // The cache is used only with the enum layout reads (a plain enum is known without a value).
    #expect(
      (BareCaseCache.shared.plainBits(Plain.self, "running") != nil) == RuntimeType.readsLayout)
    #expect(BareCaseCache.shared.plainBits(WithReference.self, "idle") == nil)
    let error = #expect(throws: ValueError.self) {
      try ValueDecoder().decode(Plain.self, from: "stopped")
    }
    #expect(error?.message.hasPrefix("unknown case \"stopped\"") == true)
  }
}
