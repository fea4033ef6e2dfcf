// Fixture: the live half of the seed's module split (filled in by the dependency tests).
import DepsCore
import SeedClientInterface
