-- Fails on purpose (scripts/test.d/50-hardening): an endpoint registered from Lua with only a
-- live implementation; a test that calls it without an override fails naming greeting.hello.
local deps = require "deps"

deps.register { name = "greeting", live = { hello = function(n) return "Hello " .. n end } }

deps.test("forgotten override of greeting.hello", function()
  local hello = deps.dependency("greeting.hello")
  assert(hello("Blob") == "Hello Blob")
end)
