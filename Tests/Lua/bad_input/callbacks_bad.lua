-- Callbacks that misbehave (raise, return garbage, call back into the store that is calling
-- them), values the module cannot take (deep nesting beyond LuaValue.maxDepth = 64, cycles,
-- mixed and sparse tables, invalid UTF-8, huge strings).
local deps = require "deps"
local bad = require "bad"
local case = bad.case
bad.file("callbacks_bad")

local function nested(depth)
  local root = {}
  local t = root
  for _ = 1, depth do t.next = {}; t = t.next end
  return root
end

-- Overrides that raise or return what the endpoint cannot use.
local function fact_store(fetch)
  return deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = fetch end,
  }
end
local function fetch_fails(fetch)
  return function()
    local store <close> = fact_store(fetch)
    store:send("numberFactButtonTapped")
  end
end
case("an override that raises", fetch_fails(function() error("fetch broke") end))
case("an override that raises a table", fetch_fails(function() error({ code = 1 }) end))
case("an override that returns a table for a string", fetch_fails(function() return {} end))
case("an override that returns a function", fetch_fails(function() return print end))
case("an override that returns nothing", fetch_fails(function() end))
case("an override that returns a cycle", fetch_fails(function()
  local t = {}; t.self = t; return t
end))
-- A built-in that cannot throw reports the wrong value as the test's failure, naming itself.
local function todo_fails(set)
  return function()
    local store <close> = deps.TestStore { feature = "Todos", exhaustivity = "off", dependencies = set }
    store:send("addButtonTapped")
  end
end
case("a uuid override that returns a number", todo_fails(function(d)
  d.uuid = function() return 42 end
  d.date.now = 0
end))
case("a date.now override that returns a string", todo_fails(function(d)
  d.uuid = "incrementing"
  d.date.now = function() return "today" end
end))

-- Re-entrant calls: a callback that uses the store calling it.
local reentrant, refusal
reentrant = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d)
    d.numberFact.fetch = function()
      local ok, message = pcall(reentrant.send, reentrant, "incrementButtonTapped")
      refusal = ok and "accepted" or message
      return "again"
    end
  end,
}
-- Refused (a test store takes calls from the test only): the case reports what happened, so
-- the outcome is pinned exactly.
case("an override that sends to the test store running it", function()
  reentrant.exhaustivity = "off"
  local before = reentrant.state.count
  reentrant:send("numberFactButtonTapped")
  reentrant:skip_received_actions(false)
  error(string.format("handled: count %d -> %d, fact %s; the send: %s", before,
    reentrant.state.count, reentrant.state.numberFact, refusal), 0)
end, { rounds = 0 })
case("an assert function that sends to its own store", function()
  local store = deps.TestStore { feature = "Counter", exhaustivity = "off" }
  local ok, message = pcall(store.send, store, "incrementButtonTapped", nil, function(s)
    store:send("decrementButtonTapped")
    s.count = 1
  end)
  local count = store.state.count
  store:close()
  error(string.format("handled: %s, %s, count %d", tostring(ok), tostring(message), count), 0)
end, { rounds = 20 })
case("an assert function that closes its own store", function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) store:close(); s.count = 1 end)
  store:send("incrementButtonTapped")
end, { rounds = 20 })
local observed = deps.Store { feature = "Counter", context = "test" }
observed:on_action(function() error("observer broke") end)
case("an on_action function that raises", function()
  observed:send("incrementButtonTapped")
end)
case("an on_action function that closes its store", function()
  local observed2 = deps.Store { feature = "Counter", context = "test" }
  observed2:on_action(function() observed2:close() end)
  observed2:send("incrementButtonTapped")
  observed2:send("incrementButtonTapped")
end)

-- Lua features whose reducers misbehave.
deps.feature { name = "BadReducer", state = { n = 0 }, reduce = function(state, action)
  if action == "raise" then error("reduce broke") end
  if action == "garbage" then state.n = print end
  if action == "effect" then return 42 end
  if action == "deep" then state.deep = nested(100) end
  if action == "mixed" then state.mixed = { 1, 2, x = 3 } end
end }
local reducer = deps.TestStore { feature = "BadReducer" }
local keep_reducer = { state = function() return reducer.state end }
case("a reducer that raises", function() reducer:send("raise") end, keep_reducer)
case("a reducer that stores a function", function() reducer:send("garbage") end, keep_reducer)
case("a reducer that returns a number as its effect", function() reducer:send("effect") end,
  keep_reducer)
case("a reducer that nests too deeply", function() reducer:send("deep") end, keep_reducer)
case("a reducer that mixes keys", function() reducer:send("mixed") end, keep_reducer)
case("a deps.run effect that raises", function()
  deps.feature { name = "BadEffect", reduce = function(_, action)
    if action == "go" then return deps.run(function() error("effect broke") end) end
  end }
  local store <close> = deps.TestStore { feature = "BadEffect" }
  store:send("go")
  store:finish()
end, { rounds = 20 })
case("a deps.run send of an unknown shape", function()
  deps.feature { name = "BadSend", reduce = function(_, action)
    if action == "go" then return deps.run(function(send) send({}) end) end
  end }
  local store <close> = deps.TestStore { feature = "BadSend" }
  store:send("go")
  store:finish()
end, { rounds = 20 })

-- Values the module cannot convert.
local counter = deps.TestStore { feature = "Counter" }
local keep_counter = { state = function() return counter.state end }
case("a payload nested 65 levels deep", function()
  counter:send("incrementButtonTapped", nested(65))
end, keep_counter)
case("a payload nested 1000 levels deep", function()
  counter:send("incrementButtonTapped", nested(1000))
end, keep_counter)
case("a payload with a cycle", function()
  local t = {}; t.t = t
  counter:send("incrementButtonTapped", t)
end, keep_counter)
case("a payload mixing string and integer keys", function()
  counter:send("incrementButtonTapped", { 1, a = 2 })
end, keep_counter)
case("a sparse payload", function()
  counter:send("incrementButtonTapped", { [1] = 1, [1000] = 2 })
end, keep_counter)
case("a payload with a float key", function()
  counter:send("incrementButtonTapped", { [1.5] = true })
end, keep_counter)
case("a payload with a boolean key", function()
  counter:send("incrementButtonTapped", { [true] = 1 })
end, keep_counter)
case("a payload with a zero key", function()
  counter:send("incrementButtonTapped", { [0] = 1 })
end, keep_counter)
case("a payload holding a coroutine", function()
  counter:send("incrementButtonTapped", { co = coroutine.create(print) })
end, keep_counter)
case("a payload holding a store", function()
  counter:send("incrementButtonTapped", { store = counter })
end, keep_counter)
case("an action name with invalid UTF-8", function() counter:send("increment\255\254") end,
  keep_counter)
case("an action name with a NUL byte", function() counter:send("incrementButtonTapped\0x") end,
  keep_counter)
-- 32 KB: the did-you-mean search makes a 1 MB unknown name take seconds per call.
case("a huge action name", function() counter:send(string.rep("a", 1 << 15)) end,
  { state = keep_counter.state, rounds = 0 })
case("a dependency path with invalid UTF-8", function() deps.dependency("date.\255") end)
case("a huge dependency path", function() deps.dependency(string.rep("x.", 1 << 14)) end,
  { rounds = 0 })
case("a feature name with invalid UTF-8", function() deps.TestStore { feature = "\192\128" } end)
local todos = deps.TestStore {
  feature = "Todos",
  dependencies = function(d) d.uuid = "incrementing"; d.date.now = 0 end,
}
todos.exhaustivity = "off"
todos:send("addButtonTapped")
local keep_todos = { state = function() return todos.state end }
case("a title with invalid UTF-8", function()
  todos:send("titleChanged", { id = "00000000-0000-0000-0000-000000000000", title = "\255" })
  local title = todos.state.todos[1].title
  todos:send("titleChanged", { id = "00000000-0000-0000-0000-000000000000", title = "" })
  error("accepted, as " .. title:gsub(".", function(c) return ("\\%d"):format(c:byte()) end), 0)
end, keep_todos)
case("a 16 MB title", function()
  todos:send("titleChanged", { id = "00000000-0000-0000-0000-000000000000",
    title = string.rep("t", 1 << 24) })
  local size = #todos.state.todos[1].title
  todos:send("titleChanged", { id = "00000000-0000-0000-0000-000000000000", title = "" })
  error("accepted: " .. size .. " bytes", 0)
end, { rounds = 0 })
case("a state with a 65-level table", function()
  deps.TestStore { feature = "Todos", state = { todos = { nested(65) } } }
end)
case("a preset nested too deeply", function()
  deps.with_dependencies(function(d) d.userDefaults = nested(70) end, function() end)
end)
case("a dependency input nested too deeply", function()
  deps.dependency("userDefaults.set")({ key = "k", value = nested(70) })
end)
case("userDefaults.set without a key", function()
  local ok, message = deps.dependency("userDefaults.set")({ value = 1 })
  error(tostring(ok) .. ", " .. tostring(message), 0)
end)
case("userDefaults.get with a table key", function()
  local ok, message = deps.dependency("userDefaults.get")({})
  error(tostring(ok) .. ", " .. tostring(message), 0)
end)

counter:close()
todos:close()
reducer:close()
reentrant.exhaustivity = "off"
reentrant:close()
bad.done()
