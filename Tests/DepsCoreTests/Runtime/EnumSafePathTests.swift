// The enum JSON shape without the layout reads (`RuntimeType.withLayoutReadsOff`, the path
// `DEPS_SAFE_RUNTIME=1` and `DEPS_RUNTIME_FAIL_CHECK=enum_layout` take): the same JSON text, the
// same decoded values and the same error messages as the fast path.
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
@testable import IssueReporting
@testable import DepsRuntime

private enum Palette: String, Codable, Equatable { case warm, cold }

private enum Inner: Codable, Equatable {
  case ping
  case echo(String)
}

private enum Command: Codable, Equatable {
  case incrementButtonTapped
  case setCount(Int)
  case move(Int, Int)
  case rename(name: String)
  case setTitle(id: Int, title: String)
  case maybe(note: String?)
  case child(Inner)
  case palette(Palette)
  case list([Inner])
}

private struct Screen: Codable, Equatable {
  var title = "t"
  var last: Command? = .setCount(3)
  var history: [Command] = [.incrementButtonTapped, .child(.echo("x"))]
  var palette = Palette.cold
  var table: [String: Inner] = ["a": .ping]
}

private enum Single: Codable, Equatable { case only }

private let commands: [Command] = [
  .incrementButtonTapped, .setCount(-4), .move(1, 2), .rename(name: "n"),
  .setTitle(id: 7, title: "Milk"), .maybe(note: nil), .maybe(note: "x"), .child(.ping),
  .child(.echo("deep")), .palette(.warm), .list([.ping, .echo("e")]),
]

/// `body`'s result on the fast path and without the layout reads.
private func bothWays<R>(_ body: () throws -> R) rethrows -> (fast: R, safe: R) {
  (try body(), try RuntimeType.withLayoutReadsOff(body))
}

private func message<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
  do throws(ValueError) {
    _ = try ValueDecoder().decode(T.self, fromJSON: json)
    return nil
  } catch { return error.message }
}

@Suite struct EnumSafePathTests {
  @Test func thePublicAPIAnswersMatchTheLayoutReads() {
    #expect(RuntimeType.readsLayout == RuntimeType.layoutChecked)
    RuntimeType.withLayoutReadsOff {
      #expect(!RuntimeType.readsLayout)
      #expect(!RuntimeType.isEnum(Command.self))
      #expect(RuntimeType.isEnum(decodable: Command.self))
      #expect(RuntimeType.isEnum(decodable: Single.self))
      #expect(RuntimeType.isEnum(value: Command.setCount(1)))
      #expect(RuntimeType.isEnum(value: Palette.warm))
      #expect(!RuntimeType.isEnum(decodable: Screen.self))
      #expect(!RuntimeType.isEnum(decodable: Int?.self))
      #expect(!RuntimeType.isEnum(decodable: [String: Int].self))
      #expect(!RuntimeType.isEnum(decodable: [Int].self))
      #expect(!RuntimeType.isEnum(value: Optional(Command.incrementButtonTapped)))
      #expect(!RuntimeType.isEnum(value: Screen()))
      enum Two: CodingKey { case a, b }
      enum None: CodingKey {}
      #expect(RuntimeType.hasNoCases(Two.self) == false)
      #expect(RuntimeType.hasNoCases(None.self) == nil)
      #expect(RuntimeType.hasNoCases(ValueCodingKey.self) == false)
    }
    #expect(RuntimeType.readsLayout == RuntimeType.layoutChecked)
  }

  @Test func caseNamesComeFromTheOptionalSentinel() {
    enum Three: CodingKey { case a, b, c }
    enum One: CodingKey { case only }
    enum None: CodingKey {}
    #expect(EnumProbe.payloadFreeCases(of: Three.self)?.map(\.stringValue) == ["a", "b", "c"])
    #expect(EnumProbe.payloadFreeCases(of: One.self) == nil)
    #expect(EnumProbe.payloadFreeCases(of: None.self) == nil)
    #expect(EnumProbe.payloadFreeCases(of: ValueCodingKey.self) == nil)
  }

  @Test func theJSONIsTheSame() throws {
    for command in commands {
      let json = try bothWays { try ValueEncoder().encode(command).json() }
      #expect(json.fast == json.safe, "\(command)")
      let text = bothWays { () -> String? in
        let encoder = JSONTextEncoder()
        guard encoder.encode(command) else { return nil }
        return String(decoding: encoder.output, as: UTF8.self)
      }
      #expect(text.fast == text.safe, "\(command)")
    }
    let screen = try bothWays { try ValueEncoder().encode(Screen()).json() }
    #expect(screen.fast == screen.safe)
    #expect(
      screen.safe
        == #"{"title":"t","last":{"setCount":3},"history":["incrementButtonTapped",{"child":{"echo":"x"}}],"palette":"cold","table":{"a":"ping"}}"#
    )
  }

  @Test func theDecodedValuesAreTheSame() throws {
    for command in commands {
      let json = try ValueEncoder().encode(command).json()
      let decoded = try bothWays { try ValueDecoder().decode(Command.self, fromJSON: json) }
      #expect(decoded.fast == command)
      #expect(decoded.safe == command)
    }
    let json = try ValueEncoder().encode(Screen()).json()
    let screen = try bothWays { try ValueDecoder().decode(Screen.self, fromJSON: json) }
    #expect(screen.fast == Screen())
    #expect(screen.safe == Screen())
  }

  @Test func theMessagesAreTheSame() {
    let inputs = [
      #""incrementButtonTaped""#, #""nothing""#, #"{"setCount":"x"}"#, #"{"move":[1]}"#,
      #"{"setTitle":{"id":1}}"#, #"{"incrementButtonTapped":5}"#,
      #"{"incrementButtonTapped":{"x":1}}"#, #"{"child":"pong"}"#, #"{"child":{"echo":1}}"#,
      #"{"palette":"hot"}"#, #"{"a":1,"b":2}"#, "{}", "[1]", "3",
    ]
    for input in inputs {
      let messages = bothWays { message(Command.self, input) }
      #expect(messages.fast != nil, "\(input)")
      #expect(messages.fast == messages.safe, "\(input)")
    }
    #expect(
      RuntimeType.withLayoutReadsOff { message(Command.self, #""incrementButtonTaped""#) }
        == #"unknown case "incrementButtonTaped"; did you mean "incrementButtonTapped"?"#)
  }

  @Test func theStateChangesAreTheSame() throws {
    var new = Screen()
    new.last = .child(.echo("y"))
    new.history.append(.move(3, 4))
    let old = Screen()
    let changes = try bothWays { () throws -> [JSONValue] in
      var operations: [JSONValue] = []
      try StateChanges.diff(from: old, to: new, into: &operations)
      return operations
    }
    #expect(changes.fast == changes.safe)
  }
}
