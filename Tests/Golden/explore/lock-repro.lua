-- Reproduces the property "the lock opens only with its code" of falsified/lock_test.lua,
-- falsified with seed 7 (written by depsh test --repro). It fails until the
-- bug is fixed:
--   invariant failed: the lock opened without the code 1234
local deps = require "deps"
local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""
local spec = (here:match("^(.*/)[^/]*$") or "") .. "../falsified/lock_test.lua"
local property = deps.explore_property(spec, "the lock opens only with its code")

deps.test("repro: the lock opens only with its code", function()
  local store = property:store {
    state = {
      code = {},
      open = false,
    },
  }
  store:send("digit", 0, function(s)
    s.code = {
      [1] = 0,
    }
  end)
  store:send("digit", 1, function(s)
    s.code = {
      [1] = 0,
      [2] = 1,
    }
  end)
  -- The failing step: its state is for the invariants to judge.
  store.exhaustivity = "off"
  store:send("enter", nil)
  property.check(store.state, "enter", nil)
end)
