-- Fails on purpose (scripts/test.d/50-hardening): Todos stamps a new todo with date.now;
-- without an override the test fails naming date.
local deps = require "deps"

deps.test("forgotten override of date.now", function()
  local store = deps.TestStore {
    feature = "Todos",
    dependencies = function(d) d.uuid = "incrementing" end,
  }
  store.exhaustivity = "off"
  store:send("addButtonTapped")
end)
