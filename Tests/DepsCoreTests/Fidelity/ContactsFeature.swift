// A TCA contacts app (the shape of TCA's own tutorial feature, plus favorites and search), as a
// TCA user writes it after only the macro translations documented in docs/swift-tca-surface.md:
// `@Reducer` → `: Reducer` (and `@Reducer enum Destination` → a struct reducer with enum State
// and Action and one `Scope` per case), `@ObservableState` and `@CasePathable` → nothing,
// `@Presents` → `@PresentationState`, `\.case` key paths → case constructors.
import DepsCore
import Foundation

struct Contact: Equatable, Identifiable, Sendable {
  let id: UUID
  var name: String
  var isFavorite = false
}

/// One row of the list: toggles its favorite flag.
struct ContactRow: Reducer {
  typealias State = Contact
  enum Action: Equatable { case toggleFavoriteButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isFavorite.toggle()
    return .none
  }
}

struct AddContactFeature: Reducer {
  struct State: Equatable { var contact: Contact }
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case cancelButtonTapped
    case delegate(Delegate)
    case saveButtonTapped
    enum Delegate: Equatable { case saveContact(Contact) }
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding, .delegate:
        return .none
      case .cancelButtonTapped:
        return .run { _ in await dismiss() }
      case .saveButtonTapped:
        return .run { [contact = state.contact] send in
          await send(.delegate(.saveContact(contact)))
          await dismiss()
        }
      }
    }
  }
}

struct ContactDetailFeature: Reducer {
  struct State: Equatable {
    let contact: Contact
    @PresentationState var alert: AlertState<Action.Alert>?
  }
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)
    case deleteButtonTapped
    enum Alert: Equatable { case confirmDeletion }
    enum Delegate: Equatable { case confirmDeletion }
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        return .run { send in
          await send(.delegate(.confirmDeletion))
          await dismiss()
        }
      case .alert, .delegate:
        return .none
      case .deleteButtonTapped:
        state.alert = .confirmDeletion
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}

extension AlertState where Action == ContactDetailFeature.Action.Alert {
  static let confirmDeletion = AlertState {
    TextState("Are you sure?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  }
}

struct ContactsFeature: Reducer {
  struct State: Equatable {
    var contacts: IdentifiedArrayOf<Contact> = []
    @PresentationState var destination: Destination.State?
    var path = StackState<ContactDetailFeature.State>()
    var query = ""
    var matches: [Contact.ID] = []
  }
  enum Action: Equatable, BindableAction {
    case addButtonTapped
    case binding(BindingAction<State>)
    case contacts(IdentifiedActionOf<ContactRow>)
    case deleteButtonTapped(id: Contact.ID)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<ContactDetailFeature>)
    case searchResponse([Contact.ID])
    enum Alert: Equatable { case confirmDeletion(id: Contact.ID) }
  }

  /// `@Reducer enum Destination { case addContact(AddContactFeature); case alert(…) }`
  struct Destination: Reducer {
    enum State: Equatable {
      case addContact(AddContactFeature.State)
      case alert(AlertState<ContactsFeature.Action.Alert>)
    }
    enum Action: Equatable {
      case addContact(AddContactFeature.Action)
      case alert(ContactsFeature.Action.Alert)
    }
    var body: some ReducerOf<Self> {
      Scope(state: State.addContact, action: Action.addContact) { AddContactFeature() }
    }
  }

  enum CancelID: Hashable, Sendable { case search }
  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .addContact(
          AddContactFeature.State(contact: Contact(id: uuid(), name: "")))
        return .none
      case .binding(\.query):
        let query = state.query
        let contacts = state.contacts
        return .run { send in
          await send(.searchResponse(contacts.filter { $0.name.contains(query) }.map(\.id)))
        }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .binding, .contacts:
        return .none
      case .deleteButtonTapped(let id):
        state.destination = .alert(.deleteConfirmation(id: id))
        return .none
      case .destination(.presented(.addContact(.delegate(.saveContact(let contact))))):
        state.contacts.append(contact)
        return .none
      case .destination(.presented(.alert(.confirmDeletion(let id)))):
        state.contacts.remove(id: id)
        return .none
      case .destination:
        return .none
      case .path(.element(let id, action: .delegate(.confirmDeletion))):
        guard let detail = state.path[id: id] else { return .none }
        state.contacts.remove(id: detail.contact.id)
        return .none
      case .path:
        return .none
      case .searchResponse(let ids):
        state.matches = ids
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
    .forEach(\.path, action: Action.path) { ContactDetailFeature() }
    .forEach(\.contacts, action: Action.contacts) { ContactRow() }
  }
}

extension AlertState where Action == ContactsFeature.Action.Alert {
  static func deleteConfirmation(id: UUID) -> Self {
    AlertState {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: id)) { TextState("Delete") }
    }
  }
}

/// `@Reducer enum ContactsSession { case signedOut; case signedIn(ContactsFeature) }`,
/// hand-written with `ifCaseLet`.
struct ContactsSession: Reducer {
  enum State: Equatable {
    case signedOut
    case signedIn(ContactsFeature.State)
  }
  enum Action: Equatable {
    case signInButtonTapped
    case signOutButtonTapped
    case signedIn(ContactsFeature.Action)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signInButtonTapped: state = .signedIn(ContactsFeature.State())
      case .signOutButtonTapped: state = .signedOut
      case .signedIn: break
      }
      return .none
    }
    .ifCaseLet(State.signedIn, action: Action.signedIn) { ContactsFeature() }
  }
}

struct ContactsAppFeature: Reducer {
  struct State: Equatable {
    var session = ContactsSession.State.signedOut
    var contactsTab = ContactsFeature.State()
  }
  enum Action: Equatable {
    case session(ContactsSession.Action)
    case contactsTab(ContactsFeature.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.session, action: Action.session) { ContactsSession() }
    Scope(state: \.contactsTab, action: Action.contactsTab) { ContactsFeature() }
  }
}
