// The stand-ups app driven by TestStore: every change to the shared stand-ups is asserted, as
// TCA's SyncUps tests do, and the list is checked in its (in-memory) JSON file.
import ComposableArchitecture
import DependenciesTestSupport
import Foundation
import Testing
import XCTest

/// The in-memory file system's JSON for `standups`.
func standupsFile(_ standups: [Standup]) -> [URL: Data] {
  [.standups: (try? JSONEncoder().encode(standups)) ?? Data()]
}

let engineering = Standup(
  id: Standup.ID(UUID(0)),
  attendees: [
    Attendee(id: Attendee.ID(UUID(1)), name: "Blob"),
    Attendee(id: Attendee.ID(UUID(2)), name: "Blob Jr."),
  ],
  minutes: 1, title: "Engineering")

@MainActor
@Suite struct StandupsTests {
  @Test func addStandupIsPersisted() async throws {
    let files = LockedValue<[URL: Data]>([:])
    let store = TestStore(initialState: StandupsList.State()) {
      StandupsList()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.defaultFileStorage = .inMemory(files: files)
    }
    await store.send(.addButtonTapped) {
      $0.addStandup = StandupForm.State(
        standup: Standup(id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
    }
    await store.send(.addStandup(.presented(.setTitle("Design")))) {
      $0.addStandup?.standup.title = "Design"
    }
    await store.send(.confirmAddButtonTapped) {
      $0.addStandup = nil
      $0.$standups.withLock {
        $0 = [
          Standup(
            id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(2)))],
            title: "Design")
        ]
      }
    }
    let saved = try JSONDecoder().decode([Standup].self, from: files.get()[.standups] ?? Data())
    #expect(saved.map(\.title) == ["Design"])
  }

  @Test func editInDetail() async {
    let standup = Shared(value: engineering)
    let store = TestStore(initialState: StandupDetail.State(standup: standup)) {
      StandupDetail()
    }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: engineering))
    }
    await store.send(.destination(.presented(.edit(.setTitle("Platform"))))) {
      $0.destination?.edit?.standup.title = "Platform"
    }
    await store.send(.doneEditingTapped) {
      $0.destination = nil
      $0.$standup.withLock { $0.title = "Platform" }
    }
    #expect(standup.wrappedValue.title == "Platform")
  }

  @Test func deleteFromTheStack() async {
    let store = TestStore(initialState: StandupsApp.State()) {
      StandupsApp()
    } withDependencies: {
      $0.defaultFileStorage = .inMemory(files: LockedValue(standupsFile([engineering])))
    }
    #expect(store.state.list.standups.map(\.title) == ["Engineering"])
    await store.send(.openStandup(engineering.id)) {
      guard let standup = Shared($0.list.$standups[id: engineering.id]) else { return }
      $0.path[id: 0] = .detail(StandupDetail.State(standup: standup))
    }
    await store.send(\.path[id: 0].detail.deleteButtonTapped) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = .alert(.deleteStandup) }
    }
    await store.send(\.path[id: 0].detail.destination.alert.confirmDeletion) {
      $0.path[id: 0]?.modify(\.detail) { $0.destination = nil }
      $0.list.$standups.withLock { $0 = [] }
    }
    await store.receive(\.path.popFrom) { $0.path[id: 0] = nil }
  }

  @Test func recordMeeting() async {
    let clock = TestClock()
    let dismissed = LockIsolated(false)
    let standup = Shared(value: engineering)
    let store = TestStore(initialState: RecordMeeting.State(standup: standup)) {
      RecordMeeting()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
      $0.uuid = .incrementing
      $0.dismiss = DismissEffect { dismissed.setValue(true) }
      $0.speechClient.requestAuthorization = { .authorized }
      $0.speechClient.transcripts = {
        AsyncThrowingStream {
          $0.yield("I completed the project")
          $0.finish()
        }
      }
    }
    let onTask = await store.send(.onTask)
    await store.receive(.transcript("I completed the project")) {
      $0.transcript = "I completed the project"
    }
    for second in 1...60 {
      await clock.advance(by: .seconds(1))
      await store.receive(.timerTick) {
        $0.secondsElapsed = second
        if second == 30 { $0.speakerIndex = 1 }
        if second == 60 {
          $0.$standup.withLock {
            $0.meetings.insert(
              Meeting(
                id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 1_234_567_890),
                transcript: "I completed the project"), at: 0)
          }
        }
      }
    }
    #expect(dismissed.value)
    onTask.cancel()
    await store.finish()
    #expect(standup.wrappedValue.meetings.map(\.transcript) == ["I completed the project"])
  }

  @Test func deniedSpeechAsksToContinue() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: engineering))) {
      StandupDetail()
    } withDependencies: {
      $0.speechClient.requestAuthorization = { .denied }
    }
    await store.send(.startMeetingTapped)
    await store.receive(.speechAuthorization(.denied)) {
      $0.destination = .alert(.speechRecognitionDenied)
    }
    await store.send(.destination(.presented(.alert(.continueWithoutRecording)))) {
      $0.destination = nil
    }
    await store.receive(\.delegate.startMeeting)
  }

  @Test func endMeetingEarlySavesIt() async {
    let standup = Shared(value: engineering)
    let store = TestStore(initialState: RecordMeeting.State(standup: standup)) {
      RecordMeeting()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 0)
      $0.uuid = .incrementing
      $0.dismiss = DismissEffect {}
    }
    await store.send(.nextSpeakerTapped) {
      $0.speakerIndex = 1
      $0.secondsElapsed = 30
    }
    await store.send(.nextSpeakerTapped) {
      $0.$standup.withLock {
        $0.meetings = [
          Meeting(id: Meeting.ID(UUID(0)), date: Date(timeIntervalSince1970: 0), transcript: "")
        ]
      }
    }
  }
}

@Suite struct StandupsFailureTests {
  @Test func addingWithoutAssertingTheSharedListFails() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: StandupsList.State()) {
        StandupsList()
      } withDependencies: {
        $0.uuid = .incrementing
      }
      await store.send(.addButtonTapped) {
        $0.addStandup = StandupForm.State(
          standup: Standup(
            id: Standup.ID(UUID(0)), attendees: [Attendee(id: Attendee.ID(UUID(1)))]))
      }
      await store.send(.confirmAddButtonTapped) { $0.addStandup = nil }
    }
    #expect(
      issues.map(\.message) == [
        """
        \(doesNotMatch)

            \u{2007} StandupsList.State(
            \u{2007}   _addStandup: nil,
            \u{2007}   _standups: #1 [
            +     [0]: Standup(
            +       id: Tagged(rawValue: UUID(00000000-0000-0000-0000-000000000000)),
            +       attendees: [
            +         [0]: Attendee(
            +           id: Tagged(rawValue: UUID(00000000-0000-0000-0000-000000000002)),
            +           name: ""
            +         )
            +       ],
            +       minutes: 5,
            +       meetings: [],
            +       title: ""
            +     )
            \u{2007}   ]
            \u{2007} )

        (Expected: −, Actual: +)
        """
      ])
  }
}

final class StandupsXCTests: XCTestCase {
  @MainActor
  func testEditInDetail() async {
    let store = TestStore(initialState: StandupDetail.State(standup: Shared(value: engineering))) {
      StandupDetail()
    }
    await store.send(.deleteMeetings([]))
    await store.send(.editButtonTapped) {
      $0.destination = .edit(StandupForm.State(standup: engineering))
    }
    await store.send(.destination(.presented(.edit(.setMinutes(10))))) {
      $0.destination?.edit?.standup.minutes = 10
    }
    await store.send(.doneEditingTapped) {
      $0.destination = nil
      $0.$standup.withLock { $0.minutes = 10 }
    }
  }
}
