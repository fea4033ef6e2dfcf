// The dependency system's operations: reading dependencies, entering a scope, creating objects that hold
// `@Dependency` properties, and the raw `DependencyValues` subscript.
import DepsCore
import Foundation

/// A client with a live default (so reads outside any scope resolve the cached live value).
struct MyClient: Sendable {
  var fetch: @Sendable (Int) -> Int
}

extension MyClient: DependencyKey {
  static let liveValue = MyClient { $0 &+ 1 }
  static let testValue = MyClient { $0 &+ 2 }
}

extension DependencyValues {
  var myClient: MyClient {
    get { self[MyClient.self] }
    set { self[MyClient.self] = newValue }
  }
}

/// Holds one `@Dependency` per benchmark that reads it.
final class DateModel {
  @Dependency(\.date) var date
}

final class ClientModel {
  @Dependency(\.myClient) var myClient
}

/// The object of "creating an object with 3 `@Dependency` properties".
final class ThreeDependencies {
  @Dependency(\.date) var date
  @Dependency(\.uuid) var uuid
  @Dependency(\.myClient) var myClient
}

enum DependencyBenchmarks {
  static let fixedDate = Date(timeIntervalSince1970: 1_234_567_890)

  static var all: [Benchmark] {
    [
      Benchmark(
        name: "dep.read.date.scoped",
        summary: "@Dependency(\\.date) then .now, inside a withDependencies scope",
        target: .instructions(380)
      ) { n in
        withDependencies {
          $0.date = .constant(fixedDate)
        } operation: {
          let model = DateModel()
          for _ in 0..<n { blackHole(model.date.now.timeIntervalSince1970) }
        }
      },
      Benchmark(
        name: "dep.read.client.scoped",
        summary: "@Dependency(\\.myClient).fetch(i), inside a scope",
        target: .instructions(400)
      ) { n in
        withDependencies {
          $0.myClient = MyClient { $0 &* 2 }
        } operation: {
          let model = ClientModel()
          for i in 0..<n { blackHole(model.myClient.fetch(i)) }
        }
      },
      Benchmark(
        name: "dep.read.client.live",
        summary: "@Dependency(\\.myClient).fetch(i), no scope (cached live default)",
        target: .instructions(500)
      ) { n in
        let model = ClientModel()
        for i in 0..<n { blackHole(model.myClient.fetch(i)) }
      },
      Benchmark(
        name: "dep.withDependencies",
        summary: "withDependencies({ $0.uuid = .incrementing }) { }",
        target: .instructions(1_500)
      ) { n in
        for _ in 0..<n {
          withDependencies {
            $0.uuid = .incrementing
          } operation: {
          }
        }
      },
      Benchmark(
        name: "dep.object3.scoped",
        summary: "creating an object with 3 @Dependency properties, inside a scope",
        target: .instructions(500)
      ) { n in
        withDependencies {
          $0.date = .constant(fixedDate)
        } operation: {
          for _ in 0..<n { blackHole(ThreeDependencies()) }
        }
      },
      Benchmark(
        name: "dep.object3.unscoped",
        summary: "creating an object with 3 @Dependency properties, no scope",
        target: .instructions(500)
      ) { n in
        for _ in 0..<n { blackHole(ThreeDependencies()) }
      },
      Benchmark(
        name: "dep.current.subscript",
        summary: "DependencyValues._current[MyClient.self], inside a scope",
        target: .instructions(350)
      ) { n in
        withDependencies {
          $0.myClient = MyClient { $0 &* 2 }
        } operation: {
          for i in 0..<n { blackHole(DependencyValues._current[MyClient.self].fetch(i)) }
        }
      },
    ]
  }
}
