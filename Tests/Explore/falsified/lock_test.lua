-- The explorer finds the Lock's planted bug and shrinks it to the three steps that reach it.
local deps = require "deps"
require "lock_feature"

deps.explore("the lock opens only with its code", {
  feature = "Lock",
  actions = { digit = deps.gen.integer(0, 9), enter = deps.gen.none, clear = deps.gen.none },
  steps = 12,
  runs = 200,
  invariant = function(state, action)
    if action == "enter" and state.open then
      return false, "the lock opened without the code 1234"
    end
    return true
  end,
})
