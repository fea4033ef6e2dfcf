-- For `depsh test --timeout`: a loop in Lua (stopped by the guard hook), a test blocked outside
-- Lua (stopped by the watchdog, which kills the worker and goes on after it), then a test that
-- must still run.
local deps = require "deps"

deps.test("runaway loop", function()
  while true do end
end)

deps.test("blocked outside Lua", function()
  os.execute("sleep 30")
end)

deps.test("the next test runs", function()
  print("still running")
end)
