-- A scenario for scripts/test.d/47-replay: a failing test whose feature reads the built-ins
-- (locale, calendar and timeZone in its reducer; continuousClock and random in its effect), so
-- `depsh test --timeline` shows each read and call with the line of its override.
local deps = require "deps"
local Builtins = deps.feature {
  name = "ReplayBuiltins", state = { text = "", rolled = false },
  reduce = function(state, action, payload)
    if action == "start" then
      state.text = deps.dependency("locale")() .. " " .. deps.dependency("calendar")() .. " "
        .. deps.dependency("timeZone")()
      return deps.run(function(send)
        deps.sleep(1.5)
        send("rolled", deps.dependency("random")() >= 0)
      end)
    elseif action == "rolled" then
      state.rolled = payload
    end
  end,
}
deps.test("builtins fail", function()
  local store = deps.TestStore {
    feature = Builtins,
    dependencies = function(d)
      d.continuousClock = "immediate"
      d.random = { seed = 7 }
      d.locale = "en_US"
      d.calendar = "iso8601"
      d.timeZone = "GMT"
    end,
  }
  store:send("start", nil, function(s) s.text = "en_US iso8601 GMT" end)
  store:receive("rolled", false, function(s) s.rolled = false end)
end)
