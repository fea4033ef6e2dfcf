-- What fails a run besides an invariant: an issue the store reports (an unimplemented
-- dependency) and a Lua error in the feature.
local deps = require "deps"

local function report(spec)
  spec.seed = 1
  local ok, text = pcall(deps.explore, "p", spec)
  assert(not ok, "the property held")
  return text
end

local function expect(got, want)
  if got ~= want then error("expected:\n" .. want .. "\ngot:\n" .. got, 2) end
end

deps.test("an unimplemented dependency falsifies", function()
  expect(report { feature = "NumberFact", actions = { "incrementButtonTapped", "numberFactButtonTapped" } },
    [[falsified after 1 run (seed 1): shrunk to 1 step
  1. numberFactButtonTapped
     received numberFactResponse { failure = "Unimplemented: NumberFactClient.fetch" }
     state: { count = 0, errorMessage = "Unimplemented: NumberFactClient.fetch" }
  Unimplemented: NumberFactClient.fetch …

    Invoked with:
      0]])
end)

deps.feature {
  name = "Fragile",
  state = { total = 0 },
  actions = { add = "integer" },
  reduce = function(state, _, payload)
    if state.total + payload > 12 then error("overflow at " .. state.total + payload) end
    state.total = state.total + payload
  end,
}

deps.test("a Lua error in the feature falsifies", function()
  expect(report { feature = "Fragile", actions = { add = deps.gen.integer(0, 10) } },
    [[falsified after 1 run (seed 1): shrunk to 2 steps
  1. add 6
     state: { total = 6 }
  2. add 7
     state: { total = 6 }
  deps.feature "Fragile": reduce failed for action "add": Tests/Explore/issues_test.lua:33: overflow at 13]])
end)
