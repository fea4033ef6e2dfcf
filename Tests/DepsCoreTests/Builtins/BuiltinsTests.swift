// The simple built-in dependencies: date, uuid, withRandomNumberGenerator, calendar, locale,
// timeZone, assert / assertionFailure, fireAndForget. Each test picks its context and starts a
// fresh cache of defaults, so tests running at the same time never share state.
import Foundation
import Synchronization
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

private let file = "DepsCoreTests/BuiltinsTests.swift"

/// A lock-protected value tests can share with `@Sendable` closures.
private final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>
  init(_ value: Value) { mutex = Mutex(value) }
  var value: Value { mutex.withLock { $0 } }
  func update(_ body: @Sendable (inout Value) -> Void) { mutex.withLock { body(&$0) } }
}

/// swift-dependencies' report for a key with no test value read in a test, written out.
private func noTestValueMessage(
  _ name: String, key: String, value: String, line: UInt
) -> String {
  """
  @Dependency(\\.\(name)) has no test implementation, but was accessed from a test context:

    Location:
      \(file):\(line)
    Key:
      \(key)
    Value:
      \(value)

  Dependencies registered with the library are not allowed to use their default, live \
  implementations when run from tests.

  To fix, override '\(name)' with a test value. If you are using the Composable Architecture, \
  mutate the 'dependencies' property on your 'TestStore'. Otherwise, use 'withDependencies' to \
  define a scope for the override. If you'd like to provide a default value for all tests, \
  implement the 'testValue' requirement of the 'DependencyKey' protocol.
  """
}

/// Runs `operation` in `context` with a fresh cache of defaults, recording reported issues.
private func inContext<R>(
  _ context: DependencyContext, _ recorder: RecordingIssueReporter, _ operation: () -> R
) -> R {
  withIssueReporters([recorder]) {
    withDependencies {
      $0.useFreshCache()
      $0.context = context
    } operation: {
      operation()
    }
  }
}

/// Every built-in, one nested suite each (so `--filter BuiltinsTests` runs them all).
@Suite struct BuiltinsTests {}

extension BuiltinsTests {
  @Suite struct DateTests {
    @Test func liveReturnsTheSystemDate() {
      let recorder = RecordingIssueReporter()
      let before = Date()
      let (now, called) = inContext(.live, recorder) {
        @Dependency(\.date) var date
        @Dependency(\.date.now) var now
        return (now, date())
      }
      let after = Date()
      #expect(before <= now && now <= after)
      #expect(before <= called && called <= after)
      #expect(recorder.messages.isEmpty)
    }

    @Test func testContextReportsOnceAndStillReturnsADate() {
      let recorder = RecordingIssueReporter()
      let before = Date()
      let line: UInt = #line + 2
      let (first, second) = inContext(.test, recorder) {
        @Dependency(\.date) var date
        return (date(), date.now)
      }
      #expect(first >= before && second >= before)
      #expect(
        recorder.messages == [
          noTestValueMessage(
            "date", key: "DependencyValues.DateGeneratorKey", value: "DateGenerator", line: line)
        ])
    }

    /// `\.date.now` written through a key path (what `.dependency(\.date.now, …)` does) reads
    /// the old generator's `now` first: that read is part of setting up and reports nothing.
    @Test func writingNowThroughAKeyPathReportsNothing() {
      let recorder = RecordingIssueReporter()
      let fixed = Date(timeIntervalSinceReferenceDate: 0)
      let now: any WritableKeyPath<DependencyValues, Date> & Sendable = \.date.now
      let read = inContext(.test, recorder) {
        withDependencies {
          $0[keyPath: now] = fixed
        } operation: {
          @Dependency(\.date.now) var now
          return now
        }
      }
      #expect(read == fixed)
      #expect(recorder.messages.isEmpty)
    }

    @Test func overridingNowAndConstant() {
      let recorder = RecordingIssueReporter()
      let fixed = Date(timeIntervalSince1970: 1_234_567_890)
      inContext(.test, recorder) {
        withDependencies {
          $0.date.now = fixed
        } operation: {
          @Dependency(\.date.now) var now
          @Dependency(\.date) var date
          #expect(now == fixed)
          #expect(date() == fixed)
        }
        withDependencies {
          $0.date = .constant(Date(timeIntervalSince1970: 0))
        } operation: {
          @Dependency(\.date) var date
          #expect(date.now == Date(timeIntervalSince1970: 0))
        }
      }
      #expect(recorder.messages.isEmpty)
    }

    @Test func generatorFromAClosureAndSettingNow() {
      let calls = Locked(0)
      var generator = DateGenerator {
        calls.update { $0 += 1 }
        return Date(timeIntervalSince1970: Double(calls.value))
      }
      #expect(generator() == Date(timeIntervalSince1970: 1))
      #expect(generator.now == Date(timeIntervalSince1970: 2))
      generator.now = Date(timeIntervalSince1970: 99)
      #expect(generator() == Date(timeIntervalSince1970: 99))
      #expect(generator.now == Date(timeIntervalSince1970: 99))
      #expect(calls.value == 2)
    }
  }

  @Suite struct UUIDTests {
    @Test func incrementingCountsUpFromZero() {
      let generate = UUIDGenerator.incrementing
      #expect(generate().uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(generate().uuidString == "00000000-0000-0000-0000-000000000001")
      #expect(generate().uuidString == "00000000-0000-0000-0000-000000000002")
      #expect(UUIDGenerator.incrementing().uuidString == "00000000-0000-0000-0000-000000000000")
    }

    @Test func incrementingThroughTheDependency() {
      let recorder = RecordingIssueReporter()
      let ids = inContext(.test, recorder) {
        withDependencies {
          $0.uuid = .incrementing
        } operation: {
          @Dependency(\.uuid) var uuid
          return (0..<17).map { _ in uuid() }
        }
      }
      #expect(ids == (0..<17).map { UUID($0) })
      #expect(ids.last?.uuidString == "00000000-0000-0000-0000-000000000010")
      #expect(recorder.messages.isEmpty)
    }

    @Test func incrementingIsThreadSafe() async {
      let generate = UUIDGenerator.incrementing
      let ids = await withTaskGroup(of: [UUID].self) { group in
        for _ in 0..<8 {
          group.addTask { (0..<250).map { _ in generate() } }
        }
        var all: [UUID] = []
        for await batch in group { all += batch }
        return all
      }
      let unexpected = Set(ids).subtracting((0..<2_000).map { UUID($0) })
      #expect(ids.count == 2_000)
      #expect(Set(ids).count == 2_000)  // no number handed out twice
      #expect(unexpected.isEmpty)  // and none outside 0..<2000
    }

    @Test func constantAndClosure() {
      let id = UUID(42)
      let constant = UUIDGenerator.constant(id)
      #expect(constant() == id)
      #expect(constant() == id)
      #expect(UUIDGenerator { UUID(7) }() == UUID(7))
    }

    @Test func integerInitializer() {
      #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
      #expect(UUID(16).uuidString == "00000000-0000-0000-0000-000000000010")
      #expect(UUID(-16).uuidString == "00000000-0000-0001-0000-000000000010")
      #expect(UUID(Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
      #expect(UUID(Int.min).uuidString == "00000000-0000-0001-8000-000000000000")
    }

    @Test func liveGeneratesRandomUUIDs() {
      let recorder = RecordingIssueReporter()
      let (first, second) = inContext(.live, recorder) {
        @Dependency(\.uuid) var uuid
        return (uuid(), uuid())
      }
      #expect(first != second)
      #expect(Array(first.uuidString)[14] == "4")  // a version-4 (random) UUID
      #expect(recorder.messages.isEmpty)
    }

    @Test func testContextReportsAndStillGenerates() {
      let recorder = RecordingIssueReporter()
      let line: UInt = #line + 2
      let (first, second) = inContext(.test, recorder) {
        @Dependency(\.uuid) var uuid
        return (uuid(), uuid())
      }
      #expect(first != second)
      #expect(
        recorder.messages == [
          noTestValueMessage(
            "uuid", key: "DependencyValues.UUIDGeneratorKey", value: "UUIDGenerator", line: line)
        ])
    }
  }

  @Suite struct WithRandomNumberGeneratorTests {
    @Test func lcrngSequence() {
      var generator = LCRNG(seed: 0)
      #expect(generator.next() == 3_037_000_493)
      #expect(generator.next() == 7_130_919_190_303_094_438)
      #expect(generator.next() == 15_808_069_148_326_827_323)
      #expect(generator.seed == 15_808_069_148_326_827_323)
    }

    @Test func seededGeneratorIsDeterministic() {
      let recorder = RecordingIssueReporter()
      func rolls(seed: UInt64) -> [Int] {
        inContext(.test, recorder) {
          withDependencies {
            $0.withRandomNumberGenerator = WithRandomNumberGenerator(LCRNG(seed: seed))
          } operation: {
            @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
            return (0..<10).map { _ in
              withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
            }
          }
        }
      }
      var reference = LCRNG(seed: 0)
      let expected = (0..<10).map { _ in Int.random(in: 1...6, using: &reference) }
      #expect(rolls(seed: 0) == expected)
      #expect(rolls(seed: 0) == rolls(seed: 0))
      #expect(rolls(seed: 0) != rolls(seed: 1))
      #expect(recorder.messages.isEmpty)
    }

    @Test func callsContinueOneSequence() {
      let random = WithRandomNumberGenerator(LCRNG(seed: 1))
      let first = random { $0.next() }
      let second = random { $0.next() }
      var reference = LCRNG(seed: 1)
      #expect([first, second] == [reference.next(), reference.next()])
    }

    @Test func liveUsesTheSystemGenerator() {
      let recorder = RecordingIssueReporter()
      let values = inContext(.live, recorder) {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        return (0..<4).map { _ in withRandomNumberGenerator { $0.next() } }
      }
      #expect(Set(values).count == 4)
      #expect(recorder.messages.isEmpty)
    }

    @Test func testContextReportsAndStillGenerates() {
      let recorder = RecordingIssueReporter()
      let line: UInt = #line + 2
      let roll = inContext(.test, recorder) {
        @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
        return withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
      }
      #expect((1...6).contains(roll))
      #expect(
        recorder.messages == [
          noTestValueMessage(
            "withRandomNumberGenerator", key: "DependencyValues.WithRandomNumberGeneratorKey",
            value: "WithRandomNumberGenerator", line: line)
        ])
    }
  }

  @Suite struct CalendarLocaleTimeZoneTests {
    @Test func liveValuesAreTheCurrentOnes() {
      let recorder = RecordingIssueReporter()
      let (calendar, locale, timeZone) = inContext(.live, recorder) {
        @Dependency(\.calendar) var calendar
        @Dependency(\.locale) var locale
        @Dependency(\.timeZone) var timeZone
        return (calendar, locale, timeZone)
      }
      #expect(calendar == Calendar.autoupdatingCurrent)
      #expect(locale == Locale.autoupdatingCurrent)
      #expect(timeZone == TimeZone.autoupdatingCurrent)
      #expect(recorder.messages.isEmpty)
    }

    @Test func overrides() throws {
      let recorder = RecordingIssueReporter()
      let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
      inContext(.test, recorder) {
        withDependencies {
          $0.calendar = Calendar(identifier: .buddhist)
          $0.locale = Locale(identifier: "ko_KR")
          $0.timeZone = seoul
        } operation: {
          @Dependency(\.calendar) var calendar
          @Dependency(\.locale) var locale
          @Dependency(\.timeZone) var timeZone
          #expect(calendar.identifier == .buddhist)
          #expect(locale.identifier == "ko_KR")
          #expect(timeZone.identifier == "Asia/Seoul")
        }
      }
      #expect(recorder.messages.isEmpty)
    }

    @Test func testContextReportsEachAndStillReturnsValues() {
      let recorder = RecordingIssueReporter()
      let calendarLine: UInt = #line + 4
      let localeLine: UInt = #line + 4
      let timeZoneLine: UInt = #line + 4
      let (calendar, locale, timeZone) = inContext(.test, recorder) {
        @Dependency(\.calendar) var calendar
        @Dependency(\.locale) var locale
        @Dependency(\.timeZone) var timeZone
        return (calendar, locale, timeZone)
      }
      #expect(calendar == Calendar.autoupdatingCurrent)
      #expect(locale == Locale.autoupdatingCurrent)
      #expect(timeZone == TimeZone.autoupdatingCurrent)
      #expect(
        recorder.messages == [
          noTestValueMessage(
            "calendar", key: "DependencyValues.CalendarKey", value: "Calendar",
            line: calendarLine),
          noTestValueMessage(
            "locale", key: "DependencyValues.LocaleKey", value: "Locale", line: localeLine),
          noTestValueMessage(
            "timeZone", key: "DependencyValues.TimeZoneKey", value: "TimeZone",
            line: timeZoneLine),
        ])
    }
  }

  @Suite struct AssertTests {
    @Test func testContextReportsAFailedAssertionAtTheCaller() {
      let recorder = RecordingIssueReporter()
      let line: UInt = #line + 4
      inContext(.test, recorder) {
        @Dependency(\.assert) var assert
        assert(1 + 1 == 2, "never reported")
        assert(0 > 1, "Number must be greater than zero")
      }
      #expect(recorder.messages == ["Number must be greater than zero"])
      #expect(recorder.issues.first?.fileID == file)
      #expect(recorder.issues.first?.line == line)
    }

    @Test func assertionFailureReports() {
      let recorder = RecordingIssueReporter()
      let line: UInt = #line + 3
      inContext(.test, recorder) {
        @Dependency(\.assertionFailure) var assertionFailure
        assertionFailure("Unreachable state")
      }
      #expect(recorder.messages == ["Unreachable state"])
      #expect(recorder.issues.first?.line == line)
    }

    @Test func liveAssertPassesATrueCondition() {
      let recorder = RecordingIssueReporter()
      let evaluated = Locked(false)
      inContext(.live, recorder) {
        @Dependency(\.assert) var assert
        assert(
          {
            evaluated.update { $0 = true }
            return true
          }(), "never fails")
      }
      #expect(recorder.messages.isEmpty)
      #if DEBUG
      #expect(evaluated.value)
      #endif
    }

    @Test func overriddenAssertAlsoDrivesAssertionFailure() {
      let recorder = RecordingIssueReporter()
      let log = Locked<[String]>([])
      inContext(.test, recorder) {
        withDependencies {
          $0.assert = AnyAssertionEffect { condition, message, _, _ in
            let failed = !condition()
            let text = message()
            if failed { log.update { $0.append(text) } }
          }
        } operation: {
          @Dependency(\.assert) var assert
          @Dependency(\.assertionFailure) var assertionFailure
          assert(false, "first")
          assert(true, "not logged")
          assertionFailure("second")
        }
      }
      #expect(log.value == ["first", "second"])
      #expect(recorder.messages.isEmpty)
    }
  }

  @Suite struct FireAndForgetTests {
    @Test func testContextRunsTheWorkInline() async {
      let done = Locked(false)
      await withDependencies {
        $0.useFreshCache()
        $0.context = .test
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget {
          try await Task.sleep(for: .milliseconds(20))
          done.update { $0 = true }
        }
        #expect(done.value)
        await fireAndForget { throw CancellationError() }
      }
    }

    @Test func liveStartsATaskThatInheritsDependencies() async {
      let fixed = Date(timeIntervalSince1970: 1_234_567_890)
      let (stream, continuation) = AsyncStream<Date>.makeStream()
      let finished = Locked(false)
      await withDependencies {
        $0.useFreshCache()
        $0.context = .live
        $0.date = .constant(fixed)
      } operation: {
        @Dependency(\.fireAndForget) var fireAndForget
        await fireAndForget(priority: .low) {
          try await Task.sleep(for: .milliseconds(50))
          @Dependency(\.date.now) var now
          finished.update { $0 = true }
          continuation.yield(now)
          continuation.finish()
        }
        #expect(!finished.value)  // the call did not wait for the work
      }
      var iterator = stream.makeAsyncIterator()
      let seen = await iterator.next()
      #expect(seen == fixed)
      #expect(finished.value)
    }
  }
}
