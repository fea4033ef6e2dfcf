-- Fails on purpose: a test that ends with a received action it never asserted fails with the
-- TestStore's end-of-test message, as a Swift TestStore does when it goes out of scope.
local deps = require "deps"

deps.test("leaves a received action unasserted", function()
  local store = deps.TestStore {
    feature = "Counter",
    dependencies = function(d) d.delayClient.wait = function() end end,
  }
  store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
end)
