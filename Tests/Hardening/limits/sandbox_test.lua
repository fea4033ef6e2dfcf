-- `depsh --sandbox test` runs test files sandboxed too (Sources/depsh/Sandbox.swift).
local deps = require "deps"

deps.test("no io, os.execute, os.remove, dofile, loadfile, debug.sethook", function()
  assert(io == nil and os.execute == nil and os.remove == nil and os.rename == nil)
  assert(os.exit == nil and os.getenv == nil and dofile == nil and loadfile == nil)
  assert(debug.sethook == nil and debug.getregistry == nil and debug.traceback ~= nil)
  assert(os.time and os.clock and os.date and os.difftime)
end)

deps.test("load takes text only", function()
  local f, message = load(string.dump(function() return 1 end))
  assert(f == nil and message == "attempt to load a binary chunk (mode is 't')", message)
  assert(load("return 1 + 1", "=x", "b")() == 2)
end)

deps.test("require finds deps and the standard libraries only", function()
  assert(require("deps") == deps and require("string") == string)
  local ok, message = pcall(require, "lfs")
  assert(not ok and message == "module 'lfs' not found:\n\tno field package.preload['lfs']",
    message)
  assert(package.loadlib == nil and package.cpath == "" and package.path == "")
end)

deps.test("stores still work", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
end)
