-- luacheck's settings for every Lua file Deps ships or tests with (scripts/test.d/17-luacheck
-- runs `luacheck .` from the top and fails on any warning). The defaults stay on — unused
-- variables, arguments and values, shadowing, globals, lines over 120 columns — and every
-- relaxation below says why it exists. A warning in our own code is fixed, not silenced.

std = "lua54"
max_line_length = 120

-- `luacheck .` reads every *.lua file below the top (Sources/**/*.lua included: depsh's own
-- Lua in Sources/depsh/lua, the editor definitions) and these, which have other extensions.
include_files = {
  "**/*.lua",
  "*.rockspec",
  ".luacheckrc",
  ".busted",
}
exclude_files = {
  -- Build outputs (SwiftPM checkouts may hold other projects' Lua).
  "**/.build/**",
  ".build/**",
  "Examples/.build/**",
  "scripts/bench/.build/**",
  -- A fixture that must not parse: deps_lua_load reports its syntax error (30-lua, load.c).
  "Tests/Lua/c/syntax_error.lua",
}

-- The globals depsh gives a script: the module as `deps` (preloaded, also `require "deps"`)
-- and `arg`; the REPL's `_1`…`_9` exist only at its prompt, so no file may use them.
stds.depsh = { read_globals = { "deps", "arg" } }
-- deps_lua_load (C's way to load Lua definitions) runs a file with the global `deps`.
stds.deps_lua_load = { read_globals = { "deps" } }

files = {
  -- Files depsh runs: scenario tests, golden inputs, hardening limits, replay tests.
  ["Tests/Scenarios/"] = { std = "+depsh" },
  ["Tests/Golden/depsh-inputs/"] = { std = "+depsh" },
  ["Tests/Hardening/"] = { std = "+depsh" },
  ["Tests/Replay/"] = { std = "+depsh" },
  ["Tests/Reports/"] = { std = "+depsh" },
  -- Files C programs load with deps_lua_load.
  ["Tests/C/"] = { std = "+deps_lua_load" },
  ["Tests/Lua/c/"] = { std = "+deps_lua_load" },
  -- busted specs (busted's globals: describe, it, assert.*, …).
  ["Tests/Lua/busted/"] = { std = "+busted" },
  ["Tests/Lua/failing/busted/"] = { std = "+busted" },
  -- The exact messages a test expects are copied verbatim, one paragraph per line, so a line
  -- inside a long string may be longer than 120 columns there (code and comments may not).
  ["Tests/"] = { max_string_line_length = false },
  -- The editor definitions declare parameters that nothing uses (they are documentation), and
  -- describe an option or a type on one line each.
  -- A class's table (`local Store = {}`) only holds the methods annotated on it.
  ["Sources/lua/deps.d.lua"] = { unused_args = false, max_comment_line_length = false, ignore = { "241" } },
  -- depsh's --sandbox exists to remove or replace these standard globals and their fields
  -- (io, dofile, loadfile, load, debug; most of os; package.loadlib), so it may write them.
  ["Sources/depsh/lua/sandbox.lua"] = {
    globals = { "io", "dofile", "loadfile", "load", "debug", "os", "package" },
  },
  -- LuaRocks' own files: a rockspec and these settings set the globals their tools read.
  ["*.rockspec"] = { std = "rockspec" },
  [".luacheckrc"] = { std = "luacheckrc" },
  [".busted"] = { std = "lua54" },
}
