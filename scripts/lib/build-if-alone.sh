# Sourced by the scripts/test.d runners: build_if_alone RUNNER PRODUCT [WHAT] builds the SwiftPM
# product PRODUCT into $scratch (a no-op after scripts/test's `swift build --build-tests`; a real
# build when the runner runs alone) and sets $bin to the build's bin directory. On failure it
# prints the build log, "RUNNER: building WHAT failed" (WHAT defaults to PRODUCT) and
# "0 passed, 1 failed", and exits 1.
build_if_alone() {
  local runner="$1" product="$2" what="${3:-$2}" log
  mkdir -p "$scratch"
  log="$scratch/$runner-build.log"
  if ! swift build --scratch-path "$scratch" --product "$product" >"$log" 2>&1; then
    cat "$log"; echo "$runner: building $what failed"; echo "0 passed, 1 failed"
    exit 1
  fi
  bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
}
