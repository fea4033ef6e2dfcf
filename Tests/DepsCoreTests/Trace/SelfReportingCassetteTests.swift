// Cassettes and the endpoints a front registers (they report their own calls through
// `DependencyTrace.observeCall`): mode none replays a recorded call without running the
// implementation and refuses one it has no recording of; recording runs the implementation
// given for recording (the live one) and writes what it answered; an override is not taken
// from the cassette.
import Foundation
import Testing
@testable import DepsCore

@Suite struct SelfReportingCassetteTests {
  private func temporaryPath(_ name: String) -> String {
    let path = "\(FileManager.default.temporaryDirectory.path)/deps-self-\(getpid())-\(name).json"
    try? FileManager.default.removeItem(atPath: path)
    return path
  }

  @Test func modeNoneReplaysAndRefusesWithoutRunningTheImplementation() throws {
    let path = temporaryPath("none")
    try Data(
      #"{"version":1,"interactions":[{"arguments":1,"endpoint":"probe.self","result":"recorded"}]}"#
        .utf8
    ).write(to: URL(fileURLWithPath: path))
    let trace = DependencyTrace(cassette: try Cassette(path: path, mode: .none))
    var calls = 0
    let answer = try trace.observeCall(
      "probe.self", .int(1), contextLayer: "test value", definedAt: nil
    ) {
      calls += 1
      return .string("live")
    }
    #expect(answer == .string("recorded"))
    #expect(
      throws: CassetteError(
        "cassette \(path) has no recording of probe.self(2) (record mode none)")
    ) {
      try trace.observeCall("probe.self", .int(2), contextLayer: "test value", definedAt: nil) {
        calls += 1
        return .string("live")
      }
    }
    #expect(calls == 0)
    #expect(trace.timelineText().contains(#"probe.self(1) → "recorded" [cassette "#))
  }

  @Test func recordingRunsTheRecordingImplementationAndSavesIt() throws {
    let path = temporaryPath("all")
    let cassette = try Cassette(path: path, mode: .all)
    let trace = DependencyTrace(cassette: cassette)
    var testCalls = 0
    let answer = try trace.observeCall(
      "probe.self", .string("Ada"), contextLayer: "test value", definedAt: nil,
      recording: { .string("live Ada") }
    ) {
      testCalls += 1
      return .string("test Ada")
    }
    #expect(answer == .string("live Ada"))
    #expect(testCalls == 0)
    try cassette.save()
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(
      text == """
        {
          "version": 1,
          "interactions": [
            {"arguments":"Ada","endpoint":"probe.self","result":"live Ada"}
          ]
        }

        """)
  }

  @Test func anOverrideIsNotTakenFromTheCassette() throws {
    let path = temporaryPath("override")
    let trace = DependencyTrace(cassette: try Cassette(path: path, mode: .all))
    _ = trace.overriding("probe.self")
    let answer = try trace.observeCall(
      "probe.self", .int(1), contextLayer: "test value", definedAt: nil
    ) { .string("override") }
    #expect(answer == .string("override"))
    #expect(trace.cassette?.newInteractions.isEmpty == true)
  }
}
