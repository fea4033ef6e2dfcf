-- A race only the explorer's choice of effect order finds: two searches answer at the same
-- instant of the test clock, and the older answer is handled last.
local deps = require "deps"
require "search_feature"

deps.explore("the results are those of the last query", {
  feature = "Search",
  actions = { query = deps.gen.integer(0, 9) },
  dependencies = function(d) d.continuousClock = "test" end,
  steps = 6,
  runs = 300,
  invariant = function(state)
    if state.searching == 0 and state.results ~= state.query then
      return false, "showing the results of " .. state.results .. " for the query " .. state.query
    end
    return true
  end,
})
