// SwiftUI's animations, for the TCA calls that take one (`store.send(_:animation:)`,
// `send(_:animation:)` in an effect, `Effect.send(_:animation:)`). There is no SwiftUI off
// Apple platforms: the animation is accepted, and the action is sent as without one.

/// An animation a view would run a state change with; Deps accepts it and ignores it.
///
/// ```swift
/// store.send(.toggleButtonTapped, animation: .default)
/// ```
public struct Animation: Sendable, Hashable {
  private let name: String
  private let duration: Double?

  private init(_ name: String, duration: Double? = nil) {
    self.name = name
    self.duration = duration
  }

  /// The default animation.
  public static let `default` = Animation("default")
  /// A linear animation.
  public static let linear = Animation("linear")
  /// An ease-in animation.
  public static let easeIn = Animation("easeIn")
  /// An ease-out animation.
  public static let easeOut = Animation("easeOut")
  /// An ease-in-out animation.
  public static let easeInOut = Animation("easeInOut")
  /// A spring animation.
  public static let spring = Animation("spring")
  /// A bouncy spring animation.
  public static let bouncy = Animation("bouncy")
  /// A smooth spring animation.
  public static let smooth = Animation("smooth")
  /// A snappy spring animation.
  public static let snappy = Animation("snappy")

  /// A linear animation lasting `duration` seconds.
  public static func linear(duration: Double) -> Animation {
    Animation("linear", duration: duration)
  }

  /// An ease-in animation lasting `duration` seconds.
  public static func easeIn(duration: Double) -> Animation {
    Animation("easeIn", duration: duration)
  }

  /// An ease-out animation lasting `duration` seconds.
  public static func easeOut(duration: Double) -> Animation {
    Animation("easeOut", duration: duration)
  }

  /// An ease-in-out animation lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation {
    Animation("easeInOut", duration: duration)
  }

  /// A spring animation settling in about `duration` seconds.
  public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
    Animation("spring", duration: duration)
  }
}

extension Store {
  /// Sends `action` as a view would with a SwiftUI animation; the animation is ignored.
  ///
  /// ```swift
  /// store.send(.toggleButtonTapped, animation: .default)
  /// ```
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    send(action)
  }
}

extension Send {
  /// Sends `action` back into the store from an effect; the animation is ignored.
  ///
  /// ```swift
  /// await send(.response(value), animation: .default)
  /// ```
  public func callAsFunction(_ action: Action, animation: Animation?) async {
    await callAsFunction(action)
  }
}

extension Effect {
  /// An effect that sends `action` at once; the animation is ignored.
  ///
  /// ```swift
  /// return .send(.delegate(.saved), animation: .default)
  /// ```
  public static func send(_ action: Action, animation: Animation?) -> Self {
    .send(action)
  }
}
