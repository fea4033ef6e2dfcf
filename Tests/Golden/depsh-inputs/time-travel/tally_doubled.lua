-- A Lua feature for the REPL's time travel (46-repl-time-travel): `add` counts, `fetch` asks
-- numberFact.fetch for a fact about the count. The edited version: `add` counts twice.
deps.feature {
  name = "Tally",
  state = { count = 0, fact = "" },
  actions = { add = "integer", fetch = "none", fetched = "string" },
  reduce = function(state, action, payload)
    if action == "add" then
      state.count = state.count + 2 * payload
    elseif action == "fetch" then
      local n = state.count
      return deps.run(function(send) send("fetched", deps.dependency("numberFact.fetch")(n)) end)
    elseif action == "fetched" then
      state.fact = payload
    end
  end,
}
