-- Loaded by failures.c through deps_lua_load: a feature whose effect ends without sending an
-- action, so a receive that began while it ran finds nothing left that could deliver one.
deps.feature {
  name = "EndsSilently",
  state = { started = false },
  actions = { start = "none", never = "none" },
  reduce = function(state, action)
    if action == "start" then
      state.started = true
      return deps.run(function() deps.sleep(0.02) end)
    end
  end,
}
