-- deps.register (a Lua @DependencyEntry) and deps.unimplemented.
local check = require "check"
local deps = require "deps"

local registeredAt = debug.getinfo(1, "l").currentline + 1
local paths = deps.register {
  name = "greeting",
  live = { hello = function(n) return "Hello " .. n end, bye = function() return "Bye" end },
  preview = { hello = function(n) return "Preview " .. n end },
}
check.eq(paths, { "greeting.bye", "greeting.hello" }, "registered paths")
local listed
for _, endpoint in ipairs(deps.dependencies()) do
  if endpoint.path == "greeting.hello" then listed = endpoint end
end
check.eq(listed.contexts, { "live", "preview" }, "contexts with an implementation")

local hello = deps.dependency("greeting.hello")
local bye = deps.dependency("greeting.bye")
check.eq(hello("Blob"), "Hello Blob", "live implementation")
deps._set_context("preview")
check.eq(hello("Blob"), "Preview Blob", "preview implementation")
check.eq(bye(), "Bye", "preview falls back to live (previewValue defaults to liveValue)")
deps._set_context("test")
check.raises(([[HERE: Unimplemented: greeting.hello …

  Defined in 'testValue' at:
    %s:%d

  Invoked with:
    "Blob"

To fix, override 'greeting.hello' with a test value. Override it in the store's dependencies (dependencies = ]]
  .. [[function(d) … end), or with deps.with_dependencies.]]):format(debug.getinfo(1, "S").short_src, registeredAt),
  function() hello("Blob") end)
deps._set_context("live")

-- Overrides: d.greeting.hello = …, and "unimplemented" / deps.unimplemented.
deps.with_dependencies(function(d)
  d.greeting.hello = function(n) return "Hi " .. n end
end, function()
  check.eq(hello("Blob"), "Hi Blob", "override")
end)
local stub = deps.unimplemented("greeting.hello")
check.eq(type(stub), "function", "deps.unimplemented returns a function")
local stubLine = debug.getinfo(1, "l").currentline - 2
check.raises(([[HERE: Unimplemented: greeting.hello …

  Defined in 'deps.unimplemented' at:
    %s:%d

  Invoked with:
    "x"]]):format(debug.getinfo(1, "S").short_src, stubLine),
  function() deps.with_dependencies(function(d) d.greeting.hello = stub end, function() return hello("x") end) end)
check.raises_with("Unimplemented: greeting.hello", function()
  deps.with_dependencies(function(d) d.greeting.hello = "unimplemented" end, function() return hello("x") end)
end)

-- Registering again replaces; built-in paths are protected; bad shapes raise.
deps.register { name = "greeting", live = { hello = function(n) return "Hey " .. n end } }
check.eq(hello("you"), "Hey you", "re-registered")
check.raises([[HERE: dependency path "numberFact.fetch" is already registered (a built-in); choose another name]],
  function() deps.register { name = "numberFact", live = { fetch = function() end } } end)
check.raises("HERE: bad argument #1 to 'register' (field 'name': string expected, got nil)",
  function() deps.register { live = {} } end)
check.raises("HERE: bad argument #1 to 'register' (field 'live': a table of functions expected (got a number))",
  function() deps.register { name = "x", live = { a = 1 } } end)
check.raises("HERE: bad argument #1 to 'register' (no functions given in 'live', 'preview' or 'test')",
  function() deps.register { name = "x" } end)

check.done("register")
