-- Run by scripts/test.d/48-reports: a test reaching a Lua-registered endpoint that has no test
-- implementation is told how to give it one, in Lua; an override returning the wrong type is
-- named in the failure.
local deps = require "deps"
deps.register { name = "greeting", live = { hello = function(name) return "Hello " .. name end } }
deps.feature {
  name = "Greeter", state = { text = "" }, actions = { "greet", "greeted" },
  reduce = function(state, action, payload)
    if action == "greet" then
      return deps.run(function(send) send("greeted", deps.dependency("greeting.hello")(payload)) end)
    elseif action == "greeted" then
      state.text = payload
    end
  end,
}

deps.test("no test implementation", function()
  local store = deps.TestStore { feature = "Greeter" }
  store:send("greet", "Ada")
end)

deps.test("an override of the wrong type", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function() return 42 end end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "42" })
end)
