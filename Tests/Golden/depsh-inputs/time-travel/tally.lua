-- A Lua feature for the REPL's time travel (46-repl-time-travel): `add` counts, `fetch` asks
-- numberFact.fetch for a fact about the count. `.reload` runs tally_doubled.lua over it.
deps.feature {
  name = "Tally",
  state = { count = 0, fact = "" },
  actions = { add = "integer", fetch = "none", fetched = "string" },
  reduce = function(state, action, payload)
    if action == "add" then
      state.count = state.count + payload
    elseif action == "fetch" then
      local n = state.count
      return deps.run(function(send) send("fetched", deps.dependency("numberFact.fetch")(n)) end)
    elseif action == "fetched" then
      state.fact = payload
    end
  end,
}
