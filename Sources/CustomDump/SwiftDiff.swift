// `SwiftDiff`: the difference of two values in Swift syntax, the way swift-custom-dump's `diff`
// shows it with its `.proportional` format (what TCA puts in its failures): removed lines start
// with `−` (U+2212), added lines with `+`, unchanged lines with a figure space (U+2007), then a
// space. Only what differs is opened: unchanged fields print folded (`child: Child(…)`), runs of
// unchanged collection elements fold into `… (N unchanged)`, elements are matched by equality
// so an insertion does not show the rest as changed.
//
//    Feature.State(
//  −   count: 1,
//  +   count: 2,
//      isLoading: false
//    )
package enum SwiftDiff {
  package static let removed = "\u{2212}"
  package static let added = "+"
  static let unchanged = "\u{2007}"

  /// The diff of `expected` and `actual`, or nil when they are equal.
  package static func diff(_ expected: Any, _ actual: Any) -> String? {
    guard !SwiftDump.isMirrorEqual(expected, actual) else { return nil }
    var differ = Differ()
    var text = differ.help(
      expected, actual, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true)
    if text.last == "\n" { text.removeLast() }
    return text
  }

  private struct Differ {
    var visited = Set<ObjectIdentifier>()
    /// The `#N` of each diffed object, numbered per type of value in order of appearance.
    var objectIDs: [ObjectIdentifier: Int] = [:]
    var objectCounts: [String: Int] = [:]

    private func marked(_ text: String, _ marker: String) -> String {
      SwiftDump.indenting(text, with: marker + " ")
    }

    mutating func help(
      _ lhs: Any, _ rhs: Any, lhsName: String?, rhsName: String?, separator: String,
      indent: Int, isRoot: Bool
    ) -> String {
      let rhsName = rhsName ?? lhsName
      if let left = lhs as? any _CustomDiffObject, let right = rhs as? any _CustomDiffObject,
        left._objectIdentifier == right._objectIdentifier
      {
        let (before, after) = left._customDiffValues
        let type = SwiftDump.typeName(Swift.type(of: before))
        let id: Int
        if let known = objectIDs[left._objectIdentifier] {
          id = known
        } else {
          id = objectCounts[type, default: 0] + 1
          objectCounts[type] = id
          objectIDs[left._objectIdentifier] = id
        }
        let name = SwiftDump.objectName(rhsName, id: id)
        return help(
          before, after, lhsName: name, rhsName: name, separator: separator, indent: indent,
          isRoot: isRoot)
      }
      if lhsName == rhsName && SwiftDump.isMirrorEqual(lhs, rhs) {
        return marked(
          SwiftDump.dump(lhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0)
            + separator, unchanged)
      }
      let lhsMirror = SwiftDump.customMirror(of: lhs)
      let rhsMirror = SwiftDump.customMirror(of: rhs)
      var out = ""

      func everything() {
        var left = SwiftDump.dump(lhs, name: lhsName, indent: indent, isRoot: isRoot)
        var right = SwiftDump.dump(rhs, name: rhsName, indent: indent, isRoot: isRoot)
        if left == right, lhsMirror.subjectType != rhsMirror.subjectType {
          left += " as \(SwiftDump.typeName(lhsMirror.subjectType))"
          right += " as \(SwiftDump.typeName(rhsMirror.subjectType))"
        }
        out += marked(left + separator, removed) + "\n" + marked(right + separator, added)
      }

      guard lhsMirror.subjectType == rhsMirror.subjectType else {
        everything()
        return out
      }
      if let left = SwiftDump.representation(of: lhs), let right = SwiftDump.representation(of: rhs)
      {
        return help(
          left, right, lhsName: lhsName, rhsName: rhsName, separator: separator, indent: indent,
          isRoot: isRoot)
      }
      if SwiftDump.text(of: lhs) != nil {
        everything()
        return out
      }

      func children(
        _ lhsMirror: Mirror, _ rhsMirror: Mirror,
        lhsChildren: [Mirror.Child]? = nil, rhsChildren: [Mirror.Child]? = nil,
        prefix: String, suffix: String, elementIndent: Int, elementSeparator: String,
        collapseUnchanged: Bool,
        shown isShown: (Mirror.Child) -> Bool = { _ in true },
        areEquivalent: (Mirror.Child, Mirror.Child) -> Bool = { $0.label == $1.label },
        areInIncreasingOrder: ((Mirror.Child, Mirror.Child) -> Bool)? = nil,
        transform: (inout Mirror.Child, Int) -> Void = { _, _ in }
      ) {
        var lhsList = lhsChildren ?? Array(lhsMirror.children)
        var rhsList = rhsChildren ?? Array(rhsMirror.children)

        if childrenEqual(lhsList, rhsList) {
          let left = SwiftDump.dump(lhs, name: lhsName, indent: indent, isRoot: false, maxDepth: 0)
          let right = SwiftDump.dump(
            rhs, name: rhsName, indent: indent, isRoot: false, maxDepth: 0)
          if left == right {
            out +=
              marked(
                SwiftDump.indenting("// Not equal but no difference detected:", by: indent),
                unchanged) + "\n"
          }
          out += marked(left, removed) + "\n" + marked(right, added)
          return
        }
        // One leaf prints on one line, unless it is a diffed object (`_count: #1 0`), which
        // opens as custom-dump opens it.
        let holdsDiffObject = lhsList.first?.value is any _CustomDiffObject
        if !holdsDiffObject
          && (SwiftDump.isSingleValueContainer(lhsMirror, children: lhsList)
            || SwiftDump.isSingleValueContainer(rhsMirror, children: rhsList))
        {
          out +=
            marked(SwiftDump.dump(lhs, name: lhsName, indent: indent, isRoot: isRoot), removed)
            + "\n"
            + marked(SwiftDump.dump(rhs, name: rhsName, indent: indent, isRoot: isRoot), added)
          return
        }

        lhsList.removeAll { !isShown($0) }
        rhsList.removeAll { !isShown($0) }
        let name = SwiftDump.label(rhsName)
        out += marked(SwiftDump.indenting(name + prefix, by: indent), unchanged) + "\n"

        if let areInIncreasingOrder {
          lhsList.sort(by: areInIncreasingOrder)
          rhsList.sort(by: areInIncreasingOrder)
        }
        let difference = rhsList.difference(from: lhsList, by: areEquivalent)
        var removals = Set<Int>()
        var insertions = Set<Int>()
        for change in difference {
          switch change {
          case .remove(let offset, _, _): removals.insert(offset)
          case .insert(let offset, _, _): insertions.insert(offset)
          }
        }

        var lhsOffset = 0
        var rhsOffset = 0
        var buffer: [Mirror.Child] = []
        let elementPrefix = indent + elementIndent

        func flush() {
          guard collapseUnchanged else { return }
          let terminator =
            rhsOffset - 1 == rhsList.count - 1 ? "\n" : elementSeparator + "\n"
          if areInIncreasingOrder == nil && buffer.count == 1 {
            let child = buffer[0]
            out +=
              marked(
                SwiftDump.dump(
                  child.value, name: child.label, indent: elementPrefix, isRoot: false,
                  maxDepth: 0), unchanged) + terminator
          } else if buffer.count > 1 || (areInIncreasingOrder != nil && buffer.count == 1) {
            out +=
              marked(
                SwiftDump.indenting("… (\(buffer.count) unchanged)", by: elementPrefix),
                unchanged) + terminator
          }
          buffer.removeAll()
        }

        while lhsOffset < lhsList.count || rhsOffset < rhsList.count {
          let isRemoval =
            lhsOffset < lhsList.count
            && (removals.contains(lhsOffset) || rhsOffset >= rhsList.count)
          let isInsertion =
            rhsOffset < rhsList.count
            && (insertions.contains(rhsOffset) || lhsOffset >= lhsList.count)

          if collapseUnchanged, !isRemoval, !isInsertion,
            childEqual(lhsList[lhsOffset], rhsList[rhsOffset])
          {
            var child = rhsList[rhsOffset]
            transform(&child, rhsOffset)
            buffer.append(child)
            lhsOffset += 1
            rhsOffset += 1
            continue
          }
          if areInIncreasingOrder == nil { flush() }

          switch (isRemoval, isInsertion) {
          case (true, false):
            var child = lhsList[lhsOffset]
            transform(&child, lhsOffset)
            let terminator = lhsOffset == lhsList.count - 1 ? "\n" : elementSeparator + "\n"
            out +=
              marked(
                SwiftDump.dump(
                  child.value, name: child.label, indent: elementPrefix, isRoot: false),
                removed) + terminator
            lhsOffset += 1

          case (false, true):
            var child = rhsList[rhsOffset]
            transform(&child, rhsOffset)
            let terminator =
              rhsOffset == rhsList.count - 1 && buffer.isEmpty ? "\n" : elementSeparator + "\n"
            out +=
              marked(
                SwiftDump.dump(
                  child.value, name: child.label, indent: elementPrefix, isRoot: false),
                added) + terminator
            rhsOffset += 1

          default:
            var lhsChild = lhsList[lhsOffset]
            var rhsChild = rhsList[rhsOffset]
            transform(&lhsChild, isRemoval ? lhsOffset : rhsOffset)
            transform(&rhsChild, rhsOffset)
            let last = lhsOffset == lhsList.count - 1 && rhsOffset == rhsList.count - 1
            out +=
              help(
                lhsChild.value, rhsChild.value, lhsName: lhsChild.label, rhsName: rhsChild.label,
                separator: last ? "" : elementSeparator, indent: elementPrefix, isRoot: false)
              + "\n"
            lhsOffset += 1
            rhsOffset += 1
          }
        }
        flush()
        out += marked(SwiftDump.indenting(suffix, by: indent), unchanged) + separator
      }

      let dropTupleLabels: (inout Mirror.Child, Int) -> Void = { child, _ in
        if child.label?.first == "." { child.label = nil }
      }

      switch (lhsMirror.displayStyle, rhsMirror.displayStyle) {
      case (.class?, .class?):
        let lhsID = ObjectIdentifier(lhs as AnyObject)
        let rhsID = ObjectIdentifier(rhs as AnyObject)
        let type = SwiftDump.typeName(lhsMirror.subjectType)
        if visited.contains(lhsID) || visited.contains(rhsID) {
          out +=
            marked(
              SwiftDump.indenting("\(SwiftDump.label(lhsName))\(type)(↩︎)", by: indent),
              removed) + "\n"
            + marked(
              SwiftDump.indenting("\(SwiftDump.label(rhsName))\(type)(↩︎)", by: indent),
              added)
        } else {
          visited.insert(lhsID)
          children(
            lhsMirror, rhsMirror, lhsChildren: classChildren(lhsMirror),
            rhsChildren: classChildren(rhsMirror), prefix: "\(type)(", suffix: ")",
            elementIndent: 2, elementSeparator: ",", collapseUnchanged: false,
            shown: SwiftDump.macroMemberFilter(for: lhs))
        }

      case (.collection?, .collection?):
        children(
          lhsMirror, rhsMirror, prefix: "[", suffix: "]", elementIndent: 2,
          elementSeparator: ",", collapseUnchanged: true,
          areEquivalent: { SwiftDump.isMirrorEqual($0.value, $1.value) },
          transform: { child, offset in child.label = "[\(offset)]" })

      case (.dictionary?, .dictionary?):
        children(
          lhsMirror, rhsMirror, prefix: "[", suffix: "]", elementIndent: 2,
          elementSeparator: ",", collapseUnchanged: true,
          areEquivalent: { lhs, rhs in
            guard let left = SwiftDump.pair(lhs.value), let right = SwiftDump.pair(rhs.value)
            else { return SwiftDump.isMirrorEqual(lhs.value, rhs.value) }
            return SwiftDump.isMirrorEqual(left.key, right.key)
          },
          areInIncreasingOrder: { SwiftDump.keyDump($0) < SwiftDump.keyDump($1) },
          transform: { child, _ in
            guard let pair = SwiftDump.pair(child.value) else { return }
            child = (SwiftDump.dump(pair.key, isRoot: false, maxDepth: 1), pair.value)
          })

      case (.enum?, .enum?):
        guard let lhsChild = lhsMirror.children.first, let rhsChild = rhsMirror.children.first,
          let caseName = lhsChild.label, caseName == rhsChild.label
        else {
          everything()
          break
        }
        let type = isRoot ? SwiftDump.typeName(lhsMirror.subjectType) : ""
        children(
          SwiftDump.associatedValues(of: lhsChild.value, in: lhs),
          SwiftDump.associatedValues(of: rhsChild.value, in: rhs),
          prefix: "\(type).\(caseName)(", suffix: ")", elementIndent: 2, elementSeparator: ",",
          collapseUnchanged: false, transform: dropTupleLabels)

      case (.optional?, .optional?):
        guard let left = lhsMirror.children.first?.value,
          let right = rhsMirror.children.first?.value
        else {
          everything()
          break
        }
        out += help(
          left, right, lhsName: lhsName, rhsName: rhsName, separator: separator, indent: indent,
          isRoot: isRoot)

      case (.set?, .set?):
        children(
          lhsMirror, rhsMirror, prefix: "Set([", suffix: "])", elementIndent: 2,
          elementSeparator: ",", collapseUnchanged: true,
          areEquivalent: { SwiftDump.isMirrorEqual($0.value, $1.value) },
          areInIncreasingOrder: {
            SwiftDump.dump($0.value, isRoot: false, maxDepth: 1)
              < SwiftDump.dump($1.value, isRoot: false, maxDepth: 1)
          })

      case (.struct?, .struct?):
        children(
          lhsMirror, rhsMirror, prefix: "\(SwiftDump.typeName(lhsMirror.subjectType))(",
          suffix: ")", elementIndent: 2, elementSeparator: ",", collapseUnchanged: false,
          shown: SwiftDump.macroMemberFilter(for: lhs))

      case (.tuple?, .tuple?):
        children(
          lhsMirror, rhsMirror, prefix: "(", suffix: ")", elementIndent: 2,
          elementSeparator: ",", collapseUnchanged: false, transform: dropTupleLabels)

      default:
        if let left = lhs as? String, let right = rhs as? String,
          left.contains(where: \.isNewline) || right.contains(where: \.isNewline)
        {
          let lines: (String) -> [Mirror.Child] = { text in
            text.isEmpty
              ? []
              : text.split(separator: "\n", omittingEmptySubsequences: false).map {
                (label: nil, value: StringLine(text: String($0)))
              }
          }
          let hashes = String(
            repeating: "#",
            count: max(rawHashes(left), rawHashes(right)))
          children(
            lhsMirror, rhsMirror, lhsChildren: lines(left), rhsChildren: lines(right),
            prefix: "\(hashes)\"\"\"",
            suffix: rhsName != nil ? "  \"\"\"\(hashes)" : "\"\"\"\(hashes)",
            elementIndent: rhsName != nil ? 2 : 0, elementSeparator: "", collapseUnchanged: false,
            areEquivalent: { SwiftDump.isMirrorEqual($0.value, $1.value) })
        } else {
          everything()
        }
      }
      return out
    }

    private func classChildren(_ mirror: Mirror) -> [Mirror.Child] {
      var list = Array(mirror.children)
      var superclass = mirror.superclassMirror
      while let parent = superclass {
        list.insert(contentsOf: parent.children, at: 0)
        superclass = parent.superclassMirror
      }
      return list
    }

    private func childEqual(_ lhs: Mirror.Child, _ rhs: Mirror.Child) -> Bool {
      lhs.label == rhs.label && SwiftDump.isMirrorEqual(lhs.value, rhs.value)
    }

    private func childrenEqual(_ lhs: [Mirror.Child], _ rhs: [Mirror.Child]) -> Bool {
      lhs.count == rhs.count && zip(lhs, rhs).allSatisfy(childEqual)
    }

    /// The `#`s a multi-line raw literal of `text` needs (0 when it holds no `"""`).
    private func rawHashes(_ text: String) -> Int {
      guard text.contains("\"\"\"") else { return 0 }
      var best = 0
      var rest = text[...]
      while let range = rest.firstRange(of: "\"\"\"") {
        var count = 1
        var index = range.upperBound
        while index < rest.endIndex, rest[index] == "#" {
          count += 1
          index = rest.index(after: index)
        }
        best = max(best, count)
        rest = rest[index...]
      }
      return best
    }
  }
}

/// One line of a multi-line string in a diff: printed as is.
struct StringLine: Equatable, CustomStringConvertible {
  let text: String
  package var description: String { text }
}
