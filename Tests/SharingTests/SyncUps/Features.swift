// The stand-ups app's features: the list, the form, the detail, the recording and the root
// stack that holds them.
import ComposableArchitecture
import Foundation

@Reducer
struct StandupForm {
  @ObservableState
  struct State: Equatable {
    var standup: Standup
  }
  enum Action: Equatable {
    case addAttendeeTapped
    case deleteAttendees(IndexSet)
    case setTitle(String)
    case setMinutes(Int)
  }
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addAttendeeTapped:
        state.standup.attendees.append(Attendee(id: Attendee.ID(uuid())))
        return .none
      case .deleteAttendees(let offsets):
        for offset in offsets.sorted(by: >) { state.standup.attendees.remove(at: offset) }
        if state.standup.attendees.isEmpty {
          state.standup.attendees.append(Attendee(id: Attendee.ID(uuid())))
        }
        return .none
      case .setTitle(let title):
        state.standup.title = title
        return .none
      case .setMinutes(let minutes):
        state.standup.minutes = minutes
        return .none
      }
    }
  }
}

@Reducer
struct StandupsList {
  @ObservableState
  struct State: Equatable {
    @Presents var addStandup: StandupForm.State?
    @Shared(.standups) var standups
  }
  enum Action: Equatable {
    case addStandup(PresentationAction<StandupForm.Action>)
    case addButtonTapped
    case confirmAddButtonTapped
    case dismissAddButtonTapped
  }
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addStandup:
        return .none
      case .addButtonTapped:
        state.addStandup = StandupForm.State(
          standup: Standup(
            id: Standup.ID(uuid()), attendees: [Attendee(id: Attendee.ID(uuid()))]))
        return .none
      case .confirmAddButtonTapped:
        guard var standup = state.addStandup?.standup else { return .none }
        standup.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if standup.attendees.isEmpty {
          standup.attendees.append(Attendee(id: Attendee.ID(uuid())))
        }
        state.addStandup = nil
        state.$standups.withLock { _ = $0.append(standup) }
        return .none
      case .dismissAddButtonTapped:
        state.addStandup = nil
        return .none
      }
    }
    .ifLet(\.$addStandup, action: \.addStandup) { StandupForm() }
  }
}

@Reducer
struct StandupDetail {
  @Reducer
  enum Destination {
    case alert(AlertState<Alert>)
    case edit(StandupForm)
    @CasePathable
    enum Alert: Equatable { case confirmDeletion, continueWithoutRecording }
  }
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    @Shared var standup: Standup
  }
  enum Action: Equatable {
    case cancelEditTapped
    case deleteButtonTapped
    case deleteMeetings(IndexSet)
    case delegate(Delegate)
    case destination(PresentationAction<Destination.Action>)
    case doneEditingTapped
    case editButtonTapped
    case speechAuthorization(SpeechClient.Authorization)
    case startMeetingTapped
    @CasePathable
    enum Delegate: Equatable { case startMeeting(Shared<Standup>) }
  }
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speechClient) var speechClient
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelEditTapped:
        state.destination = nil
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(.deleteStandup)
        return .none
      case .deleteMeetings(let offsets):
        state.$standup.withLock { standup in
          for offset in offsets.sorted(by: >) { standup.meetings.remove(at: offset) }
        }
        return .none
      case .delegate:
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        @Shared(.standups) var standups
        let id = state.standup.id
        $standups.withLock { _ = $0.remove(id: id) }
        return .run { _ in await dismiss() }
      case .destination(.presented(.alert(.continueWithoutRecording))):
        return .send(.delegate(.startMeeting(state.$standup)))
      case .destination:
        return .none
      case .doneEditingTapped:
        guard let edited = state.destination?.edit?.standup else { return .none }
        state.$standup.withLock { $0 = edited }
        state.destination = nil
        return .none
      case .editButtonTapped:
        state.destination = .edit(StandupForm.State(standup: state.standup))
        return .none
      case .speechAuthorization(.authorized):
        return .send(.delegate(.startMeeting(state.$standup)))
      case .speechAuthorization(.denied):
        state.destination = .alert(.speechRecognitionDenied)
        return .none
      case .startMeetingTapped:
        return .run { send in
          await send(.speechAuthorization(await speechClient.requestAuthorization()))
        }
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension StandupDetail.Destination.State: Equatable {}
extension StandupDetail.Destination.Action: Equatable {}

extension AlertState where Action == StandupDetail.Destination.Alert {
  static let deleteStandup = AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Yes") }
    ButtonState(role: .cancel) { TextState("Nevermind") }
  }

  static let speechRecognitionDenied = AlertState {
    TextState("Speech recognition denied")
  } actions: {
    ButtonState(action: .continueWithoutRecording) { TextState("Continue without recording") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}

@Reducer
struct RecordMeeting {
  @ObservableState
  struct State: Equatable {
    var secondsElapsed = 0
    var speakerIndex = 0
    @Shared var standup: Standup
    var transcript = ""
  }
  enum Action: Equatable {
    case endMeetingTapped
    case nextSpeakerTapped
    case onTask
    case timerTick
    case transcript(String)
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speechClient) var speechClient
  @Dependency(\.uuid) var uuid
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .endMeetingTapped:
        return finish(&state)
      case .nextSpeakerTapped:
        guard state.speakerIndex < state.standup.attendees.count - 1 else {
          return finish(&state)
        }
        state.speakerIndex += 1
        state.secondsElapsed = state.speakerIndex * state.standup.secondsPerAttendee
        return .none
      case .onTask:
        return .run { send in
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              guard await speechClient.requestAuthorization() == .authorized else { return }
              do {
                for try await transcript in await speechClient.transcripts() {
                  await send(.transcript(transcript))
                }
              } catch {}
            }
            group.addTask {
              for await _ in clock.timer(interval: .seconds(1)) {
                await send(.timerTick)
              }
            }
          }
        }
      case .timerTick:
        state.secondsElapsed += 1
        let perAttendee = state.standup.secondsPerAttendee
        if state.secondsElapsed >= state.standup.minutes * 60 {
          return finish(&state)
        }
        if perAttendee > 0, state.secondsElapsed % perAttendee == 0 {
          state.speakerIndex += 1
        }
        return .none
      case .transcript(let transcript):
        state.transcript = transcript
        return .none
      }
    }
  }

  private func finish(_ state: inout State) -> Effect<Action> {
    let meeting = Meeting(id: Meeting.ID(uuid()), date: now, transcript: state.transcript)
    state.$standup.withLock { $0.meetings.insert(meeting, at: 0) }
    return .run { _ in await dismiss() }
  }
}

@Reducer
struct StandupsApp {
  @Reducer
  enum Path {
    case detail(StandupDetail)
    case record(RecordMeeting)
  }
  @ObservableState
  struct State: Equatable {
    var list = StandupsList.State()
    var path = StackState<Path.State>()
  }
  enum Action: Equatable {
    case list(StandupsList.Action)
    case path(StackActionOf<Path>)
    case openStandup(Standup.ID)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { StandupsList() }
    Reduce { state, action in
      switch action {
      case .openStandup(let id):
        guard let standup = Shared(state.list.$standups[id: id]) else { return .none }
        state.path.append(.detail(StandupDetail.State(standup: standup)))
        return .none
      case .path(.element(id: _, action: .detail(.delegate(.startMeeting(let standup))))):
        state.path.append(.record(RecordMeeting.State(standup: standup)))
        return .none
      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension StandupsApp.Path.State: Equatable {}
extension StandupsApp.Path.Action: Equatable {}
