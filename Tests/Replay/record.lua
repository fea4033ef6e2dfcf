-- Run by `depsh --record FILE`: NumberFact live against $DEPS_NUMBER_FACT_URL, three fetches
-- (1, 2, then 1 again); prints the facts.
local deps = require "deps"
local store = deps.Store { feature = "NumberFact", context = "live", state = { count = 1 } }
for _, action in ipairs { "numberFactButtonTapped", "incrementButtonTapped",
  "numberFactButtonTapped", "decrementButtonTapped", "numberFactButtonTapped" } do
  store:send(action)
  store:run(5)
  if action == "numberFactButtonTapped" then print(store.state.numberFact or store.state.errorMessage) end
end
