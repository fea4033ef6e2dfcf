// The standard library's enums as `CasePathable`, as in swift-case-paths: `Optional`
// (`\.some`, `\.none`, and a case key path through an optional payload), `Result` (`\.success`,
// `\.failure`) and `Never`.

extension Optional: CasePathable, CasePathIterable {
  /// `Optional`'s case paths.
  @dynamicMemberLookup
  public struct AllCasePaths: CasePathReflectable, Sendable {
    /// The case key path of `root`'s case.
    public subscript(root: Optional) -> PartialCaseKeyPath<Optional> {
      switch root {
      case .none: return \.none
      case .some: return \.some
      }
    }

    /// `.none`.
    public var none: AnyCasePath<Optional, Void> {
      AnyCasePath(embed: { .none }, extract: { $0 == nil ? () : nil })
    }

    /// `.some`.
    public var some: AnyCasePath<Optional, Wrapped> {
      AnyCasePath(embed: { .some($0) }, extract: { $0 })
    }

    /// A case of the wrapped enum, through `.some`.
    @_disfavoredOverload
    public subscript<Member>(
      dynamicMember keyPath: KeyPath<Wrapped.AllCasePaths, AnyCasePath<Wrapped, Member>>
    ) -> AnyCasePath<Optional, Member?> where Wrapped: CasePathable {
      let path = Wrapped.allCasePaths[keyPath: keyPath]
      return AnyCasePath(
        embed: { $0.map(path.embed) },
        extract: { root in
          guard case .some(let wrapped) = root, let member = path.extract(from: wrapped) else {
            return .none
          }
          return member
        })
    }
  }

  /// `Optional`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Optional.AllCasePaths: Sequence {
  /// `\.none`, then `\.some`.
  public func makeIterator() -> IndexingIterator<[PartialCaseKeyPath<Optional>]> {
    [\.none, \.some].makeIterator()
  }
}

extension Case {
  /// A case of an enum wrapped in an optional payload, through `.some`.
  @_disfavoredOverload
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member?>>
  ) -> Case<Member> where Value: CasePathable {
    self[dynamicMember: keyPath].some
  }
}

extension Optional where Wrapped: CasePathable {
  /// Whether the wrapped value is `keyPath`'s case (false for nil).
  @_disfavoredOverload
  public func `is`(_ keyPath: PartialCaseKeyPath<Wrapped>) -> Bool {
    self?[case: keyPath] != nil
  }

  /// Changes the payload of the wrapped value's case in place; reports an issue when it is nil
  /// or another case.
  @_disfavoredOverload
  public mutating func modify<Value>(
    _ keyPath: CaseKeyPath<Wrapped, Value>,
    yield: (inout Value) -> Void,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    modify(
      (\Cases.some).appending(path: keyPath), yield: yield, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

extension Result: CasePathable, CasePathIterable {
  /// `Result`'s case paths.
  public struct AllCasePaths: CasePathReflectable, Sendable {
    /// The case key path of `root`'s case.
    public subscript(root: Result) -> PartialCaseKeyPath<Result> {
      switch root {
      case .success: return \.success
      case .failure: return \.failure
      }
    }

    /// `.success`.
    public var success: AnyCasePath<Result, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: {
          guard case .success(let value) = $0 else { return nil }
          return value
        })
    }

    /// `.failure`.
    public var failure: AnyCasePath<Result, Failure> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: {
          guard case .failure(let error) = $0 else { return nil }
          return error
        })
    }
  }

  /// `Result`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Result.AllCasePaths: Sequence {
  /// `\.success`, then `\.failure`.
  public func makeIterator() -> IndexingIterator<[PartialCaseKeyPath<Result>]> {
    [\.success, \.failure].makeIterator()
  }
}

extension Never: CasePathable, CasePathIterable {
  /// `Never`'s case paths: none.
  public struct AllCasePaths: CasePathReflectable, Sendable {
    /// Never called.
    public subscript(root: Never) -> PartialCaseKeyPath<Never> {}
  }

  /// `Never`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension Never.AllCasePaths: Sequence {
  /// Nothing.
  public func makeIterator() -> IndexingIterator<[PartialCaseKeyPath<Never>]> {
    [].makeIterator()
  }
}

extension Case {
  /// A case that can never embed or extract a value (what a `@CasePathable` enum's
  /// `subscript(root:)` ends with).
  public var never: Case<Never> {
    @Sendable func absurd<T>(_: Never) -> T {}
    return Case<Never>(embed: absurd, extract: { (_: Value) in nil })
  }
}
