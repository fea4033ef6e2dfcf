// Swift generators for `explore(initialState:reducer:actions:invariant:)`: the same decisions
// and shrinking as Lua's `deps.gen` (ExploreChoices: 0 is always the simplest value).

/// A generator of values for the explorer: draws a value from a stream of decisions, and
/// shrinks toward its simplest value when the explorer makes the decisions smaller.
///
/// ```swift
/// let actions: [Gen<Lock.Action>] = [
///   Gen.integer(in: 0...9).map(Lock.Action.digit),
///   .constant(.enter),
/// ]
/// ```
public struct Gen<Value> {
  /// Draws a value.
  public let draw: (ExploreChoices) -> Value

  /// A generator drawing with `draw`.
  public init(_ draw: @escaping (ExploreChoices) -> Value) {
    self.draw = draw
  }

  /// The values of this generator transformed (an action case from its payload).
  ///
  /// ```swift
  /// Gen.integer(in: 0...9).map(Feature.Action.digit)
  /// ```
  public func map<T>(_ transform: @escaping (Value) -> T) -> Gen<T> {
    Gen<T> { transform(self.draw($0)) }
  }

  /// Always `value`.
  public static func constant(_ value: Value) -> Gen<Value> { Gen { _ in value } }

  /// One of `generators`; the first is the simplest.
  public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
    Gen { choices in
      generators[Int(choices.choose(UInt64(generators.count)))].draw(choices)
    }
  }

  /// One of `values`; the first is the simplest.
  ///
  /// ```swift
  /// Gen.element(of: [Action.increment, .decrement])
  /// ```
  public static func element(of values: [Value]) -> Gen<Value> {
    Gen { choices in values[Int(choices.choose(UInt64(values.count)))] }
  }
}

extension Gen where Value == Int {
  /// An integer in `range`; shrinks toward the value nearest 0.
  public static func integer(in range: ClosedRange<Int>) -> Gen<Int> {
    Gen { $0.integer(range.lowerBound, range.upperBound) }
  }
}

extension Gen where Value == Double {
  /// A number in `range`, in thousandths; shrinks toward the value nearest 0.
  public static func number(in range: ClosedRange<Double>) -> Gen<Double> {
    let low = Int((range.lowerBound * 1000).rounded(.up))
    let high = max(low, Int((range.upperBound * 1000).rounded(.down)))
    return Gen { Double($0.integer(low, high)) / 1000 }
  }
}

extension Gen where Value == Bool {
  /// `false` or `true`; shrinks toward `false`.
  public static var boolean: Gen<Bool> { Gen { $0.choose(2) == 1 } }
}

extension Gen where Value == String {
  /// A string of at most `maxLength` characters of `alphabet`; shrinks toward fewer, earlier
  /// characters.
  public static func string(
    maxLength: Int = 8,
    alphabet: String = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
  ) -> Gen<String> {
    let letters = Array(alphabet)
    return Gen { choices in
      let length = Int(choices.choose(UInt64(max(0, maxLength)) + 1))
      guard !letters.isEmpty else { return "" }
      return String((0..<length).map { _ in letters[Int(choices.choose(UInt64(letters.count)))] })
    }
  }
}

extension Gen {
  /// A list of at most `maxLength` values of `element`; shrinks toward fewer, simpler ones.
  public static func list<Element>(of element: Gen<Element>, maxLength: Int = 5)
    -> Gen<[Element]> where Value == [Element]
  {
    Gen<[Element]> { choices in
      let length = Int(choices.choose(UInt64(max(0, maxLength)) + 1))
      return (0..<length).map { _ in element.draw(choices) }
    }
  }
}
