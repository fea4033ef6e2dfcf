-- Isolation across files (with isolation_reads_test.lua): this file prepares dependencies,
-- overrides them in scopes and stores, and writes userDefaults, at its top level and in its
-- tests. Whatever order the files run in — each in its own process (`depsh test`, any --jobs or
-- --seed), or all in one process (Tests/Hardening/one_process.lua) — the other file sees none
-- of it.
local deps = require "deps"

deps.prepare_dependencies(function(d) d.date.now = 111 end)
deps.dependency("userDefaults.set") { key = "leak", value = "from the top level" }

deps.test("prepares, overrides and writes", function()
  deps.prepare_dependencies(function(d)
    d.date.now = 222
    d.uuid = "incrementing"
  end)
  assert(deps.dependency("date.now")() == 222)
  deps.dependency("userDefaults.set") { key = "leak", value = "from a test" }
  assert(deps.dependency("userDefaults.get")("leak") == "from a test")
  local store = deps.TestStore {
    feature = "Todos",
    dependencies = function(d) d.date.now = 333 end,
  }
  store:send("addButtonTapped", nil, function(s)
    s.todos[1] = { id = "00000000-0000-0000-0000-000000000000", createdAt = 333, title = "" }
  end)
  store:close()
end)

deps.test("with_dependencies overrides a Lua-registered endpoint", function()
  deps.register { name = "isolation", test = { value = function() return "registered" end } }
  deps.with_dependencies(function(d) d.isolation.value = function() return "scoped" end end,
    function() assert(deps.dependency("isolation.value")() == "scoped") end)
  assert(deps.dependency("isolation.value")() == "registered")
end)
