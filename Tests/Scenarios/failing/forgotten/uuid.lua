-- Fails on purpose (scripts/test.d/50-hardening): Todos takes uuid() for a new todo; without an
-- override the test fails naming uuid.
local deps = require "deps"

deps.test("forgotten override of uuid", function()
  local store = deps.TestStore {
    feature = "Todos",
    dependencies = function(d) d.date.now = 0 end,
  }
  store.exhaustivity = "off"
  store:send("addButtonTapped")
end)
