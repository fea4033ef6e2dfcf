// Generators of `JSONValue`s for the explorer (Lua's `deps.gen`): each draws its value from an
// `ExploreChoices` stream, so 0 decisions give its simplest value — 0 (or the bound nearest 0),
// "", false, the first alternative, the empty list — and shrinking moves toward it.
import ComposableArchitecture

/// A generator of payloads (and other values) as `JSONValue`.
public indirect enum JSONGen: Sendable, Equatable {
  /// An integer in `lo...hi`.
  case integer(Int, Int)
  /// A number in `lo...hi`, in thousandths.
  case number(Double, Double)
  /// A string of at most `max` characters from `alphabet`.
  case string(max: Int, alphabet: [Character])
  /// `false` or `true`.
  case boolean
  /// One of the alternatives (the first is the simplest).
  case oneOf([JSONGen])
  /// Always this value.
  case constant(JSONValue)
  /// No value (an action without payload).
  case none
  /// An object whose fields come from their generators.
  case table([(String, JSONGen)])
  /// A list of at most `max` values of the generator.
  case list(JSONGen, max: Int)

  /// The default alphabet of `string`.
  public static let letters = Array(
    "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

  public static func == (a: JSONGen, b: JSONGen) -> Bool { a.description == b.description }

  /// Draws a value.
  public func draw(_ choices: ExploreChoices) -> JSONValue {
    switch self {
    case .integer(let lo, let hi):
      return .int(choices.integer(lo, hi))
    case .number(let lo, let hi):
      // Thousandths, so shrinking finds the smallest failing value to three decimals.
      let low = Int((lo * 1000).rounded(.up))
      let high = Int((hi * 1000).rounded(.down))
      let thousandths = choices.integer(low, max(low, high))
      if thousandths % 1000 == 0 { return .double(Double(thousandths / 1000)) }
      return .double(Double(thousandths) / 1000)
    case .string(let max, let alphabet):
      let length = Int(choices.choose(UInt64(max) + 1))
      var text = ""
      for _ in 0..<length { text.append(alphabet[Int(choices.choose(UInt64(alphabet.count)))]) }
      return .string(text)
    case .boolean:
      return .bool(choices.choose(2) == 1)
    case .oneOf(let alternatives):
      guard !alternatives.isEmpty else { return .null }
      return alternatives[Int(choices.choose(UInt64(alternatives.count)))].draw(choices)
    case .constant(let value):
      return value
    case .none:
      return .null
    case .table(let fields):
      var object = ValueObject()
      for (key, generator) in fields {
        let value = generator.draw(choices)
        if !value.isNull { object[key] = value }
      }
      return .object(object)
    case .list(let element, let max):
      let length = Int(choices.choose(UInt64(max) + 1))
      return .array((0..<length).map { _ in element.draw(choices) })
    }
  }

  /// True when every value it draws is a number (what a clock advance needs).
  public var drawsNumbers: Bool {
    switch self {
    case .integer, .number: return true
    case .constant(let value): return value.doubleValue != nil
    case .oneOf(let alternatives):
      return !alternatives.isEmpty && alternatives.allSatisfy(\.drawsNumbers)
    default: return false
    }
  }

  /// The generator as `deps.gen` spells it (`integer(0, 10)`).
  public var description: String {
    switch self {
    case .integer(let lo, let hi): return "integer(\(lo), \(hi))"
    case .number(let lo, let hi):
      return "number(\(ExploreReport.seconds(lo)), \(ExploreReport.seconds(hi)))"
    case .string(let max, let alphabet):
      return alphabet == Self.letters ? "string(\(max))" : "string(\(max), \"\(String(alphabet))\")"
    case .boolean: return "boolean"
    case .oneOf(let alternatives):
      return "one_of{" + alternatives.map(\.description).joined(separator: ", ") + "}"
    case .constant(let value): return "constant(\(value.json()))"
    case .none: return "none"
    case .table(let fields):
      return "table{" + fields.map { "\($0.0) = \($0.1.description)" }.joined(separator: ", ")
        + "}"
    case .list(let element, let max): return "list(\(element.description), \(max))"
    }
  }

  /// The default generator of a declared payload type (`ActionDescriptor.payload`): `nil`
  /// (no payload) and `"any"` give `none`; `integer`, `number`, `string`, `boolean`, `uuid`,
  /// objects `{"k":T,…}` and alternatives `A | B` of them give theirs. Nil when the type
  /// names something else (`object`, `array`, a Swift type).
  public static func defaultFor(payloadType type: String?) -> JSONGen? {
    guard let type else { return JSONGen.none }
    var parser = PayloadTypeParser(text: Array(type.unicodeScalars))
    guard let generator = parser.alternatives(), parser.atEnd else { return nil }
    return generator
  }
}

/// Reads the payload types of the catalogue (`{"success":string} | {"failure":string}`).
private struct PayloadTypeParser {
  let text: [Unicode.Scalar]
  var position = 0

  var atEnd: Bool {
    mutating get {
      skipSpaces()
      return position == text.count
    }
  }

  mutating func skipSpaces() {
    while position < text.count, text[position] == " " { position += 1 }
  }

  mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    skipSpaces()
    guard position < text.count, text[position] == scalar else { return false }
    position += 1
    return true
  }

  mutating func alternatives() -> JSONGen? {
    var found: [JSONGen] = []
    repeat {
      guard let one = single() else { return nil }
      found.append(one)
    } while take("|")
    return found.count == 1 ? found[0] : .oneOf(found)
  }

  mutating func single() -> JSONGen? {
    if take("{") {
      var fields: [(String, JSONGen)] = []
      if take("}") { return .table([]) }
      repeat {
        guard take("\"") else { return nil }
        var key = ""
        while position < text.count, text[position] != "\"" {
          key.unicodeScalars.append(text[position])
          position += 1
        }
        guard take("\""), take(":"), let value = alternatives() else { return nil }
        fields.append((key, value))
      } while take(",")
      return take("}") ? .table(fields) : nil
    }
    skipSpaces()
    var word = ""
    while position < text.count, text[position].properties.isAlphabetic {
      word.unicodeScalars.append(text[position])
      position += 1
    }
    switch word {
    case "any", "none": return JSONGen.none
    case "integer": return .integer(-100, 100)
    case "number": return .number(-100, 100)
    case "string": return .string(max: 8, alphabet: JSONGen.letters)
    case "boolean": return .boolean
    case "uuid":
      return .oneOf(
        (0..<4).map {
          .constant(.string("00000000-0000-0000-0000-00000000000\($0)"))
        })
    default: return nil
    }
  }
}
