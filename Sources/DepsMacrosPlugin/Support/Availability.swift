// The `@available` attributes of a declaration, repeated on the extensions a macro adds to it so
// the extension is exactly as available as the type.
import SwiftSyntax

extension AttributeListSyntax {
  /// The `@available` attributes (also those inside `#if` blocks of attributes) as source text
  /// ending in a space, ready to go before `extension`; empty when there are none.
  var availabilityPrefix: String {
    let kept = compactMap { element -> String? in
      switch element {
      case .attribute(let attribute):
        return attribute.isNamed("available") ? attribute.trimmedDescription : nil
      case .ifConfigDecl(let ifConfig):
        return ifConfig.keepingOnlyAvailability
      @unknown default:
        return nil
      }
    }
    return kept.isEmpty ? "" : kept.joined(separator: " ") + " "
  }
}

extension IfConfigDeclSyntax {
  /// The `#if` block of attributes reduced to its `@available` attributes, nil if none is left.
  /// Every clause keeps its directive, so each attribute stays under its own condition.
  fileprivate var keepingOnlyAvailability: String? {
    var lines: [String] = []
    var keptAny = false
    for clause in clauses {
      lines.append(
        [clause.poundKeyword.text, clause.condition?.trimmedDescription]
          .compactMap { $0 }.joined(separator: " "))
      guard case .attributes(let attributes) = clause.elements else { continue }
      let availability = attributes.availabilityPrefix
      if !availability.isEmpty {
        lines.append(String(availability.dropLast()))
        keptAny = true
      }
    }
    return keptAny ? (lines + ["#endif"]).joined(separator: "\n") : nil
  }
}
