-- A search box with a race: every query starts a search that answers a second later, and an
-- older search is not cancelled. When two answers are ready at once, whichever effect runs
-- last wins, so the results can belong to an older query.
local deps = require "deps"

return deps.feature {
  name = "Search",
  state = { query = 0, results = 0, searching = 0 },
  actions = { query = "integer", results = "integer" },
  reduce = function(state, action, payload)
    if action == "query" then
      state.query = payload
      state.searching = state.searching + 1
      return deps.run(function(send)
        deps.sleep(1)
        send("results", payload)
      end)
    elseif action == "results" then
      state.results = payload
      state.searching = state.searching - 1
    end
  end,
}
