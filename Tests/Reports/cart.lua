-- Loaded with `.load` in the REPL session scripts/test.d/48-reports saves: a feature that reads
-- a random number and the time zone on every "add", so its saved scenario must pin both.
deps.feature {
  name = "Cart",
  state = { items = 0, lucky = 0, zone = "" },
  actions = { "add" },
  reduce = function(state, action)
    if action == "add" then
      state.items = state.items + 1
      state.lucky = deps.dependency("random")()
      state.zone = deps.dependency("timeZone")()
    end
  end,
}
