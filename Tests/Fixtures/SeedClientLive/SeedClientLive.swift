// Fixture: the live half of the seed's module split. It adds the `DependencyKey` conformance to
// the interface module's client; Deps must find it at run time in the live context.
import DepsCore
import SeedClientInterface

extension SeedClient: DependencyKey {
  /// The live value, declared in a module the interface does not import.
  public static let liveValue = SeedClient { "\($0) is a live fact." }
}
