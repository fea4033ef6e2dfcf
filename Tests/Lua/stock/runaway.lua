-- The runaway rule from stock Lua: an effect reporting the same issue 100 times is cancelled,
-- its repeats folded into one issue with the count and the fix in Lua (a forgotten test clock:
-- d.continuousClock = "test"); fewer repeats are folded when the effect ends; the whole failure
-- stays small.
local check = require "check"
local deps = require "deps"

local function folded(message, count, fix)
  local what = count == 100
    and "An effect reported this issue 100 times, so it was cancelled: Deps stops an effect after 100 "
      .. "identical issues (TCA has no such bound)."
    or ("An effect reported this issue " .. count .. " times (shown once).")
  return message .. "\n\n  " .. what .. "\n\n  " .. fix
end

-- Timer with the test context's UnimplementedClock: its loop never waits.
local clock_fix = 'To fix, give the store a test clock: d.continuousClock = "test"'
local timer = deps.TestStore { feature = "Timer" }
local ok, failure = pcall(function() timer:send("toggleButtonTapped", nil, function(s) s.isRunning = true end) end)
check.eq(ok, false, "the forgotten clock fails the send")
check.truthy(#failure < 20000, "the whole failure is under 20 KB (" .. #failure .. " bytes)")
local again = deps.TestStore { feature = "Timer" }
check.raises(table.concat({ "HERE: Unimplemented: ContinuousClock.now", "Unimplemented: ContinuousClock.sleep",
  folded("Unimplemented: ContinuousClock.now", 100, clock_fix),
  folded("Unimplemented: ContinuousClock.sleep", 100, clock_fix) }, "\n\n"),
  function() again:send("toggleButtonTapped", nil, function(s) s.isRunning = true end) end)
for _, store in ipairs { timer, again } do
  store:skip_received_actions()
  store:send("toggleButtonTapped", nil, function(s) s.isRunning = false end)
  store:finish()
  store:close()
end

-- An unimplemented endpoint met in a loop of a Lua effect: the generic fix; below the bound the
-- effect goes on and sends its action.
deps.feature { name = "Loop", state = { n = 0 }, actions = { "go", "done" },
  reduce = function(state, action, payload)
    if action == "go" then
      return deps.run(function(send)
        local fetch = deps.dependency("numberFact.fetch")
        for _ = 1, payload do pcall(fetch, 1) end
        send("done")
      end)
    else
      state.n = 1
    end
  end }
local fetch_issue = "Unimplemented: NumberFactClient.fetch …\n\n  Invoked with:\n    1"
local generic_fix = "To fix, override the dependency the effect keeps reaching, or end the effect's loop."
local loop = deps.TestStore { feature = "Loop" }
check.raises(table.concat({ "HERE: " .. fetch_issue, folded(fetch_issue, 3, generic_fix) }, "\n\n"),
  function() loop:send("go", 3) end)
loop:receive("done", nil, function(s) s.n = 1 end)
loop:finish()
-- At the bound the effect is cancelled: it never sends "done".
check.raises(table.concat({ "HERE: " .. fetch_issue, folded(fetch_issue, 100, generic_fix) }, "\n\n"),
  function() loop:send("go", 150) end)
loop:finish()
loop:close()
check.done("runaway")
