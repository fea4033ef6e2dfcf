# Sourced by the scripts/test.d runners: ensure_packages RUNNER PACKAGE… installs the Debian
# packages that are missing (quietly, sudo when not root; apt-get update only when the package
# lists cannot serve them, so several runners pay for one update) and returns at once when all
# are installed. A package that cannot be installed is a setup error, never a skip: it prints
# the tail of apt's output, "RUNNER: cannot install PACKAGE… (apt-get failed; install them by
# hand)" and "0 passed, 1 failed", and exits 1. DEPS_APT_GET (default apt-get) is the command
# used, so a test can make apt fail.
ensure_packages() {
  local runner="$1" p missing=() log sudo_cmd=""
  shift
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "$runner: installing ${missing[*]}"
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  log="$(mktemp)"
  export DEBIAN_FRONTEND=noninteractive
  local apt="${DEPS_APT_GET:-apt-get}"
  local install=($sudo_cmd "$apt" install -y -qq --no-install-recommends "${missing[@]}")
  if ! "${install[@]}" >"$log" 2>&1 \
    && ! { $sudo_cmd "$apt" update -qq && "${install[@]}"; } >"$log" 2>&1; then
    tail -5 "$log"
    rm -f "$log"
    echo "$runner: cannot install ${missing[*]} (apt-get failed; install them by hand)"
    echo "0 passed, 1 failed"
    exit 1
  fi
  rm -f "$log"
}
