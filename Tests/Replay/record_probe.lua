-- Run by `depsh --record FILE` (scripts/test.d/47-replay): the Probe feature (probe.lua) live,
-- asking its Lua-registered endpoint probe.lua twice; prints the answers.
local deps = require "deps"
package.path = (arg[0]:match("^(.*/)") or "./") .. "?.lua;" .. package.path
require "probe"
local store = deps.Store { feature = "Probe", context = "live" }
for n = 1, 2 do
  store:send("ask", { endpoint = "probe.lua", input = n })
  store:run(2)
  print(store.state.answer)
end
