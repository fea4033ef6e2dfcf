-- deps.Store: send, run, state, on_action, contexts, deps._trace, close, errors.
local check = require "check"
local deps = require "deps"

local seen = {}
local s = deps.Store {
  feature = "Counter",
  context = "live",
  dependencies = function(d) d.delayClient.wait = function() end end,
}
s:on_action(function(action, payload, state)
  seen[#seen + 1] = { action = action, payload = payload, count = state.count }
end)
s:send("incrementButtonTapped")
s:send("delayedIncrementButtonTapped")
check.eq(s:run(2.0), true, "run ends idle")
check.eq(s.state, { count = 2, isLoading = false }, "state after run")
check.eq(seen, {
  { action = "incrementButtonTapped", count = 1 },
  { action = "delayedIncrementButtonTapped", count = 1 },
  { action = "delayedIncrementFinished", count = 2 },
}, "on_action saw every action")
s:on_action(nil)
s:send("decrementButtonTapped")
check.eq(#seen, 3, "on_action(nil) stops observing")
check.eq(s.context, "live", "context")
check.eq(s.feature, "Counter", "feature")

-- deps._trace sees every action of every deps.Store (not test stores).
local traced = {}
deps._trace = function(store, action, payload, state)
  traced[#traced + 1] = { store = store, action = action, payload = payload, state = state }
end
local facts = deps.Store {
  feature = "NumberFact",
  context = "preview",
}
facts:send("numberFactButtonTapped")
check.eq(facts:run(2.0), true, "preview fetch finishes")
check.eq(#traced, 2, "trace count")
check.eq(traced[1].store, facts, "trace gets the store")
check.eq(traced[2].action, "numberFactResponse", "trace action")
check.eq(traced[2].payload, { success = "0은 Preview용 숫자입니다." }, "trace payload")
check.eq(traced[2].state.numberFact, "0은 Preview용 숫자입니다.", "trace state")
deps._trace = nil

-- The default context follows deps._set_context.
check.eq(deps._context(), "live", "default context")
deps._set_context("preview")
local preview = deps.Store { feature = "Counter" }
check.eq(preview.context, "preview", "Store{} uses the default context")
deps._set_context("live")
check.raises([[HERE: bad argument #1 to '_set_context' ("live", "preview" or "test" expected, got "staging")]],
  function() deps._set_context("staging") end)

-- An issue during a call raises after it (here: a test store's unimplemented endpoint).
local test = deps.Store { feature = "NumberFact", context = "test" }
check.raises_with("HERE: Unimplemented: NumberFactClient.fetch", function() test:send("numberFactButtonTapped") end)
check.eq(test.state.errorMessage ~= nil, true, "the failure reached state")

-- Re-entrant sends are queued after the current action, in order: from on_action, from a Lua
-- override running in the store's effect, from a Lua feature's reducer.
local order = {}
local chain = deps.Store { feature = "Counter", context = "test" }
chain:on_action(function(action, _, state)
  order[#order + 1] = action .. "=" .. state.count
  if action == "incrementButtonTapped" and state.count < 3 then
    chain:send("decrementButtonTapped")
    chain:send("incrementButtonTapped")
    chain:send("incrementButtonTapped")
  end
  order[#order + 1] = ")"
end)
chain:send("incrementButtonTapped")
check.eq(table.concat(order, " "), "incrementButtonTapped=1 ) decrementButtonTapped=0 ) "
  .. "incrementButtonTapped=1 ) incrementButtonTapped=2 ) decrementButtonTapped=1 ) "
  .. "incrementButtonTapped=2 ) incrementButtonTapped=3 ) decrementButtonTapped=2 ) "
  .. "incrementButtonTapped=3 ) incrementButtonTapped=4 ) decrementButtonTapped=3 ) "
  .. "incrementButtonTapped=4 ) incrementButtonTapped=5 )", "on_action sends, queued in order")
chain:close()

local fact
fact = deps.Store {
  feature = "NumberFact",
  context = "test",
  dependencies = function(d)
    d.numberFact.fetch = function(n) fact:send("incrementButtonTapped"); return "fact " .. n end
  end,
}
fact:send("numberFactButtonTapped")
check.eq(fact:run(1), true, "the override's send is handled")
check.eq(fact.state, { count = 1, numberFact = "fact 0" }, "an override's send, then the response")
fact:close()

local echo
deps.feature {
  name = "Echoer",
  state = { log = {} },
  reduce = function(state, action)
    table.insert(state.log, action)
    if action == "ping" then echo:send("pong"); table.insert(state.log, "after send") end
  end,
}
echo = deps.Store { feature = "Echoer", context = "test" }
echo:send("ping")
check.eq(echo.state.log, { "ping", "after send", "pong" }, "a reducer's send runs after it")
echo:close()

-- Errors.
check.raises([[HERE: bad argument #1 to 'Store' (field 'context': "live", "preview" or "test" expected, got "prod")]],
  function() deps.Store { feature = "Counter", context = "prod" } end)
check.raises([[HERE: unknown action "bogus" for Counter]], function() s:send("bogus") end)
check.raises("HERE: bad argument #1 to 'on_action' (function expected, got number)", function() s:on_action(3) end)
check.raises("HERE: cannot set field 'state' of a deps.Store", function() s.state = {} end)
local kept = s.dependencies
s:close()
check.raises("HERE: attempt to use a closed deps.Store", function() s:send("incrementButtonTapped") end)
-- A dependencies proxy kept from the open store refuses assignments once it closed.
check.raises("HERE: attempt to use a closed deps.Store", function() kept.uuid = "incrementing" end)
check.eq(s.closed, true, "closed")
do
  local scoped <close> = deps.Store { feature = "Timer", context = "live" }
  scoped:send("toggleButtonTapped")
end

check.done("store")
