// The contacts app tested the way TCA's own tutorial tests it, with only the documented
// translations: `\.case` key paths become case constructors (a chain of them for a nested
// path), `$0.destination?.modify(\.case)` becomes `XCTModify(&$0.destination, case:)`.
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
import DepsTestSupport

@Suite struct ContactsFeatureTests {
  let blob = Contact(id: UUID(0), name: "Blob")
  let blobJr = Contact(id: UUID(1), name: "Blob Jr.")

  func makeStore(
    _ state: ContactsFeature.State = ContactsFeature.State(),
    clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<ContactsFeature> {
    TestStore(initialState: state) {
      ContactsFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
  }

  @Test func addFlow() async {
    let store = makeStore()
    await store.send(.addButtonTapped) {
      $0.destination = .addContact(AddContactFeature.State(contact: Contact(id: UUID(0), name: "")))
    }
    // TCA: await store.send(\.destination.addContact.binding.contact.name, "Blob Jr.")
    await store.send(.destination(.presented(.addContact(.set(\.contact.name, "Blob Jr."))))) {
      XCTModify(&$0.destination, case: ContactsFeature.Destination.State.addContact) {
        $0.contact.name = "Blob Jr."
      }
    }
    await store.send(.destination(.presented(.addContact(.saveButtonTapped))))
    // TCA: await store.receive(\.destination.addContact.delegate.saveContact, Contact(…))
    await store.receive(
      { .destination(.presented(.addContact(.delegate(.saveContact($0))))) },
      Contact(id: UUID(0), name: "Blob Jr.")
    ) {
      $0.contacts = [Contact(id: UUID(0), name: "Blob Jr.")]
    }
    // TCA: await store.receive(\.destination.dismiss)
    await store.receive(ContactsFeature.Action.destination, .dismiss) {
      $0.destination = nil
    }
  }

  @Test func addFlowCancelled() async {
    let store = makeStore()
    await store.send(.addButtonTapped) {
      $0.destination = .addContact(AddContactFeature.State(contact: Contact(id: UUID(0), name: "")))
    }
    await store.send(.destination(.presented(.addContact(.cancelButtonTapped))))
    await store.receive(ContactsFeature.Action.destination) { $0.destination = nil }
  }

  @Test func deleteWithAlert() async {
    let store = makeStore(ContactsFeature.State(contacts: [blob, blobJr]))
    await store.send(.deleteButtonTapped(id: blobJr.id)) {
      $0.destination = .alert(.deleteConfirmation(id: UUID(1)))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(id: blobJr.id))))) {
      $0.contacts.remove(id: UUID(1))
      $0.destination = nil
    }
  }

  @Test func deleteFromTheDetailScreenOnTheStack() async {
    let store = makeStore(ContactsFeature.State(contacts: [blob, blobJr]))
    await store.send(.path(.push(id: 0, state: ContactDetailFeature.State(contact: blobJr)))) {
      $0.path[id: 0] = ContactDetailFeature.State(contact: blobJr)
    }
    await store.send(.path(.element(id: 0, action: .deleteButtonTapped))) {
      $0.path[id: 0]?.alert = .confirmDeletion
    }
    await store.send(.path(.element(id: 0, action: .alert(.presented(.confirmDeletion))))) {
      $0.path[id: 0]?.alert = nil
    }
    await store.receive(.path(.element(id: 0, action: .delegate(.confirmDeletion)))) {
      $0.contacts = [blob]
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func favoritesAndDebouncedSearch() async {
    let clock = TestClock()
    let store = makeStore(ContactsFeature.State(contacts: [blob, blobJr]), clock: clock)
    await store.send(.contacts(.element(id: blob.id, action: .toggleFavoriteButtonTapped))) {
      $0.contacts[id: UUID(0)]?.isFavorite = true
    }
    // TCA: await store.send(\.binding.query, "B") — sent here as the binding case with its value.
    await store.send(ContactsFeature.Action.binding, .set(\.query, "B")) { $0.query = "B" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.set(\.query, "Blob J")) { $0.query = "Blob J" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(ContactsFeature.Action.searchResponse, [blobJr.id]) {
      $0.matches = [UUID(1)]
    }
  }

  @Test func aWrongPayloadFailsAsInTCA() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = makeStore(ContactsFeature.State(contacts: [blob]), clock: clock)
      await store.send(.set(\.query, "Blob")) { $0.query = "Blob" }
      await clock.advance(by: .milliseconds(300))
      await store.receive(ContactsFeature.Action.searchResponse, []) { $0.matches = [UUID(0)] }
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

          − ContactsFeature.Action.searchResponse([])
          + ContactsFeature.Action.searchResponse(
          +   [
          +     [0]: UUID(00000000-0000-0000-0000-000000000000)
          +   ]
          + )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func signingOutCancelsTheSignedInFeaturesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: ContactsAppFeature.State()) {
      ContactsAppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    await store.send(.session(.signInButtonTapped)) {
      $0.session = .signedIn(ContactsFeature.State())
    }
    await store.send(.session(.signedIn(.set(\.query, "x")))) {
      $0.session = .signedIn(ContactsFeature.State(query: "x"))
    }
    // The debounced search is still waiting: signing out cancels it (else finish would fail).
    await store.send(.session(.signOutButtonTapped)) { $0.session = .signedOut }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aScopedStoreDrivesOneTab() async {
    let clock = TestClock()
    let app = Store(initialState: ContactsAppFeature.State()) {
      ContactsAppFeature()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
    let contacts: StoreOf<ContactsFeature> = app.scope(
      state: \.contactsTab, action: ContactsAppFeature.Action.contactsTab)
    let seen = Mutex<[ContactsFeature.Action]>([])
    contacts.observe { action, _ in seen.withLock { $0.append(action) } }

    contacts.send(.addButtonTapped)
    guard
      let add = contacts.scope(
        state: \.destination, action: { .destination(.presented(.addContact($0))) })
    else {
      Issue.record("the add screen is not presented")
      return
    }
    add.send(.set(\.contact.name, "Blob"))
    #expect(
      add.state == .addContact(AddContactFeature.State(contact: Contact(id: UUID(0), name: "Blob")))
    )
    add.send(.saveButtonTapped)
    #expect(await contacts.settle(timeout: .seconds(1)))
    #expect(contacts.contacts.map(\.name) == ["Blob"])
    #expect(contacts.destination == nil)
    #expect(app.withState { $0.contactsTab.contacts.count } == 1)
    #expect(seen.withLock { $0.count } == 5)
  }
}
