// The assertion every macro test uses: expand a source text with some of the plugin's macros
// (through SwiftSyntax's own expansion engine, as the compiler's plugin host does), then compare
// the expanded source, the diagnostics (message, severity, line:column, fix-its) and the source
// the fix-its produce with what the test expects.
import DepsMacrosPlugin
import SwiftDiagnostics
import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// A diagnostic a test expects, at a 1-based line and column of the source before expansion.
struct ExpectedDiagnostic: Equatable, CustomStringConvertible {
  /// The message, whole.
  var message: String
  /// The line, from 1.
  var line: Int
  /// The column, from 1.
  var column: Int
  /// Error, warning, note or remark.
  var severity: DiagnosticSeverity = .error
  /// The messages of the diagnostic's fix-its, in order.
  var fixIts: [String] = []

  /// `line:column severity: message`, then the fix-its.
  var description: String {
    let fixes = fixIts.map { "\n    fix-it: \($0)" }.joined()
    return "\(line):\(column) \(severity): \(message)\(fixes)"
  }
}

/// The attribute names tests expand, with the macro and (for extension macros) the protocols
/// the compiler would report the type as missing.
enum TestMacros {
  /// The macros by attribute name.
  static let specs: [String: MacroSpec] = [
    "CasePathable": MacroSpec(
      type: CasePathableMacro.self, conformances: ["CasePathable", "CasePathIterable"]),
    "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"]),
    "ReducerCaseEphemeral": MacroSpec(type: ReducerCaseEphemeralMacro.self),
    "ReducerCaseIgnored": MacroSpec(type: ReducerCaseIgnoredMacro.self),
    "ObservableState": MacroSpec(
      type: ObservableStateMacro.self, conformances: ["Observable", "ObservableState"]),
    "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
    "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
    "Presents": MacroSpec(type: PresentsMacro.self),
    "DependencyClient": MacroSpec(type: DependencyClientMacro.self),
    "DependencyEndpoint": MacroSpec(type: DependencyEndpointMacro.self),
    "DependencyEndpointIgnored": MacroSpec(type: DependencyEndpointIgnoredMacro.self),
    "DependencyEntry": MacroSpec(type: DependencyEntryMacro.self),
    "_DependencyEntryDefaultValue": MacroSpec(type: DependencyEntryDefaultValueMacro.self),
  ]
}

/// What expanding a source produced.
struct Expansion {
  /// The expanded source.
  var source: String
  /// The diagnostics, positioned in the source before expansion.
  var diagnostics: [ExpectedDiagnostic]
  /// The source before expansion with every fix-it applied.
  var fixedSource: String
}

/// Expands `source` with the macros named in `macros` (attribute names, see `TestMacros`).
func expand(_ source: String, macros: [String]) -> Expansion {
  let file = Parser.parse(source: source)
  let context = BasicMacroExpansionContext(
    sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "Test.swift")])
  let specs = TestMacros.specs.filter { macros.contains($0.key) }
  let expanded = file.expand(
    macroSpecs: specs,
    contextGenerator: { node in
      BasicMacroExpansionContext(
        sharingWith: context, lexicalContext: node.allMacroLexicalContexts())
    },
    indentationWidth: .spaces(2))
  // The macros saw detached copies of the nodes: positions are translated back through the
  // context, which knows where each copy came from.
  func offset(_ position: AbsolutePosition, in node: Syntax) -> AbsolutePosition {
    let location = context.location(for: position, anchoredAt: node, fileName: "Test.swift")
    return AbsolutePosition(utf8Offset: location.offset)
  }
  let diagnostics = context.diagnostics.map { diagnostic in
    let location = context.location(
      for: diagnostic.position, anchoredAt: diagnostic.node, fileName: "Test.swift")
    return ExpectedDiagnostic(
      message: diagnostic.message, line: location.line, column: location.column,
      severity: diagnostic.diagMessage.severity,
      fixIts: diagnostic.fixIts.map(\.message.message))
  }
  let edits = context.diagnostics.flatMap(\.fixIts).flatMap(\.changes).flatMap { change in
    let anchor: Syntax
    switch change {
    case .replace(let oldNode, _): anchor = oldNode
    case .replaceLeadingTrivia(let token, _), .replaceTrailingTrivia(let token, _):
      anchor = Syntax(token)
    case .replaceChild(let data): anchor = Syntax(data.parent)
    case .replaceText(_, _, let node): anchor = node
    @unknown default: return [SourceEdit]()
    }
    let fixIt = FixIt(message: SwiftSyntaxMacros.MacroExpansionFixItMessage(""), changes: [change])
    return fixIt.edits.map { edit in
      let lower = offset(edit.range.lowerBound, in: anchor)
      let upper = offset(edit.range.upperBound, in: anchor)
      return SourceEdit(range: lower..<upper, replacement: edit.replacement)
    }
  }
  return Expansion(
    source: expanded.description, diagnostics: diagnostics,
    fixedSource: apply(edits, to: source))
}

/// `source` with `edits` applied (later edits first, so earlier offsets stay valid).
func apply(_ edits: [SourceEdit], to source: String) -> String {
  var bytes = Array(source.utf8)
  for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
    let lower = edit.range.lowerBound.utf8Offset
    let upper = edit.range.upperBound.utf8Offset
    guard lower <= upper, upper <= bytes.count else { continue }
    bytes.replaceSubrange(lower..<upper, with: Array(edit.replacement.utf8))
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Checks that expanding `source` with `macros` gives `expected`, reports exactly
/// `diagnostics`, and (when given) that applying the fix-its gives `fixed`.
func assertExpansion(
  _ source: String,
  macros: [String],
  expandsTo expected: String,
  diagnostics: [ExpectedDiagnostic] = [],
  fixed: String? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let result = expand(source, macros: macros)
  compare(result.source, expected, what: "expansion", sourceLocation: sourceLocation)
  if result.diagnostics != diagnostics {
    let expectedText = diagnostics.map(\.description).joined(separator: "\n")
    let actualText = result.diagnostics.map(\.description).joined(separator: "\n")
    Issue.record(
      Comment(rawValue: "diagnostics differ\nexpected:\n\(expectedText)\nactual:\n\(actualText)"),
      sourceLocation: sourceLocation)
  }
  if let fixed {
    compare(result.fixedSource, fixed, what: "fixed source", sourceLocation: sourceLocation)
  }
}

/// Records an issue showing both texts and the first line where they part.
func compare(
  _ actual: String,
  _ expected: String,
  what: String,
  sourceLocation: Testing.SourceLocation
) {
  let actualLines = actual.trimmingTrailingWhitespaceLines
  let expectedLines = expected.trimmingTrailingWhitespaceLines
  guard actualLines != expectedLines else { return }
  let firstDifference =
    zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(actualLines.count, expectedLines.count)
  Issue.record(
    Comment(
      rawValue: """
        \(what) differs from line \(firstDifference + 1)
        --- expected
        \(expectedLines.joined(separator: "\n"))
        --- actual
        \(actualLines.joined(separator: "\n"))
        """),
    sourceLocation: sourceLocation)
}

extension String {
  /// The lines with trailing spaces removed, and without trailing empty lines: what the
  /// comparison of two sources ignores.
  var trimmingTrailingWhitespaceLines: [String] {
    var lines = split(separator: "\n", omittingEmptySubsequences: false).map { line in
      String(line.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }
}

/// The peers `macro` makes for `declaration` when attached as `attribute`, called directly
/// the way the compiler calls it: the declaration carries only the attributes written in its
/// source, not those other macros add (which the expansion engine of `expand` does pass on).
func peers(
  of macro: any PeerMacro.Type,
  attribute: String,
  on declaration: String
) throws -> String {
  let file = Parser.parse(source: declaration)
  guard let decl = file.statements.first?.item.as(DeclSyntax.self) else { return "" }
  let peers = try macro.expansion(
    of: AttributeSyntax("\(raw: attribute)"), providingPeersOf: decl,
    in: BasicMacroExpansionContext())
  return peers.map { $0.formatted().description }.joined(separator: "\n")
}
