-- An endpoint overridden with a Lua function, called in the deps.with_dependencies scope that
-- set it, calls the function directly (no Swift async call): every result and error must be
-- what the endpoint's own call gives. The endpoint's call is reached for comparison from a
-- nested scope (its recipe overrides nothing, so its calls go through the endpoint).
local check = require "check"
local deps = require "deps"

local function both(override, input)
  local direct, through
  deps.with_dependencies(function(d) d.numberFact.fetch = override end, function()
    local fetch = deps.dependency("numberFact.fetch")
    direct = { pcall(fetch, input) }
    deps.with_dependencies(function() end, function() through = { pcall(fetch, input) } end)
  end)
  return direct, through
end

local direct, through = both(function(n) return "fact " .. n end, 7)
check.eq(direct, { true, "fact 7" }, "a result, direct")
check.eq(through, direct, "a result, through the endpoint")

-- The input and the output keep the endpoint's types (Int → String).
direct, through = both(function(n) return math.type(n) end, 7)
check.eq(direct, { true, "integer" }, "the input is an integer")
check.eq(through, direct, "the input is an integer through the endpoint")
direct, through = both(function() return 42 end, 7)
check.eq(direct, { false, 'dependency "numberFact.fetch" failed: override of numberFact.fetch returned the wrong type: '
  .. 'expected a string, got 42' },
  "a result of the wrong type fails")
check.eq(through, direct, "the same failure through the endpoint")
direct, through = both(function() return "x" end, "seven")
check.eq(direct,
  { false, 'dependency "numberFact.fetch" failed: expected an integer, got "seven"' },
  "an input of the wrong type fails")
check.eq(through, direct, "the same failure through the endpoint")
direct, through = both(function() return "x" end, 1.5)
check.eq(direct, { false, 'dependency "numberFact.fetch" failed: expected an integer, got 1.5' },
  "a float input fails")
check.eq(through, direct, "a float input fails the same way through the endpoint")

-- A Lua error keeps its position.
direct, through = both(function() error("no network") end, 1)
check.eq(direct[1], false, "an error in the override")
check.truthy(direct[2]:find("direct_calls.lua:%d+: no network$"), direct[2])
check.eq(through, direct, "the same error through the endpoint")

-- The last function set for a path is the one called.
deps.with_dependencies(function(d)
  d.numberFact.fetch = function() return "first" end
  d.numberFact.fetch = function() return "second" end
end, function()
  check.eq(deps.dependency("numberFact.fetch")(1), "second", "the last function wins")
end)

-- A store opened in the scope uses the same override; a call from its effect is the store's.
local store = deps.with_dependencies(function(d)
  d.numberFact.fetch = function(n) return "scoped " .. n end
end, function()
  check.eq(deps.dependency("numberFact.fetch")(2), "scoped 2", "direct in the scope")
  return deps.Store { feature = "NumberFact", context = "test" }
end)
store:send("numberFactButtonTapped")
store:run(1)
check.eq(store.state.numberFact, "scoped 0", "the store's call")
store:close()

-- A later "unimplemented" for the same path wins over an earlier function.
local ok, message = pcall(deps.with_dependencies, function(d)
  d.numberFact.fetch = function() return "never" end
  d.numberFact.fetch = "unimplemented"
end, function() return deps.dependency("numberFact.fetch")(1) end)
check.eq(ok, false, "the unimplemented override is called")
check.truthy(message:find("Unimplemented: numberFact.fetch", 1, true), message)

-- A coroutine resumed in another scope than the one it started in sees the scope current at
-- the call.
local co = coroutine.wrap(function()
  local fetch = deps.dependency("numberFact.fetch")
  coroutine.yield(fetch(1))
  coroutine.yield(fetch(1))
end)
deps.with_dependencies(function(d) d.numberFact.fetch = function() return "first scope" end end,
  function() check.eq(co(), "first scope", "a coroutine in the first scope") end)
deps.with_dependencies(function(d) d.numberFact.fetch = function() return "second scope" end end,
  function() check.eq(co(), "second scope", "the same coroutine in the second scope") end)

check.done("direct_calls")
