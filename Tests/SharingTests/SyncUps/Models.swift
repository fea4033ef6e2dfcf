// Stand-ups: a small app in the shape of TCA's SyncUps — a list of stand-ups persisted with
// `@Shared(.fileStorage)`, a detail, a form, and a recording flow driven by a clock and a
// speech client. Written for these tests; the tests drive it with TestStore.
import ComposableArchitecture
import Foundation
import Tagged

struct Standup: Equatable, Identifiable, Codable, Sendable {
  let id: Tagged<Standup, UUID>
  var attendees: [Attendee] = []
  var minutes = 5
  var meetings: [Meeting] = []
  var title = ""

  /// Each attendee's share of the meeting, in seconds.
  var secondsPerAttendee: Int { attendees.isEmpty ? 0 : minutes * 60 / attendees.count }
}

struct Attendee: Equatable, Identifiable, Codable, Sendable {
  let id: Tagged<Attendee, UUID>
  var name = ""
}

struct Meeting: Equatable, Identifiable, Codable, Sendable {
  let id: Tagged<Meeting, UUID>
  let date: Date
  var transcript: String
}

extension URL {
  /// Where the stand-ups are stored.
  static let standups = URL(fileURLWithPath: "/var/lib/standups/standups.json")
}

extension SharedReaderKey
where Self == FileStorageKey<IdentifiedArrayOf<Standup>>.Default {
  /// Every stand-up, persisted as a JSON array.
  static var standups: Self {
    Self[
      .fileStorage(
        .standups,
        decode: {
          IdentifiedArray(uniqueElements: try JSONDecoder().decode([Standup].self, from: $0))
        },
        encode: { try JSONEncoder().encode(Array($0)) }),
      default: []]
  }
}

/// What the recording flow hears.
struct SpeechClient: Sendable {
  enum Authorization: Equatable, Sendable { case authorized, denied }
  /// Asks to use speech recognition.
  var requestAuthorization: @Sendable () async -> Authorization
  /// The transcript so far, each time it grows.
  var transcripts: @Sendable () async -> AsyncThrowingStream<String, any Error>
}

extension SpeechClient: TestDependencyKey {
  static let testValue = SpeechClient(
    requestAuthorization: unimplemented("SpeechClient.requestAuthorization", placeholder: .denied),
    transcripts: unimplemented("SpeechClient.transcripts", placeholder: .finished()))
}

extension DependencyValues {
  var speechClient: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
