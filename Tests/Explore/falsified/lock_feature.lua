-- A code lock with a planted bug: after exactly two digits where the second is larger than the
-- first, `enter` opens the lock whatever the code. Only that short sequence reaches it.
local deps = require "deps"

return deps.feature {
  name = "Lock",
  state = { code = {}, open = false },
  actions = { digit = "integer", enter = "none", clear = "none" },
  reduce = function(state, action, payload)
    if action == "digit" then
      state.code[#state.code + 1] = payload
    elseif action == "enter" then
      local code = table.concat(state.code)
      state.open = code == "1234"
        or (#state.code == 2 and state.code[2] > state.code[1]) -- the planted bug
      state.code = {}
    elseif action == "clear" then
      state.code = {}
      state.open = false
    end
  end,
}
