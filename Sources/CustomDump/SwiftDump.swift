// `SwiftDump`: values printed in Swift syntax, the way swift-custom-dump prints them, for the
// Swift TestStore's failure texts (the C and Lua fronts keep the JSON shapes of ValueDiff).
// Structural and deterministic: built from `Mirror` only, dictionaries and sets sorted by the
// dump of their keys/elements, classes followed once (a cycle prints `Type(↩︎)`).
//
//   Feature.State(count: 0)                 one field: on one line
//   Feature.State(                          more fields: one per line, 2-space indent
//     count: 0,
//     isLoading: false
//   )
//   Feature.Action.response(42)             an enum at the root names its type
//   .second                                 an enum inside another value does not
//   [                                       arrays label elements by index
//     [0]: 1
//   ]
//   ["a": 1]  →  [\n  "a": 1\n]             dictionaries label by the key's dump
//   nil / the wrapped value                 optionals
//   "text", #"with "quotes""#               strings as Swift literals
//
// A `maxDepth` of 0 folds nested containers to `…` (`Feature.State(…)`), which the diff uses
// for unchanged fields.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

package enum SwiftDump {
  /// The dump of `value`.
  ///
  /// - Parameters:
  ///   - name: a label printed first (`count: 0`).
  ///   - indent: spaces put before every line.
  ///   - isRoot: an enum at the root names its type (`Action.first`), elsewhere not (`.first`).
  ///   - maxDepth: how deep containers open; deeper ones print `…`.
  package static func dump(
    _ value: Any, name: String? = nil, indent: Int = 0, isRoot: Bool = true,
    maxDepth: Int = .max
  ) -> String {
    var visited = Set<ObjectIdentifier>()
    return render(
      value, name: name, indent: indent, isRoot: isRoot, maxDepth: maxDepth, visited: &visited)
  }

  // MARK: Values with a text of their own

  /// Types printed as one fixed text (swift-custom-dump's Foundation and Swift conformances).
  static func text(of value: Any) -> String? {
    switch value {
    case let custom as any CustomDumpStringConvertible:
      return custom.customDumpDescription
    case let date as Date:
      return "Date(\(iso8601(date)))"
    case let uuid as UUID:
      return "UUID(\(uuid.uuidString))"
    case let url as URL:
      return "URL(\(url.absoluteString))"
    case let data as Data:
      return data.count == 1 ? "Data(1 byte)" : "Data(\(data.count) bytes)"
    case let decimal as Decimal:
      return decimal.description
    case let identifier as ObjectIdentifier:
      return hexTrimmed(identifier.debugDescription)
    case let line as StringLine:
      return line.text
    default:
      return nil
    }
  }

  /// What a name prints before a value: `name: `, or `name: #1 ` for a diffed object's
  /// (`objectName`).
  static func label(_ name: String?) -> String {
    guard let name else { return "" }
    guard let marker = name.firstIndex(of: objectMarker) else { return "\(name): " }
    let base = name[..<marker]
    let tag = name[name.index(after: marker)...]
    return base.isEmpty ? "\(tag) " : "\(base): \(tag) "
  }

  private static let objectMarker: Character = "\u{1}"

  /// The name of a `_CustomDiffObject`'s values in a diff: printed `name: #id value`.
  static func objectName(_ name: String?, id: Int) -> String {
    "\(name ?? "")\(objectMarker)#\(id)"
  }

  /// Types printed as another value (a `Character` as its `String`, …).
  static func representation(of value: Any) -> Any? {
    if let represented = value as? any CustomDumpRepresentable {
      return represented.customDumpValue
    }
    switch value {
    case let character as Character: return String(character)
    case let scalar as Unicode.Scalar: return String(scalar)
    case let substring as Substring: return String(substring)
    case let string as StaticString: return "\(string)"
    default:
      // Only an `AnyHashable` itself (any Hashable value would cast to one).
      if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
        return hashable.base
      }
      return nil
    }
  }

  /// `2009-02-13T23:31:30.000Z`: the date in UTC with milliseconds, computed from the seconds
  /// since 1970 (no formatter, no ICU).
  static func iso8601(_ date: Date) -> String {
    let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    guard totalMilliseconds.isFinite, abs(totalMilliseconds) < 1e17 else {
      return String(date.timeIntervalSince1970)
    }
    let milliseconds = Int64(totalMilliseconds)
    let millisecondsPerDay: Int64 = 86_400_000
    var days = milliseconds / millisecondsPerDay
    var inDay = milliseconds % millisecondsPerDay
    if inDay < 0 {
      inDay += millisecondsPerDay
      days -= 1
    }
    // Days since 1970-01-01 to a proleptic Gregorian civil date (eras of 400 years).
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
      + "\(padded(inDay / 3_600_000, 2)):\(padded(inDay / 60_000 % 60, 2)):"
      + "\(padded(inDay / 1000 % 60, 2)).\(padded(inDay % 1000, 3))Z"
  }

  /// `ObjectIdentifier(0x00007f…)` with the leading zeros of the address dropped.
  private static func hexTrimmed(_ text: String) -> String {
    guard let range = text.firstRange(of: "0x") else { return text }
    var rest = text[range.upperBound...]
    while rest.first == "0", rest.dropFirst().first?.isHexDigit == true { rest = rest.dropFirst() }
    return String(text[..<range.upperBound]) + String(rest)
  }

  // MARK: Rendering

  private static func render(
    _ value: Any, name: String?, indent: Int, isRoot: Bool, maxDepth: Int,
    visited: inout Set<ObjectIdentifier>
  ) -> String {
    if let represented = representation(of: value) {
      return render(
        represented, name: name, indent: indent, isRoot: isRoot, maxDepth: maxDepth,
        visited: &visited)
    }
    let mirror = customMirror(of: value)
    var out = ""

    func children(
      of mirror: Mirror, children: [Mirror.Child]? = nil, prefix: String, suffix: String,
      shown isShown: (Mirror.Child) -> Bool = { _ in true },
      sortedBy areInIncreasingOrder: ((Mirror.Child, Mirror.Child) -> Bool)? = nil,
      transform: (inout Mirror.Child, Int) -> Void = { _, _ in },
      visited: inout Set<ObjectIdentifier>
    ) {
      var list = children ?? Array(mirror.children)
      out += prefix
      defer { out += suffix }
      guard !list.isEmpty else { return }
      if isSingleValueContainer(mirror, children: list) {
        var child = list[0]
        transform(&child, 0)
        let inner = render(
          child.value, name: child.label, indent: 0, isRoot: false, maxDepth: maxDepth - 1,
          visited: &visited)
        if inner.contains("\n") {
          out += maxDepth <= 0 ? "…" : "\n" + indenting(inner, by: 2) + "\n"
        } else {
          out += inner
        }
        return
      }
      guard maxDepth > 0 else {
        out += "…"
        return
      }
      out += "\n"
      list.removeAll { !isShown($0) }
      if let areInIncreasingOrder { list.sort(by: areInIncreasingOrder) }
      for offset in list.indices {
        var child = list[offset]
        transform(&child, offset)
        out += render(
          child.value, name: child.label, indent: 2, isRoot: false, maxDepth: maxDepth - 1,
          visited: &visited)
        if offset != list.count - 1 { out += "," }
        out += "\n"
      }
    }

    if let type = value as? Any.Type {
      out = "\(typeName(type)).self"
    } else if let text = text(of: value) {
      out = text
    } else {
      switch mirror.displayStyle {
      case .class?:
        let object = value as AnyObject
        let id = ObjectIdentifier(object)
        let type = typeName(mirror.subjectType)
        if visited.contains(id) {
          out = "\(type)(↩︎)"
        } else {
          visited.insert(id)
          var list = Array(mirror.children)
          var superclass = mirror.superclassMirror
          while let parent = superclass {
            list.insert(contentsOf: parent.children, at: 0)
            superclass = parent.superclassMirror
          }
          children(
            of: mirror, children: list, prefix: "\(type)(", suffix: ")",
            shown: macroMemberFilter(for: value), visited: &visited)
        }

      case .collection?:
        children(
          of: mirror, prefix: "[", suffix: "]", transform: { $0.label = "[\($1)]" },
          visited: &visited)

      case .dictionary?:
        if mirror.children.isEmpty {
          out = "[:]"
        } else {
          children(
            of: mirror, prefix: "[", suffix: "]",
            sortedBy: { keyDump($0) < keyDump($1) },
            transform: { child, _ in
              guard let pair = pair(child.value) else { return }
              child = (dump(pair.key, isRoot: false, maxDepth: maxDepth - 1), pair.value)
            },
            visited: &visited)
        }

      case .enum?:
        out = isRoot ? "\(typeName(mirror.subjectType))." : "."
        if let child = mirror.children.first {
          let payload = associatedValues(of: child.value, in: value)
          children(
            of: payload, prefix: "\(child.label ?? "@unknown")(", suffix: ")",
            transform: { child, _ in if child.label?.first == "." { child.label = nil } },
            visited: &visited)
        } else {
          out += "\(value)"
        }

      case .optional?:
        if let wrapped = mirror.children.first?.value {
          out = render(
            wrapped, name: nil, indent: 0, isRoot: false, maxDepth: maxDepth, visited: &visited)
        } else {
          out = "nil"
        }

      case .set?:
        children(
          of: mirror, prefix: "Set([", suffix: "])",
          sortedBy: {
            dump($0.value, isRoot: false, maxDepth: 1) < dump($1.value, isRoot: false, maxDepth: 1)
          },
          visited: &visited)

      case .struct?:
        children(
          of: mirror, prefix: "\(typeName(mirror.subjectType))(", suffix: ")",
          shown: macroMemberFilter(for: value), visited: &visited)

      case .tuple?:
        children(
          of: mirror, prefix: "(", suffix: ")",
          transform: { child, _ in if child.label?.first == "." { child.label = nil } },
          visited: &visited)

      default:
        if let string = value as? String {
          out = literal(string, named: name != nil, maxDepth: maxDepth)
        } else {
          out = "\(value)"
        }
      }
    }
    return indenting(label(name) + out, by: indent)
  }

  /// A string as a Swift literal: quoted, raw (`#"…"#`) when it holds quotes or backslashes,
  /// multi-line (`"""`) when it holds line breaks.
  static func literal(_ string: String, named: Bool, maxDepth: Int) -> String {
    if string.contains(where: \.isNewline) {
      guard maxDepth > 0 else { return "\"…\"" }
      let hashes = String(repeating: "#", count: hashCount(string, multiline: true))
      let body = named ? indenting(string, by: 2) : string
      return "\(hashes)\"\"\"\n\(body)\n\(named ? "  " : "")\"\"\"\(hashes)"
    }
    if string.contains("\"") || string.contains("\\") {
      let hashes = String(repeating: "#", count: max(hashCount(string, multiline: false), 1))
      return "\(hashes)\"\(string)\"\(hashes)"
    }
    return string.debugDescription
  }

  /// The `#`s a raw literal needs: one more than the longest run of `#` after a quote (or a
  /// triple quote).
  private static func hashCount(_ string: String, multiline: Bool) -> Int {
    let quote = multiline ? "\"\"\"" : "\""
    var count = 0
    var rest = string[...]
    while let range = rest.firstRange(of: quote) {
      var hashes = 0
      var index = range.upperBound
      while index < rest.endIndex, rest[index] == "#" {
        hashes += 1
        index = rest.index(after: index)
      }
      count = max(count, hashes + 1)
      rest = rest[index...]
    }
    return count
  }

  // MARK: Shared helpers (also used by the diff)

  /// The associated values of an enum case as a tuple mirror (one unlabeled child for a
  /// single value).
  static func associatedValues(of payload: Any, in value: Any) -> Mirror {
    let mirror = Mirror(reflecting: payload)
    if mirror.displayStyle == .tuple { return mirror }
    return Mirror(value, unlabeledChildren: [payload], displayStyle: .tuple)
  }

  /// Which children of a struct or a class a dump (or a diff) shows: all but the members a macro
  /// adds for its own use (`_$observationRegistrar`, named with `_$`), unless the value draws its
  /// own mirror (`CustomDumpReflectable`), as swift-custom-dump does. Applied to a value printed
  /// over several lines; a single child is shown whatever its name.
  static func macroMemberFilter(for value: Any) -> (Mirror.Child) -> Bool {
    value is any CustomDumpReflectable ? { _ in true } : { !($0.label?.hasPrefix("_$") ?? false) }
  }

  /// The mirror a dump walks: the value's `customDumpMirror` when it has one.
  static func customMirror(of value: Any) -> Mirror {
    (value as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: value)
  }

  /// A dictionary element as a key and a value.
  static func pair(_ element: Any) -> (key: Any, value: Any)? {
    let mirror = Mirror(reflecting: element)
    guard mirror.displayStyle == .tuple, mirror.children.count == 2 else { return nil }
    let parts = Array(mirror.children)
    return (parts[0].value, parts[1].value)
  }

  static func keyDump(_ child: Mirror.Child) -> String {
    guard let pair = pair(child.value) else { return dump(child.value, isRoot: false, maxDepth: 1) }
    return dump(pair.key, isRoot: false, maxDepth: 1)
  }

  /// True when a container prints its one child on the same line (`State(count: 0)`): a
  /// struct/class/tuple/enum payload with a single child that has no children of its own.
  static func isSingleValueContainer(_ mirror: Mirror, children: [Mirror.Child]? = nil) -> Bool {
    switch mirror.displayStyle {
    case .collection?, .dictionary?, .set?:
      return false
    default:
      let list = children ?? Array(mirror.children)
      guard list.count == 1 else { return false }
      var child = list[0].value
      while let represented = representation(of: child) { child = represented }
      if let text = text(of: child) { return !text.contains("\n") }
      return Mirror(reflecting: child).children.isEmpty
    }
  }

  /// Structural equality: `==` for `Equatable` values, identity for the same object, else the
  /// mirrors compared child by child (leaves by their description).
  static func isMirrorEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let left = lhs as? any _CustomDiffObject, let right = rhs as? any _CustomDiffObject,
      left._objectIdentifier == right._objectIdentifier
    {
      let (before, after) = left._customDiffValues
      return isMirrorEqual(before, after)
    }
    if type(of: lhs) is AnyClass, type(of: lhs) == type(of: rhs),
      lhs as AnyObject === rhs as AnyObject
    {
      return true
    }
    if let equatable = lhs as? any Equatable {
      func open<T: Equatable>(_ lhs: T) -> Bool {
        guard let rhs = rhs as? T else { return false }
        return lhs == rhs
      }
      return open(equatable)
    }
    let lhsMirror = customMirror(of: lhs)
    let rhsMirror = customMirror(of: rhs)
    guard lhsMirror.subjectType == rhsMirror.subjectType,
      lhsMirror.children.count == rhsMirror.children.count
    else { return false }
    if lhsMirror.children.isEmpty { return String(describing: lhs) == String(describing: rhs) }
    for (left, right) in zip(lhsMirror.children, rhsMirror.children) {
      guard left.label == right.label, isMirrorEqual(left.value, right.value) else { return false }
    }
    return true
  }

  /// A type's name without its module (`Feature.State`), generic arguments or local-context
  /// markers.
  static func typeName(_ type: Any.Type) -> String {
    var name = _typeName(type, qualified: true)
    if let dot = name.firstIndex(of: ".") { name.removeSubrange(...dot) }
    while let open = name.firstRange(of: "(unknown context at $"),
      let close = name[open.upperBound...].firstRange(of: ").")
    {
      name.removeSubrange(open.lowerBound..<close.upperBound)
    }
    if let open = name.firstIndex(of: "<"), let close = name.lastIndex(of: ">"), open < close {
      name.removeSubrange(open...close)
    }
    return name
  }

  /// Every line of `text` prefixed by `count` spaces.
  package static func indenting(_ text: String, by count: Int) -> String {
    indenting(text, with: String(repeating: " ", count: count))
  }

  /// Every line of `text` prefixed by `prefix`.
  package static func indenting(_ text: String, with prefix: String) -> String {
    guard !prefix.isEmpty else { return text }
    return prefix + text.replacing("\n", with: "\n" + prefix)
  }
}
