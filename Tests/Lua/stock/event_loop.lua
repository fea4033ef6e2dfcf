-- A store inside a Lua event loop (luv, libuv's binding: the recipe of docs/embedding.md):
-- s:fd() watched for reading, s:pump() when it is readable, s:next_deadline(); a live Timer
-- ticks with the loop asleep in between; closed stores refuse the calls.
local check = require "check"
local deps = require "deps"
local uv = require "luv"

check.eq(#deps.stores(), 0, "deps.stores(): none open yet")
local s = deps.Store { feature = "Timer", context = "live" }
local other = deps.Store { feature = "Counter" }
local open = deps.stores()
check.eq(#open, 2, "deps.stores() lists the open stores")
check.truthy((open[1] == s and open[2] == other) or (open[1] == other and open[2] == s),
  "deps.stores() gives the store objects themselves")
other:close()
open = deps.stores()
check.truthy(#open == 1 and open[1] == s, "a closed store leaves deps.stores()")
local fd = s:fd()
check.eq(math.type(fd), "integer", "s:fd() is an integer descriptor")
check.eq(s:fd(), fd, "one descriptor per store")
check.eq(s:next_deadline(), nil, "nothing scheduled before the timer starts")
check.eq(s:pump(), true, "pump with nothing to do: idle at once")

local ticks = 0
s:on_action(function(action) if action == "timerTicked" then ticks = ticks + 1 end end)
s:send("toggleButtonTapped")
local first = s:next_deadline()
check.truthy(first > 0 and first <= 1, "the first tick is at most 1 s away, got " .. first)

-- The recipe: a poll watcher pumps the store; the loop sleeps until the descriptor is ready.
local wakeups = 0
local watcher = uv.new_poll(fd)
watcher:start("r", function()
  wakeups = wakeups + 1
  s:pump()
  if ticks == 3 then watcher:stop() end
end)
local limit = uv.new_timer()
limit:start(6000, 0, function() watcher:stop() end)
local wall, cpu = uv.hrtime(), os.clock()
while ticks < 3 and uv.run("once") do end
wall, cpu = (uv.hrtime() - wall) / 1e9, os.clock() - cpu
limit:stop(); limit:close(); watcher:close()
uv.run("nowait")

check.eq(ticks, 3, "three ticks through the descriptor")
check.eq(s.state.secondsElapsed, 3, "the state counted them")
check.truthy(wall > 2.5 and wall < 4.5, "about three seconds passed, got " .. wall)
check.truthy(wakeups <= 6, "woken for the ticks, not polling: " .. wakeups .. " wake-ups")
check.truthy(cpu < 0.05 * wall, "the loop slept between ticks: cpu " .. cpu .. " s")

-- Stopping cancels the sleep: nothing is scheduled any more.
s:send("toggleButtonTapped")
check.eq(s:run(1), true, "idle after stopping")
check.eq(s:next_deadline(), nil, "no deadline after stopping")

s:close()
check.eq(#deps.stores(), 0, "deps.stores() is empty once every store is closed")
check.raises("attempt to use a closed deps.Store", s.fd, s)
check.raises("attempt to use a closed deps.Store", s.pump, s)
check.raises("attempt to use a closed deps.Store", s.next_deadline, s)

check.done("event_loop")
