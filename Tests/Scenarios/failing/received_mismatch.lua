-- Fails on purpose: the received action carries another payload than the one expected.
local deps = require "deps"

deps.test("received action mismatch", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d)
      d.numberFact.fetch = function(n) return n .. "은 좋은 숫자입니다." end
    end,
  }
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "0 is a good number." }, function(s)
    s.numberFact = "0 is a good number."
  end)
end)
