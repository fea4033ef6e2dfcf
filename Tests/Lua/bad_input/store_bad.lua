-- Bad input to stores: wrong argument types for every method, unknown actions, payloads that do
-- not fit, unknown fields, closed handles. The store's state is unchanged by each failure.
local deps = require "deps"
local bad = require "bad"
local case = bad.case
bad.file("store_bad")

local t = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is a number" end end,
}
local s = deps.Store { feature = "Counter", context = "test" }
local todos = deps.TestStore {
  feature = "Todos",
  dependencies = function(d) d.uuid = "incrementing"; d.date.now = 0 end,
}
local function state(store) return function() return store.state end end
local keep_t, keep_s = { state = state(t) }, { state = state(s) }
local keep_todos = { state = state(todos) }

-- TestStore:send
case("TestStore.send without self", function() t.send() end, keep_t)
case("TestStore.send on a Store", function() t.send(s, "incrementButtonTapped") end, keep_t)
case("send(nil)", function() t:send() end, keep_t)
case("send(42)", function() t:send({}) end, keep_t)
case("send(unknown action)", function() t:send("incrementButtonTaped") end, keep_t)
case("send(action, payload it does not take)", function()
  t:send("incrementButtonTapped", { by = 2 })
end, keep_t)
case("send(action, payload of the wrong type)", function()
  t:send("numberFactResponse", { success = 42 })
end, keep_t)
case("send(action, neither success nor failure)", function()
  t:send("numberFactResponse", { maybe = "x" })
end, keep_t)
case("send(action, function payload)", function() t:send("numberFactResponse", print) end, keep_t)
case("send(action, nil, 'not a function')", function()
  t:send("incrementButtonTapped", nil, "count = 1")
end, keep_t)
-- A failed assertion still applies the action (as TCA's TestStore): send it back.
local function failing_then_undone(assert_fn)
  return function()
    local _, message = pcall(t.send, t, "decrementButtonTapped", nil, assert_fn)
    t:send("incrementButtonTapped", nil, function(st) st.count = 0 end)
    error(message, 0)
  end
end
case("send with a wrong expectation", failing_then_undone(function(st) st.count = 5 end), keep_t)
case("send with an assert that raises",
  failing_then_undone(function() error("assert broke") end), keep_t)
case("send with an assert that stores a function",
  failing_then_undone(function(st) st.count = print end), keep_t)
case("titleChanged for an unknown id", function()
  todos:send("titleChanged", { id = "not-a-uuid", title = "x" })
end, keep_todos)
case("titleChanged without title", function()
  todos:send("titleChanged", { id = "00000000-0000-0000-0000-000000000000" })
end, keep_todos)

-- TestStore:receive / advance / finish / skip
case("receive(nil)", function() t:receive() end, keep_t)
case("receive(unknown action)", function() t:receive("numberFactResponze", {}) end, keep_t)
case("receive with nothing to receive", function()
  t:receive("numberFactResponse", { success = "0 is a number" }, nil, 0.01)
end, keep_t)
case("receive(action, payload, assert, 'soon')", function()
  t:receive("numberFactResponse", nil, nil, "soon")
end, keep_t)
case("advance()", function() t:advance() end, keep_t)
case("advance('1s')", function() t:advance("1s") end, keep_t)
case("finish('now')", function() t:finish("now") end, keep_t)
case("skip_received_actions with nothing to skip", function() t:skip_received_actions() end,
  keep_t)
case("skip_in_flight_effects with nothing in flight", function() t:skip_in_flight_effects() end,
  keep_t)

-- TestStore fields
case("TestStore.exhaustivity = 'maybe'", function() t.exhaustivity = "maybe" end, keep_t)
case("TestStore.state = {}", function() t.state = {} end, keep_t)
case("TestStore[1] = true", function() t[1] = true end, keep_t)
case("TestStore.dependencies.unknown = 1", function() t.dependencies.numbrFact = 1 end, keep_t)
case("TestStore.dependencies.uuid = nil", function() t.dependencies.uuid = nil end, keep_t)
case("TestStore.dependencies.uuid = 'sometimes'", function()
  t.dependencies.uuid = "sometimes"
end, keep_t)
case("TestStore.dependencies.date.now = 'today'", function()
  t.dependencies.date.now = "today"
end, keep_t)
case("TestStore.dependencies[1] = f", function() t.dependencies[1] = print end, keep_t)

-- Store
case("Store.send(nil)", function() s:send() end, keep_s)
case("Store.send(unknown action)", function() s:send("increment") end, keep_s)
case("Store.send(payload it does not take)", function() s:send("incrementButtonTapped", 1) end,
  keep_s)
case("Store.run('x')", function() s:run("x") end, keep_s)
case("Store.on_action(1)", function() s:on_action(1) end, keep_s)
case("Store.on_action on a TestStore", function() s.on_action(t, print) end, keep_s)
case("Store.state = {}", function() s.state = { count = 9 } end, keep_s)
case("Store.send on a table", function() s.send({}, "incrementButtonTapped") end, keep_s)

-- Closed handles
local closed_t = deps.TestStore { feature = "Counter" }
closed_t:close()
local closed_s = deps.Store { feature = "Counter", context = "test" }
closed_s:close()
case("closed TestStore:send", function() closed_t:send("incrementButtonTapped") end)
case("closed TestStore:receive", function() closed_t:receive("delayedIncrementFinished") end)
case("closed TestStore:advance", function() closed_t:advance(1) end)
case("closed TestStore:finish", function() closed_t:finish() end)
case("closed TestStore.state", function() return closed_t.state end)
case("closed TestStore.dependencies", function() return closed_t.dependencies end)
case("closed TestStore.exhaustivity = 'off'", function() closed_t.exhaustivity = "off" end)
case("closed Store:send", function() closed_s:send("incrementButtonTapped") end)
case("closed Store:run", function() closed_s:run(0) end)
case("closed Store.state", function() return closed_s.state end)
case("closed Store:on_action", function() closed_s:on_action(print) end)

-- A dependencies proxy used after its function returned.
local leaked
local held = deps.TestStore { feature = "Counter", dependencies = function(d) leaked = d end }
case("a dependencies proxy after its function returned", function()
  leaked.delayClient.wait = function() end
end, { state = function() return held.state end })

t:close()
s:close()
todos.exhaustivity = "off"
todos:close()
held:close()
bad.done()
