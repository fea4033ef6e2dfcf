-- Two libraries built on DepsCABI in one Lua state: `require "deps"` (libDeps.so, the seed
-- catalogue) and `require "stopwatch"` (libStopwatch.so). Each opens its own features with its
-- own dependency paths, and a value of one library is refused by the other with a type error.
-- Run by scripts/test.d/80-examples with both on LUA_CPATH; exits 1 on a failure.
local deps = require "deps"
local stopwatch = require "stopwatch"

local failures = 0
local function check(ok, what, detail)
  print((ok and "ok" or "not ok") .. " - " .. what)
  if not ok then
    failures = failures + 1
    if detail then print("  " .. tostring(detail)) end
  end
end

local function stopwatch_store()
  return stopwatch.TestStore {
    feature = "Stopwatch",
    dependencies = function(d)
      d.continuousClock = "test"
      d.lapLog.append = function() return 7 end
    end,
  }
end

local function number_fact_store()
  return deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d)
      d.numberFact.fetch = function(n) return n .. " is a good number." end
    end,
  }
end

-- Both orders of opening, each with its own library's dependency paths.
for _, order in ipairs({ "stopwatch first", "deps first" }) do
  local first, second = stopwatch_store, number_fact_store
  if order == "deps first" then first, second = number_fact_store, stopwatch_store end
  local ok1, a = pcall(first)
  local ok2, b = pcall(second)
  check(ok1 and ok2, order .. ": each library opens its own feature with its own paths",
    (not ok1 and a) or (not ok2 and b) or nil)
end

local sw = stopwatch_store()
sw:send("startTapped", nil, function(s) s.isRunning = true end)
sw:send("stopTapped", nil, function(s) s.isRunning = false end)
sw:send("saveTapped")
sw:receive("saved", 7, function(s) s.savedRuns = 7 end)
local ok, err = pcall(sw.finish, sw)
check(ok, "the stopwatch runs on its own library's override", err)

local nf = number_fact_store()
nf:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
nf:send("numberFactButtonTapped")
nf:receive("numberFactResponse", { success = "1 is a good number." }, function(s)
  s.numberFact = "1 is a good number."
end)
ok, err = pcall(nf.finish, nf)
check(ok, "NumberFact runs on its own library's override", err)

-- A store of one library is not a store of the other.
local send_of_deps = nf.send
ok, err = pcall(send_of_deps, sw, "startTapped")
check(not ok and tostring(err) == "bad argument #1 to '?' (deps.TestStore expected, got a "
  .. "deps.TestStore of another library (each library built on DepsCABI has its own stores and "
  .. "dependencies))",
  "deps' send refuses the stopwatch library's store", err)
check(tostring(sw):find("^deps.TestStore") ~= nil and tostring(nf):find("^deps.TestStore") ~= nil,
  "both print as deps.TestStore", tostring(sw) .. " / " .. tostring(nf))

print(failures == 0 and "two_libraries_test.lua: all passed" or "two_libraries_test.lua: failed")
os.exit(failures == 0 and 0 or 1)
