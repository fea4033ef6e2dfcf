-- LuaRocks' recipe for the Lua module `deps` (docs/lua-api.md, "LuaRocks"). From a checkout:
--   luarocks make deps-0.1.0-1.rockspec            (or --tree DIR, --local)
--   luarocks test deps-0.1.0-1.rockspec            (the busted specs of Tests/Lua/busted)
-- The build needs Swift 6 and liblua5.4-dev (scripts/bootstrap installs what Deps needs): it is
-- scripts/build-lua-module, the release library of scripts/install (its scratch path and flags,
-- so an install's build is reused), installed as lib/lua/5.4/deps.so of the tree, with the
-- editor definitions deps.d.lua beside it. The file's version is the library's (include/deps.h,
-- Sources/DepsCore/Version.swift); scripts/test.d/75-luarocks checks that they agree.
rockspec_format = "3.0"
package = "deps"
version = "0.1.0-1"
source = {
  -- `luarocks make` builds the checkout it runs in and fetches nothing.
  url = "git+file://.",
}
description = {
  summary = "swift-dependencies and the TCA loop on Linux, from Lua",
  detailed = [[
    The Lua front of Deps: deps.TestStore (the seed's exhaustive TestStore, line for line),
    deps.Store, dependency overrides (withDependencies), dependencies and features written in
    Lua, on the same Swift stores as the library's C API (libDeps.so).
  ]],
  license = "not yet chosen: the repository has no LICENSE file",
  labels = { "testing", "dependency-injection" },
}
dependencies = {
  "lua >= 5.4, < 5.5",
}
build = {
  type = "command",
  build_command = "scripts/build-lua-module --out .build/luarocks",
  install = {
    lib = { ".build/luarocks/deps.so", ".build/luarocks/deps.d.lua" },
  },
}
test = {
  type = "busted",
}
