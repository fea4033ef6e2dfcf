-- Properties that hold report how many runs and steps they took.
local deps = require "deps"
require "falsified.lock_feature"

deps.explore("the Counter's count moves by one per tap", {
  feature = "Counter",
  tags = { "counter" },
  actions = { "incrementButtonTapped", "decrementButtonTapped" },
  runs = 50,
  steps = 20,
  invariant = {
    function(state) return math.type(state.count) == "integer", "count is not an integer" end,
    function(state) return state.isLoading == false, "isLoading changed" end,
  },
})

deps.explore("the Counter's delayed increment with the delay overridden", {
  feature = "Counter",
  dependencies = function(d) d.delayClient.wait = function() end end,
  runs = 30,
  invariant = function(state)
    return not state.isLoading, "still loading after a step"
  end,
})

deps.explore("the lock stays shut while digits are typed", {
  feature = "Lock",
  actions = { digit = deps.gen.integer(0, 9), "clear" },
  runs = 40,
  invariant = function(state) return not state.open, "opened" end,
})
