-- depsh gives every test fresh dependencies (deps._reset() before each file and each test):
-- what one test prepares is gone in the next, in any order (--shuffle).
local deps = require "deps"

deps.test("a test prepares date.now", function()
  deps.prepare_dependencies(function(d) d.date.now = 1 end)
  assert(deps.dependency("date.now")() == 1)
end)

deps.test("the next test does not see them", function()
  local ok, now = pcall(deps.dependency("date.now"))
  assert(not ok or now ~= 1, "date.now leaked from another test: " .. tostring(now))
end)

deps.test("with_dependencies inside a test stays inside its scope", function()
  deps.with_dependencies(function(d) d.date.now = 2 end, function()
    assert(deps.dependency("date.now")() == 2)
  end)
  local ok, now = pcall(deps.dependency("date.now"))
  assert(not ok or now ~= 2, "date.now leaked out of with_dependencies: " .. tostring(now))
end)
