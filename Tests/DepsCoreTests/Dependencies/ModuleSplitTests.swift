// The seed's module split: `SeedClientInterface` conforms the client to `TestDependencyKey`,
// `SeedClientLive` adds `DependencyKey` with the live value. The key is declared in the
// interface module, yet the live context must find the live value.
import SeedClientInterface
import SeedClientLive
import Testing
@testable import Clocks
@testable import CustomDump
@testable import Dependencies
@testable import DepsConcurrency
@testable import CasePaths
@testable import ComposableArchitecture
@testable import ConcurrencyExtras
@testable import DepsCore
@testable import IdentifiedCollections
@testable import DepsRuntime
@testable import IssueReporting

@Suite struct ModuleSplitTests {
  @Test func liveContextFindsTheLiveValueOfTheOtherModule() async throws {
    try await isolated(context: .live) { recorder in
      @Dependency(\.seedClient) var seedClient
      let fact = try await seedClient.fetch(7)
      #expect(fact == "7 is a live fact.")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func liveValueIsFoundThroughTheKeyTypeToo() async throws {
    try await isolated(context: .live) { recorder in
      @Dependency(SeedClient.self) var seedClient
      let fact = try await seedClient.fetch(8)
      #expect(fact == "8 is a live fact.")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func testAndPreviewContextsUseTheInterfaceValues() async throws {
    try await isolated { recorder in
      @Dependency(\.seedClient) var seedClient
      let test = try await seedClient.fetch(1)
      #expect(test == "1 is a test fact.")
      let preview = try await withDependencies {
        $0.context = .preview
      } operation: {
        try await seedClient.fetch(2)
      }
      #expect(preview == "2은 Preview용 숫자입니다.")
      #expect(recorder.messages.isEmpty)
    }
  }

  @Test func liveConformanceIsVisibleAtRunTime() {
    #expect(DependencyResolution.liveValue(SeedClient.self) != nil)
    #expect(DependencyResolution.liveValue(TestOnlyKey.self) == nil)
  }

  @Test func seedClientIsOverridable() async throws {
    try await isolated(context: .live) { _ in
      let fact = try await withDependencies {
        $0.seedClient.fetch = { "\($0) is overridden." }
      } operation: {
        @Dependency(\.seedClient) var seedClient
        return try await seedClient.fetch(3)
      }
      #expect(fact == "3 is overridden.")
    }
  }
}
