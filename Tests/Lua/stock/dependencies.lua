-- The d proxy, with_dependencies, dependency (@Dependency), prepare_dependencies.
local check = require "check"
local deps = require "deps"

local now = deps.dependency("date.now")
check.eq(math.type(now()), "float", "date.now is a number of seconds")
check.truthy(now() > 1.6e9, "date.now is live")

-- with_dependencies: a scope; results pass through; nested scopes merge.
local a, b = deps.with_dependencies(function(d) d.date.now = 1234567890 end, function()
  return now(), deps.with_dependencies(function(d) d.uuid = "incrementing" end, function()
    local uuid = deps.dependency("uuid")
    return now() .. " " .. uuid() .. " " .. uuid()
  end)
end)
check.eq(a, 1234567890.0, "with_dependencies overrides date.now")
check.eq(b, "1234567890.0 00000000-0000-0000-0000-000000000000 "
  .. "00000000-0000-0000-0000-000000000001", "nested scope keeps the outer override")
check.truthy(now() ~= 1234567890, "the override ends with the scope")

-- A store opened inside a scope keeps its overrides (withDependencies).
local store = deps.with_dependencies(function(d)
  d.numberFact.fetch = function(n) return "scoped " .. n end
end, function()
  return deps.Store { feature = "NumberFact", context = "test" }
end)
store:send("numberFactButtonTapped")
store:run(1)
check.eq(store.state.numberFact, "scoped 0", "store inherits the scope")
store:close()

-- Lua functions as endpoints, also async ones called from a plain call.
deps.with_dependencies(function(d)
  d.numberFact.fetch = function(n) return "fact " .. n end
end, function()
  local fetch = deps.dependency("numberFact.fetch")
  check.eq(fetch(7), "fact 7", "a Lua override through deps.dependency")
end)
-- An override that raises makes the endpoint call raise: at the caller, with the endpoint's
-- name and the original message and location.
local failing_line = debug.getinfo(1, "l").currentline + 2
deps.with_dependencies(function(d)
  d.numberFact.fetch = function() error("no network") end
end, function()
  local src = debug.getinfo(1, "S").short_src
  check.raises('HERE: dependency "numberFact.fetch" failed: ' .. src .. ":" .. failing_line
    .. ": no network", function() return deps.dependency("numberFact.fetch")(7) end)
end)

-- Nesting has a limit: an override calling its own endpoint stops after 32 levels with a
-- clear error instead of overflowing the stack.
deps.with_dependencies(function(d)
  d.numberFact.fetch = function(n) return deps.dependency("numberFact.fetch")(n + 1) end
end, function()
  local ok, message = pcall(deps.dependency("numberFact.fetch"), 0)
  check.eq(ok, false, "runaway nesting fails")
  local limit = 'dependency "numberFact.fetch": foreign endpoint calls nested more than 32 deep'
    .. " (an override calling an endpoint whose override calls another …); stopped here"
  check.truthy(message:find(limit, 1, true), "with the nesting limit's message")
end)

-- Errors: unknown paths name the close matches; wrong kinds of value.
check.raises([[HERE: unknown dependency path "numbrFact.fetch"; did you mean "numberFact.fetch"?]],
  function() deps.with_dependencies(function(d) d.numbrFact.fetch = function() end end, function() end) end)
check.raises([[HERE: unknown dependency path "dat.now"; did you mean "date.now"?]],
  function() deps.dependency("dat.now") end)
check.raises([[HERE: dependency path "continuousClock" takes a preset ("immediate", "test", "live"), not a function]],
  function() deps.with_dependencies(function(d) d.continuousClock = function() end end, function() end) end)
check.raises([[HERE: dependency path "numberFact.fetch" takes a function, not a preset value]],
  function() deps.with_dependencies(function(d) d.numberFact.fetch = 3 end, function() end) end)
check.raises([[HERE: expected "immediate", "test" or "live" for continuousClock, got "slow"]],
  function() deps.with_dependencies(function(d) d.continuousClock = "slow" end, function() end) end)
check.raises([[HERE: cannot set dependency "uuid" to nil; assign a function or a preset value]],
  function() deps.with_dependencies(function(d) d.uuid = nil end, function() end) end)
check.raises([[HERE: dependency "continuousClock" cannot be called from Lua (it takes presets: "immediate", "test", ]]
  .. [["live")]],
  function() deps.dependency("continuousClock") end)
check.raises("HERE: bad argument #2 to 'with_dependencies' (function expected, got no value)",
  function() deps.with_dependencies(function() end) end)
local kept
deps.with_dependencies(function(d) kept = d end, function() end)
check.raises("HERE: attempt to use a dependencies proxy after its function returned (set uuid inside the dependencies "
  .. "function)",
  function() kept.uuid = "incrementing" end)
-- An error inside the operation passes through unchanged.
check.raises("HERE: inside", function() deps.with_dependencies(function() end, function() error("inside") end) end)

-- prepare_dependencies: process-wide until deps._reset(); only before first use.
check.raises_with("HERE: @Dependency(\\.date) has already been accessed or prepared.",
  function() deps.prepare_dependencies(function(d) d.date.now = 43 end) end)
deps._reset()
deps.prepare_dependencies(function(d) d.date.now = 42 end)
check.eq(now(), 42.0, "prepared value")
local prepared = deps.Store { feature = "Todos", context = "live", dependencies = function(d)
  d.uuid = "incrementing"
  d.userDefaults = "memory"
end }
prepared:send("addButtonTapped")
check.eq(prepared.state.todos[1].createdAt, 42, "a store sees prepared values")
prepared:close()
deps._reset()
check.truthy(now() > 1.6e9, "_reset drops prepared values")

check.done("dependencies")
