-- A feature in its own module, required by tally_test.lua from its own directory: the test
-- file's directory is on package.path wherever depsh runs from.
local deps = require "deps"

return deps.feature {
  name = "Tally",
  state = { count = 0 },
  reduce = function(state, action, payload)
    if action == "add" then
      state.count = state.count + payload
    elseif action == "reset" then
      state.count = 0
    end
  end,
}
