-- Loaded by load.c through deps_lua_load: a Lua feature and a Lua-registered dependency.
deps.register {
  name = "greeting",
  live = { hello = function(name) return "Hello " .. name end },
}
deps.feature {
  name = "Greeter",
  state = { text = "", count = 0 },
  reduce = function(state, action, payload)
    if action == "greet" then
      return deps.run(function(send)
        local ok, text = pcall(deps.dependency("greeting.hello"), payload)
        send("greeted", ok and text or ("error: " .. text))
      end)
    elseif action == "greeted" then
      state.text = payload
    elseif action == "count" then
      state.count = state.count + 1
    end
  end,
}
