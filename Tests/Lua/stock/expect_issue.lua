-- deps.expect_issue(fn[, pattern]), Lua's withKnownIssue: an issue raised inside fn, the
-- leftovers of a test store fn opens (closed when it returns) are taken; it passes when one
-- contains the pattern and returns their messages, and raises "expected an issue matching …,
-- none was reported" otherwise; bad arguments are refused.
local check = require "check"
local deps = require "deps"

local mismatch = [[A state change does not match expectation.

    {
  -   "count": 2,
  +   "count": 1,
      … (1 unchanged)
    }

(Expected: -, Actual: +)]]

-- A failing send: raised inside fn, taken; fn stops there.
local after = false
local issues = deps.expect_issue(function()
  local store = deps.TestStore { feature = "Counter" }
  store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
  after = true
end, "does not match expectation")
check.eq(#issues, 1, "one issue taken")
check.truthy(issues[1]:find(mismatch, 1, true), "the failure is the send's: " .. issues[1])
check.eq(after, false, "fn stops at the raised failure")

-- A store fn leaves with an unreceived action: closed when fn returns, its leftovers taken,
-- so nothing fails later (deps.end_test below finds no leftover).
local leftover = deps.expect_issue(function()
  local store = deps.TestStore {
    feature = "NumberFact", dependencies = function(d) d.numberFact.fetch = function() return "fact" end end }
  store:send("numberFactButtonTapped")
end)
check.truthy(leftover[1]:find("The store received 1 unexpected action.", 1, true),
  "the leftovers are the issue: " .. tostring(leftover[1]))
deps.end_test()

-- A pcall inside fn does not hide a failure from expect_issue; fn goes on after it.
local caught = deps.expect_issue(function()
  local store = deps.TestStore { feature = "Counter" }
  pcall(store.send, store, "incrementButtonTapped", nil, function(s) s.count = 5 end)
  after = true
end, "does not match expectation")
check.eq(#caught, 1, "the caught failure is taken once")
check.eq(after, true, "fn went on after its pcall")

-- No issue, or none matching.
check.raises("HERE: expected an issue, none was reported", function() deps.expect_issue(function() end) end)
check.raises('HERE: expected an issue matching "timeout", none was reported; the issues reported were:\n\n'
  .. 'HERE: boom',
  function() deps.expect_issue(function() error("boom") end, "timeout") end)

-- Bad arguments.
check.raises("HERE: bad argument #1 to 'expect_issue' (function expected, got no value)",
  function() deps.expect_issue() end)
check.raises("HERE: bad argument #2 to 'expect_issue' (string expected, got number)",
  function() deps.expect_issue(function() end, 5) end)
check.done("expect_issue")
