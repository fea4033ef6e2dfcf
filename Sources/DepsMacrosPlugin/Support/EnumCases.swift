// An enum's cases as the macros see them: every element in declaration order, inside the
// `#if` blocks it was written in, and the lines a macro generates per case rendered back into
// the same `#if` structure.
import SwiftSyntax

/// One case element of an enum, or a `#if` block of them.
indirect enum EnumCaseItem {
  /// A case element (`bar(Int)` of `case foo, bar(Int)`) with the declaration holding it.
  case element(EnumCaseElementSyntax, declaration: EnumCaseDeclSyntax)
  /// A `#if … #elseif … #else … #endif` block; each clause holds its own items.
  case conditional([EnumCaseClause])

  /// The cases among `members`, in order, descending into `#if` blocks.
  static func items(in members: MemberBlockItemListSyntax) -> [EnumCaseItem] {
    members.flatMap { member -> [EnumCaseItem] in
      if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
        return caseDecl.elements.map { .element($0, declaration: caseDecl) }
      }
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        let clauses = ifConfig.clauses.map { clause in
          EnumCaseClause(
            directive: clause.poundKeyword.text,
            condition: clause.condition?.trimmedDescription,
            items: clause.elements?.as(MemberBlockItemListSyntax.self).map { items(in: $0) } ?? [])
        }
        return [.conditional(clauses)]
      }
      return []
    }
  }
}

/// One clause of a `#if` block: its directive (`#if`, `#elseif`, `#else`), condition and cases.
struct EnumCaseClause {
  /// `#if`, `#elseif` or `#else`.
  var directive: String
  /// The condition as written, nil for `#else`.
  var condition: String?
  /// The cases of the clause.
  var items: [EnumCaseItem]
}

extension Array where Element == EnumCaseItem {
  /// Every case element, flattened out of `#if` blocks, in order.
  var allElements: [(element: EnumCaseElementSyntax, declaration: EnumCaseDeclSyntax)] {
    flatMap { item -> [(element: EnumCaseElementSyntax, declaration: EnumCaseDeclSyntax)] in
      switch item {
      case .element(let element, let declaration): [(element, declaration)]
      case .conditional(let clauses): clauses.flatMap(\.items.allElements)
      }
    }
  }

  /// The code `line` generates for each case element, in the `#if` structure of the cases.
  ///
  /// A `#if` block for which `line` generates nothing in any clause is left out; a clause that
  /// generates nothing keeps its directive, so the block stays well formed, and holds
  /// `emptyClause` if given (a postfix `#if` needs one: `.self`).
  func rendered(
    emptyClause: String? = nil,
    _ line: (EnumCaseElementSyntax, EnumCaseDeclSyntax) -> String?
  ) -> [String] {
    flatMap { item -> [String] in
      switch item {
      case .element(let element, let declaration):
        return line(element, declaration).map { [$0] } ?? []
      case .conditional(let clauses):
        let bodies = clauses.map { $0.items.rendered(emptyClause: emptyClause, line) }
        guard bodies.contains(where: { !$0.isEmpty }) else { return [] }
        var lines: [String] = []
        for (clause, body) in zip(clauses, bodies) {
          lines.append(
            [clause.directive, clause.condition].compactMap { $0 }.joined(separator: " "))
          lines.append(contentsOf: body.isEmpty ? emptyClause.map { [$0] } ?? [] : body)
        }
        lines.append("#endif")
        return lines
      }
    }
  }
}

extension EnumCaseElementSyntax {
  /// The associated values (`(Int, label: String)`), empty when there are none.
  var associatedValues: [EnumCaseParameterSyntax] {
    parameterClause.map { Array($0.parameters) } ?? []
  }

  /// The single associated value, when there is exactly one.
  var singleAssociatedValue: EnumCaseParameterSyntax? {
    let values = associatedValues
    return values.count == 1 ? values.first : nil
  }
}

extension EnumCaseParameterSyntax {
  /// The argument label, nil when there is none or it is `_`.
  var label: String? {
    guard let firstName, firstName.tokenKind != .wildcard else { return nil }
    return firstName.text
  }
}
