-- `--sandbox`: what a script may not do, applied to the Lua state after the deps module and the
-- shell's Lua half are loaded (LuaState.swift). Decided here and printed by `depsh --help`
-- (Help.sandbox):
--  - no files or processes: `io`, `dofile`, `loadfile` are gone; `os` keeps only `clock`,
--    `date`, `difftime` and `time` (no `execute`, `remove`, `rename`, `exit`, `tmpname`,
--    `getenv`, `setlocale`);
--  - no binary chunks: `load` compiles text only (mode "t", whatever mode is asked for), and
--    depsh loads the script, `-e` code and test files as text;
--  - no native code: `require` finds only what is preloaded or already loaded (deps and the
--    standard libraries kept here); `package.loadlib` and the file searchers are gone;
--  - no way around the guard hook (--timeout, Ctrl-C, --memory-limit) or into the registry:
--    `debug` keeps only `traceback`.
local rawload, select = load, select
io = nil
package.loaded.io = nil
dofile, loadfile = nil, nil
local kept_os = {}
for _, name in ipairs({ "clock", "date", "difftime", "time" }) do kept_os[name] = os[name] end
for name in pairs(os) do if not kept_os[name] then os[name] = nil end end
-- Whatever mode is asked for (the third argument), text only.
load = function(chunk, chunkname, _, ...)
  if select("#", ...) > 0 then return rawload(chunk, chunkname, "t", (...)) end
  return rawload(chunk, chunkname, "t")
end
package.loadlib = nil
package.path, package.cpath = "", ""
local searchers = package.searchers
for i = #searchers, 2, -1 do searchers[i] = nil end
local traceback = debug.traceback
debug = { traceback = traceback }
package.loaded.debug = debug
