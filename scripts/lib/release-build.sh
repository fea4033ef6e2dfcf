# Sourced by scripts/install and scripts/build-lua-module, from the top of the checkout, with
# `me` set to the script's name (for messages) and `without_icu` to 0 or 1: the release build of
# libDeps.so and depsh with the Swift runtime linked in, in one scratch path, so whichever
# script builds first, the other reuses the build (same flags: nothing compiled or linked
# again). Sets:
#   version, major   from include/deps.h (DEPS_VERSION)
#   scratch          DEPS_INSTALL_SCRATCH_PATH, default .build/install (.build/install-lean
#                    without ICU)
#   size_flags       the link flags (lld, DT_RELR, -Osize without ICU)
# and defines release_build WHAT SWIFT-BUILD-ARGS… (builds, or prints the errors and
# "<me>: building WHAT failed (full log: …)" and exits 1) and release_bin (the bin directory).
version="$(sed -n 's/^#define DEPS_VERSION "\(.*\)"$/\1/p' include/deps.h)"
major="${version%%.*}"
if [ -z "$version" ]; then
  echo "$me: no DEPS_VERSION in include/deps.h" >&2
  exit 1
fi
if [ "$without_icu" = 1 ]; then
  export DEPS_WITHOUT_ICU=1
  scratch="${DEPS_INSTALL_SCRATCH_PATH:-.build/install-lean}"
else
  unset DEPS_WITHOUT_ICU
  scratch="${DEPS_INSTALL_SCRATCH_PATH:-.build/install}"
fi

# The link (docs/embedding.md, "Foundation, and the size"): the toolchain's lld instead of gold
# (when the toolchain ships one), and relative relocations packed into DT_RELR when the C
# library can load them (glibc 2.36 and later: the library then needs GLIBC_ABI_DT_RELR, which
# such a glibc defines). The library without ICU is also compiled for size (-Osize).
relr_loadable() {  # the build host's glibc is 2.36 or later
  local v major minor
  v="$(getconf GNU_LIBC_VERSION 2>/dev/null)" || return 1
  v="${v#glibc }"; major="${v%%.*}"; minor="${v#*.}"; minor="${minor%%.*}"
  case "$major:$minor" in *[!0-9:]*|:*|*:) return 1 ;; esac
  [ "$major" -gt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -ge 36 ]; }
}
size_flags=()
swift_path="$(command -v swift || true)"
if { [ -n "$swift_path" ] && [ -x "$(dirname "$(readlink -f "$swift_path")")/ld.lld" ]; } \
  || command -v ld.lld >/dev/null; then
  size_flags+=(-Xswiftc -use-ld=lld)
  if relr_loadable; then size_flags+=(-Xlinker -z -Xlinker pack-relative-relocs); fi
else
  echo "$me: no ld.lld next to swift or on PATH: the default linker (a larger library)"
fi
if [ "$without_icu" = 1 ]; then size_flags+=(-Xswiftc -Osize); fi

release_build() {  # release_build WHAT SWIFT-BUILD-ARGS…
  local what="$1"; shift
  echo "$me: building $what (release, Swift runtime linked in)"
  mkdir -p "$(dirname "$scratch")"
  if ! swift build -c release --scratch-path "$scratch" -Xswiftc -static-stdlib \
    "${size_flags[@]}" "$@" >"$scratch.log" 2>&1; then
    grep -E "error" "$scratch.log" | head -20
    echo "$me: building $what failed (full log: $scratch.log)" >&2
    exit 1
  fi
}

release_bin() {
  swift build -c release --scratch-path "$scratch" --show-bin-path
}
