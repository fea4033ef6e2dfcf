-- A feature written in Lua with a dependency registered from Lua (a @DependencyEntry): the
-- test context has no value for it, so tests override it — the same TestStore as Swift's.
local deps = require "deps"

deps.register {
  name = "greeting",
  live = { hello = function(name) return "Hello " .. name end },
  preview = { hello = function(name) return "Preview " .. name end },
}

local Greeter = deps.feature {
  name = "Greeter",
  state = { text = "" },
  reduce = function(state, action, payload)
    if action == "greet" then
      return deps.run(function(send)
        send("greeted", deps.dependency("greeting.hello")(payload))
      end)
    elseif action == "greeted" then
      state.text = payload
    end
  end,
}

deps.test("a Lua feature, its effect and a Lua override", function()
  local store = deps.TestStore {
    feature = Greeter,
    dependencies = function(d)
      d.greeting.hello = function(name) return "안녕 " .. name end
    end,
  }
  store:send("greet", "Blob")
  store:receive("greeted", "안녕 Blob", function(s) s.text = "안녕 Blob" end)
  store:finish()
end)

deps.test("by name, with the preview value", function()
  local store = deps.Store { feature = "Greeter", context = "preview" }
  store:send("greet", "Blob")
  store:run(1)
  assert(store.state.text == "Preview Blob", store.state.text)
end)

deps.test("deps.with_dependencies scopes deps.dependency", function()
  local now = deps.dependency("date.now")
  deps.with_dependencies(function(d) d.date.now = 42 end, function()
    assert(now() == 42, tostring(now()))
  end)
end)
