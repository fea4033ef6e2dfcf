-- A feature that keeps the last payload it was sent: what the generator tests shrink.
local deps = require "deps"

return deps.feature {
  name = "Echo",
  state = { sent = 0 },
  actions = { value = "any" },
  reduce = function(state, action, payload)
    if action == "value" then
      state.last = payload
      state.sent = state.sent + 1
    end
  end,
}
