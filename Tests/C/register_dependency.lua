-- Loaded by register_dependency.c through deps_lua_load: a Lua feature that uses the dependency
-- the C program registered (thermometer.read), through deps.dependency like any endpoint.
deps.feature {
  name = "Thermostat",
  state = { reading = "" },
  actions = { "read", "got" },
  reduce = function(state, action, payload)
    if action == "read" then
      return deps.run(function(send)
        local ok, value = pcall(deps.dependency("thermometer.read"), payload)
        send("got", ok and value or ("error: " .. tostring(value)))
      end)
    elseif action == "got" then
      state.reading = payload
    end
  end,
}
