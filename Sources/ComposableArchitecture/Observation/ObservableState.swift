// `@ObservableState`'s runtime, as in TCA: state that is `Observable` (the Observation module
// is part of the Linux toolchain, so `withObservationTracking` sees its changes) and has an
// identity, `_$id`, that changes when the state is replaced or modified as a whole value —
// what navigation uses to tell one presented child from another.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IdentifiedCollections
import Observation

/// State made observable by `@ObservableState`.
public protocol ObservableState: Observable {
  /// The state's identity.
  var _$id: ObservableStateID { get }
  /// Gives the state a new identity (it is about to be modified in place).
  mutating func _$willModify()
}

/// The identity of a value of `ObservableState`.
public struct ObservableStateID: Equatable, Hashable, Sendable {
  private var storage: Storage

  private init(storage: Storage) { self.storage = storage }

  /// A new identity.
  public init() { self.init(storage: Storage(id: .location(UUID()))) }

  /// Equal when both name the same location (and tags).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.id == rhs.storage.id
  }

  /// Hashes the location and tags.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.id) }

  /// The identity of `value`: its own when it is `ObservableState`, else a new one.
  @inlinable
  public static func _$id<T>(for value: T) -> Self {
    (value as? any ObservableState)?._$id ?? Self()
  }

  /// The identity of `value`.
  @inlinable
  public static func _$id(for value: some ObservableState) -> Self { value._$id }

  /// This identity under the case numbered `tag` (an enum state's case).
  public func _$tag(_ tag: Int) -> Self {
    Self(storage: Storage(id: .tag(tag, storage.id)))
  }

  /// A new location, keeping the tags.
  public mutating func _$willModify() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(id: storage.id) }
    storage.id.relocate(UUID())
  }

  private final class Storage: @unchecked Sendable {
    var id: ID
    init(id: ID) { self.id = id }
  }

  private enum ID: Hashable, Sendable {
    case location(UUID)
    indirect case tag(Int, ID)

    mutating func relocate(_ location: UUID) {
      switch self {
      case .location: self = .location(location)
      case .tag(let tag, var id):
        id.relocate(location)
        self = .tag(tag, id)
      }
    }
  }
}

/// What `@ObservableState` stores: the state's identity and its observation registrar. Every
/// value compares equal, so it never takes part in the state's `==`, hash or coding.
public struct ObservationStateRegistrar: Sendable {
  /// The state's identity.
  public private(set) var id = ObservableStateID()
  @usableFromInline let registrar = ObservationRegistrar()

  /// A registrar with a new identity.
  public init() {}

  /// Gives the state a new identity.
  public mutating func _$willModify() { id._$willModify() }

  /// Tells observers `keyPath` of `subject` was read.
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Sets `value` to `newValue`, telling observers unless the two are the same identity or
  /// `shouldNotifyObservers` says the change is not one.
  @inlinable
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ value: inout Value,
    _ newValue: Value, _ isIdentityEqual: (Value, Value) -> Bool,
    _ shouldNotifyObservers: (Value, Value) -> Bool = { _, _ in true }
  ) {
    if isIdentityEqual(value, newValue) || !shouldNotifyObservers(value, newValue) {
      value = newValue
    } else {
      registrar.withMutation(of: subject, keyPath: keyPath) { value = newValue }
    }
  }

  /// Before an in-place modification: the member as it was.
  @inlinable
  public func willModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member
  ) -> Member {
    member
  }

  /// Before an in-place modification of observable state: a new identity, then the member.
  @inlinable
  public func willModify<Subject: Observable, Member: ObservableState>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member
  ) -> Member {
    member._$willModify()
    return member
  }

  /// After an in-place modification: tells observers when the identity changed.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>, _ member: inout Member,
    _ oldValue: Member, _ isIdentityEqual: (Member, Member) -> Bool,
    _ shouldNotifyObservers: (Member, Member) -> Bool = { _, _ in true }
  ) {
    if !isIdentityEqual(oldValue, member) {
      let newValue = member
      member = oldValue
      mutate(subject, keyPath: keyPath, &member, newValue, isIdentityEqual, shouldNotifyObservers)
    }
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  /// Always equal: the registrar is not part of the state's value.
  public static func == (_: Self, _: Self) -> Bool { true }
  /// Hashes nothing.
  public func hash(into hasher: inout Hasher) {}
  /// Decodes nothing: a new registrar.
  public init(from decoder: any Decoder) throws { self.init() }
  /// Encodes nothing.
  public func encode(to encoder: any Encoder) throws {}
}

/// Gives `value` a new identity when it is observable state (an enum state's case payload).
@inlinable
public func _$willModify<T>(_ value: inout T) {}

/// Gives `value` a new identity.
@inlinable
public func _$willModify<T: ObservableState>(_ value: inout T) { value._$willModify() }

/// Whether two values are the same identity (then a change between them is not observed).
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Whether two identified arrays hold the same ids in the same order.
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>, _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// Whether two presentations present the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>, _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue?._$id == rhs.wrappedValue?._$id
}

/// Whether two stacks hold the same element ids in the same order.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: StackState<T>, _ rhs: StackState<T>)
  -> Bool
{
  lhs.ids == rhs.ids
}

/// Whether two collections of observable state have the same identities in order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// Strings have no identity: every change is observed.
@inlinable
public func _$isIdentityEqual(_ lhs: String, _ rhs: String) -> Bool { false }

/// Any other value: observable state compares identities; anything else has none.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  guard let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState else {
    return false
  }
  return lhs._$id == rhs._$id
}
