-- Run by scripts/test.d/48-reports: deps.expect_issue under depsh test. The first test expects
-- the failure of a store it leaves with an unreceived action (a pcall alone would not hide
-- those leftovers: they would fail the test when it ends); the second expects an issue that
-- never comes.
local deps = require "deps"

deps.test("an expected leftover passes", function()
  deps.expect_issue(function()
    local store = deps.TestStore {
      feature = "NumberFact",
      dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is a number" end end,
    }
    pcall(store.send, store, "numberFactButtonTapped")
  end, "unexpected action")
end)

deps.test("an issue that never comes fails", function()
  deps.expect_issue(function()
    local store = deps.TestStore { feature = "Counter" }
    store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  end, "does not match")
end)
