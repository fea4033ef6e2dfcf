-- Loaded by Tests/C/trace_builtins.c: a feature reading locale, calendar and timeZone in its
-- reducer; its effect sleeps on continuousClock and draws a random number.
local deps = require "deps"
deps.feature {
  name = "CBuiltins", state = { text = "", rolled = false },
  reduce = function(state, action, payload)
    if action == "start" then
      state.text = deps.dependency("locale")() .. " " .. deps.dependency("calendar")() .. " "
        .. deps.dependency("timeZone")()
      return deps.run(function(send)
        deps.sleep(0.25)
        send("rolled", deps.dependency("random")() >= 0)
      end)
    elseif action == "rolled" then
      state.rolled = payload
    end
  end,
}
