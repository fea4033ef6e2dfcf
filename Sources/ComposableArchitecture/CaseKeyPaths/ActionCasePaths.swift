// The case paths of TCA's own action enums, as TCA declares them, so case key paths reach
// through them: `\.destination.presented.save` and `\.destination.save` (straight through
// `.presented`), `\.path[id: 0].detail`, `\.rows[id: id].toggle`, `\.binding.name`.
import CasePaths
import ConcurrencyExtras

extension PresentationAction: CasePathable {
  /// `PresentationAction`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// `PresentationAction`'s case paths: `dismiss`, `presented`, and any case of the presented
  /// feature's action through `presented`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// `.dismiss`.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        })
    }

    /// `.presented`.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return action
        })
    }

    /// A case of the presented feature's action, through `.presented`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction> where Action: CasePathable {
      let path = UncheckedSendable(AnyCasePath(keyPath))
      return AnyCasePath(
        embed: { .presented(path.value.embed($0)) },
        extract: {
          guard case .presented(let action) = $0 else { return nil }
          return path.value.extract(from: action)
        })
    }

    /// A case of the presented feature's action, keeping the presentation (`.dismiss` stays).
    @_disfavoredOverload
    public subscript<AppendedAction>(
      dynamicMember keyPath: CaseKeyPath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, PresentationAction<AppendedAction>>
    where Action: CasePathable {
      let path = UncheckedSendable(AnyCasePath(keyPath))
      return AnyCasePath(
        embed: {
          switch $0 {
          case .dismiss: return .dismiss
          case .presented(let action): return .presented(path.value.embed(action))
          }
        },
        extract: {
          switch $0 {
          case .dismiss: return .dismiss
          case .presented(let action):
            return path.value.extract(from: action).map { .presented($0) }
          }
        })
    }
  }
}

extension StackAction: CasePathable {
  /// `StackAction`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// `StackAction`'s case paths: `element`, `popFrom`, `push`, and `[id:]` for one element's
  /// actions.
  public struct AllCasePaths: Sendable {
    /// `.element(id:action:)`.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id: id, action: action)
        })
    }

    /// `.popFrom(id:)`.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case .popFrom(let id) = $0 else { return nil }
          return id
        })
    }

    /// `.push(id:state:)`.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0, state: $1) },
        extract: {
          guard case .push(let id, let state) = $0 else { return nil }
          return (id: id, state: state)
        })
    }

    /// The actions of the element with `id`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case .element(id, let action) = $0 else { return nil }
          return action
        })
    }
  }
}

extension IdentifiedAction: CasePathable {
  /// `IdentifiedAction`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// `IdentifiedAction`'s case paths: `element`, and `[id:]` for one element's actions.
  public struct AllCasePaths: Sendable {
    /// `.element(id:action:)`.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0, action: $1) },
        extract: {
          guard case .element(let id, let action) = $0 else { return nil }
          return (id, action)
        })
    }

    /// The actions of the element with `id`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      let id = UncheckedSendable(id)
      return AnyCasePath(
        embed: { .element(id: id.value, action: $0) },
        extract: {
          guard case .element(let elementID, let action) = $0, elementID == id.value else {
            return nil
          }
          return action
        })
    }
  }
}

extension BindingAction: CasePathable {
  /// `BindingAction`'s case paths.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// `BindingAction`'s case paths: one per writable field of the state (`\.binding.name`).
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The action setting the field at `keyPath`, and its value.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return Self.field(keyPath.value) { .set(unchecked: keyPath, $0) }
    }

    /// The case path of the actions setting `field`: `embed` makes one, extraction gives the
    /// value of an action setting that field.
    static func field<Value>(
      _ field: PartialKeyPath<Root>, embed: @escaping (Value) -> BindingAction
    ) -> AnyCasePath<BindingAction, Value> {
      AnyCasePath(
        embed: embed,
        extract: { action in
          guard action.keyPath == field else { return nil }
          return action.value as? Value
        })
    }
  }
}
