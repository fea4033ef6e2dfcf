// Fixture: the interface half of the seed's module split (filled in by the dependency tests).
import DepsCore
