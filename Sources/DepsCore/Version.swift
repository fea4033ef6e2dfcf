// The one place the library's version lives; the C header repeats it and a test checks both.

/// Deps' version, shared by every front (`deps_version()`, `deps.version`, `depsh --version`).
public enum DepsVersion {
  /// Major version.
  public static let major = 0
  /// Minor version.
  public static let minor = 1
  /// Patch version.
  public static let patch = 0
  /// `"major.minor.patch"`.
  public static var string: String { "\(major).\(minor).\(patch)" }
  /// `major * 1_000_000 + minor * 1_000 + patch`, as `DEPS_VERSION_NUMBER`.
  public static var number: Int { major * 1_000_000 + minor * 1_000 + patch }
}
