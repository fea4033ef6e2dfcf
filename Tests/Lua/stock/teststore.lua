-- deps.TestStore: send / receive with assert functions, advance, finish, exhaustivity,
-- skip_received_actions, state copies, later dependency overrides, <close>, error texts.
local check = require "check"
local deps = require "deps"

-- The seed's NumberFact test, line for line.
local store = deps.TestStore {
  feature = "NumberFact",
  state = { count = 0 },
  dependencies = function(d)
    d.numberFact.fetch = function(n) return n .. "은 좋은 숫자입니다." end
  end,
}
store:send("numberFactButtonTapped")
store:receive("numberFactResponse", { success = "0은 좋은 숫자입니다." },
              function(s) s.numberFact = "0은 좋은 숫자입니다." end)
store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
store:finish()

-- A failing assertion: positioned at the failing call, then the message and diff; the store
-- stays usable and its state is the actual one.
check.raises([[HERE: A state change does not match expectation.

    {
  -   "count": 3,
  +   "count": 2,
      … (1 unchanged)
    }

(Expected: -, Actual: +)]], function() store:send("incrementButtonTapped", nil, function(s) s.count = 3 end) end)
check.eq(store.state.count, 2, "state after a failed assertion")
store:send("decrementButtonTapped", nil, function(s) s.count = 1 end)

-- store.state is a fresh copy.
local copy = store.state
copy.count = 99
check.eq(store.state.count, 1, "state is a copy")

-- A Lua error inside an override becomes the effect's failure, with file:line.
local failing = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function() error("offline") end end,
}
failing:send("numberFactButtonTapped")
local line = debug.getinfo(1, "l").currentline - 3
local where = debug.getinfo(1, "S").short_src .. ":" .. line
failing:receive("numberFactResponse", { failure = where .. ": offline" },
                function(s) s.errorMessage = where .. ": offline" end)
failing:close()

-- The forgotten clock: a test store has the test context's unimplemented clocks unless the
-- test asks for a test clock, so this send fails as it does in Swift and C.
local forgot = deps.TestStore { feature = "Timer", exhaustivity = "off" }
local ok, message = pcall(forgot.send, forgot, "toggleButtonTapped", nil, function(s) s.isRunning = true end)
check.eq(ok, false, "a forgotten clock fails the send")
check.eq(message:sub(1, 74), "Unimplemented: ContinuousClock.now\n\nUnimplemented: ContinuousClock.sleep\n\n",
  "the verdict")
check.raises([[HERE: this store has no test clock to advance: ask for one when opening it (d.continuousClock = ]]
  .. [["test")]],
  function() forgot:advance(1) end)
-- The runaway rule cancelled the spinning effect (docs/teststore-contract.md): the
-- non-exhaustive store closes with nothing more to report.
check.eq(pcall(forgot.close, forgot), true, "close has nothing more to report")
check.eq(forgot.closed, true, "closed all the same")

-- Timer: the test clock (asked for with the preset "test"), receive, finish.
local timer = deps.TestStore {
  feature = "Timer",
  dependencies = function(d) d.continuousClock = "test" end,
}
timer:send("toggleButtonTapped", nil, function(s) s.isRunning = true end)
timer:advance(1)
timer:receive("timerTicked", nil, function(s) s.secondsElapsed = 1 end)
timer:advance(2)
timer:receive("timerTicked", nil, function(s) s.secondsElapsed = 2 end)
timer:receive("timerTicked", nil, function(s) s.secondsElapsed = 3 end)
check.raises_with("HERE: Expected effects to finish, but there are still effects in-flight after 0.01 seconds.",
  function() timer:finish(0.01) end)
timer:send("toggleButtonTapped", nil, function(s) s.isRunning = false end)
timer:finish()
check.raises("HERE: bad argument #1 to 'advance' (number expected, got string)", function() timer:advance("soon") end)

-- Skipping the running timer does not cancel it (TCA's skipInFlightEffects): a later tick is
-- still received, and close ends it without a failure.
local skipped = deps.TestStore {
  feature = "Timer",
  dependencies = function(d) d.continuousClock = "test" end,
}
skipped:send("toggleButtonTapped", nil, function(s) s.isRunning = true end)
skipped:skip_in_flight_effects()
skipped:advance(1)
skipped:receive("timerTicked", nil, function(s) s.secondsElapsed = 1 end)
check.eq(pcall(skipped.close, skipped), true, "close has nothing to report")

-- Todos: incrementing UUIDs, a constant date, later overrides through store.dependencies.
local todos = deps.TestStore {
  feature = "Todos",
  dependencies = function(d)
    d.uuid = "incrementing"
    d.date.now = 1234567890
  end,
}
local zero = "00000000-0000-0000-0000-000000000000"
todos:send("addButtonTapped", nil, function(s)
  s.todos[1] = { id = zero, createdAt = 1234567890, title = "" }
end)
todos.dependencies.uuid = "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"
todos.dependencies.date.now = 1
todos:send("addButtonTapped", nil, function(s)
  table.insert(s.todos, { id = "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF", createdAt = 1, title = "" })
end)
todos:send("titleChanged", { id = zero, title = "Milk" }, function(s) s.todos[1].title = "Milk" end)
todos:send("deleteButtonTapped", { id = zero }, function(s) table.remove(s.todos, 1) end)
todos:send("deleteButtonTapped", { id = "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF" },
           function(s) table.remove(s.todos, 1) end)
check.eq(todos.state, { todos = {} }, "an emptied array stays an array")
check.raises([[HERE: expected "incrementing" or a UUID string for uuid, got "nope"]],
  function() todos.dependencies.uuid = "nope" end)
local kept = todos.dependencies
todos:close()
-- A dependencies proxy kept from the open test store refuses assignments once it closed.
check.raises("HERE: attempt to use a closed deps.TestStore", function() kept.uuid = "incrementing" end)

-- Exhaustivity off: unasserted changes and actions pass; skip_received_actions.
local counter = deps.TestStore {
  feature = "Counter",
  dependencies = function(d) d.delayClient.wait = function() end end,
}
check.eq(counter.exhaustivity, "on", "exhaustive by default")
counter.exhaustivity = "off"
check.eq(counter.exhaustivity, "off", "exhaustivity off")
counter:send("incrementButtonTapped")
counter:send("delayedIncrementButtonTapped")
counter:skip_received_actions()
check.eq(counter.state, { count = 2, isLoading = false }, "non-exhaustive state")
counter.exhaustivity = "on"
check.raises([[HERE: bad value for 'exhaustivity' ("on" or "off" expected, got "maybe")]],
  function() counter.exhaustivity = "maybe" end)
check.raises("HERE: cannot set field 'count' of a deps.TestStore (only 'exhaustivity'; use store.dependencies.<path> = "
  .. "… for dependencies)",
  function() counter.count = 1 end)
counter:close()

-- Misuse raises like Lua's own functions.
local misuse = deps.TestStore { feature = "Counter" }
check.raises("HERE: bad argument #1 to 'send' (string expected, got table)", function() misuse:send({}) end)
check.raises("HERE: bad argument #3 to 'send' (function expected, got number)",
  function() misuse:send("incrementButtonTapped", nil, 3) end)
check.raises([[HERE: unknown action "incrementButtonTaped" for Counter; did you mean "incrementButtonTapped"?]],
  function() misuse:send("incrementButtonTaped") end)
check.raises([[HERE: unknown feature "Countr"; did you mean "Counter"?]],
  function() deps.TestStore { feature = "Countr" } end)
check.raises("HERE: bad argument #1 to 'TestStore' (field 'feature': string expected, got nil)",
  function() deps.TestStore {} end)
check.raises("HERE: bad argument #1 to 'TestStore' (field 'dependencies': function expected, got table)",
  function() deps.TestStore { feature = "Counter", dependencies = {} } end)
check.raises_with("HERE: Threw error: ",
  function() misuse:send("incrementButtonTapped", nil, function() error("in assert") end) end)
misuse:close()
check.raises("HERE: attempt to use a closed deps.TestStore", function() misuse:send("incrementButtonTapped") end)
check.raises("HERE: attempt to use a closed deps.TestStore", function() return misuse.state end)

-- Leftovers at the end: store:close() and <close> raise them.
local leftover = deps.TestStore {
  feature = "Counter",
  dependencies = function(d) d.delayClient.wait = function() end end,
}
leftover:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
check.raises([[HERE: The store received 1 unexpected action.

  Unhandled actions:
    "delayedIncrementFinished"

]] .. 'To fix, explicitly assert against these actions using "store:receive", skip these actions '
  .. 'by calling "store:skip_received_actions()", or consider using a non-exhaustive test store: '
  .. '"store.exhaustivity = "off"".', function() leftover:close() end)
check.raises_with("The store received 1 unexpected action", function()
  local scoped <close> = deps.TestStore {
    feature = "Counter",
    dependencies = function(d) d.delayClient.wait = function() end end,
  }
  scoped:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
end)

-- An issue from the dependency system speaks Lua: no location inside the library (the error is
-- positioned at the test's own line), Lua advice.
local delayed = deps.TestStore { feature = "Counter" }
check.raises([[HERE: @Dependency(\.delayClient) has no test implementation, but was accessed from a test context:

  Dependency:
    DelayClient

Dependencies registered with the library are not allowed to use their default, live implementations when run from tests.

To fix, override 'delayClient' with a test value. ]]
  .. [[Override it in the store's dependencies (dependencies = function(d) … end), or with deps.with_dependencies.]],
  function() delayed:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end) end)
delayed:close()

-- A failed receive consumes the received action: the test fails once, not again at the end.
local consumed = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function() return "fact" end end,
}
consumed:send("numberFactButtonTapped")
check.raises("HERE: expected a string at numberFactResponse.success, got 3",
  function() consumed:receive("numberFactResponse", { success = 3 }) end)
consumed:close()

-- A still-running effect names the action that started it and where the test sent it, with
-- advice in Lua.
local running = deps.TestStore {
  feature = "Timer",
  dependencies = function(d) d.continuousClock = "test" end,
}
running:send("toggleButtonTapped", nil, function(s) s.isRunning = true end)
local sent_at = debug.getinfo(1, "S").short_src .. ":" .. (debug.getinfo(1, "l").currentline - 1)
check.raises([[HERE: An effect returned for this action is still running. It must complete before the end of the test.

To fix, inspect any effects the reducer returns for this action and ensure that all of them complete by the end of the test. There are a few reasons why an effect may not have completed:

If an effect waits for outside work, it may need a little bit of time to finish. To fix you can call "store:finish()" at the end of your test.

If an effect waits on a clock (a sleep, a timer), make sure that you wait enough time for it to perform the effect. If you are using a test clock, advance it ("store:advance(seconds)") so that the effects may complete, or consider using an immediate clock ("d.continuousClock = "immediate"") to perform the effect at once.

If you are returning a long-living effect (timers, subscriptions, etc.), then make sure those effects are torn down: start them with an id ("deps.run(fn, {id = …})") and return a corresponding cancellation effect ("deps.cancel(id)") from another action.

If you do not wish to assert on these effects, call "store:skip_in_flight_effects()", or consider using a non-exhaustive test store: "store.exhaustivity = "off"".

Started by the action: "toggleButtonTapped" (sent at ]] .. sent_at .. ")", function() running:close() end)

-- Waiting for an action that no effect is left to deliver: the effect was in flight when the
-- receive began and ended without sending, so the advice says it may have been cancelled.
local ended = deps.TestStore {
  feature = deps.feature { name = "EndsSilently", state = { started = false },
    actions = { start = "none", never = "none" },
    reduce = function(state, action)
      if action == "start" then
        state.started = true
        return deps.run(function() deps.sleep(0.02) end)
      end
    end },
  dependencies = function(d) d.continuousClock = "live" end,
}
ended:send("start", nil, function(s) s.started = true end)
check.raises([[HERE: Expected to receive an action, but received none after 2.0 seconds.

There are no in-flight effects that could deliver this action. Could the effect you expected to deliver this action have been cancelled?

Expected to receive the following action, but didn't:

  "never"]], function() ended:receive("never", nil, nil, 2) end)
ended:close()

check.done("teststore")
