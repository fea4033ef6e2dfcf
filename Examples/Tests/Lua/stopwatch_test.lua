-- The stopwatch from stock lua5.4 through its own library: `require "stopwatch"` loads
-- libStopwatch.so (as stopwatch.so on LUA_CPATH) and gives the same API as `require "deps"`,
-- over the stopwatch module alone. Run by scripts/test.d/80-examples; exits 1 on a failure.
local stopwatch = require "stopwatch"

local failures = 0
local function check(ok, what, detail)
  print((ok and "ok" or "not ok") .. " - " .. what)
  if not ok then
    failures = failures + 1
    if detail then print("  " .. tostring(detail)) end
  end
end

-- Only the module's feature, and the built-in paths beside its own.
local names, paths = {}, {}
for _, feature in ipairs(stopwatch.features()) do names[#names + 1] = feature.name end
for _, endpoint in ipairs(stopwatch.dependencies()) do paths[endpoint.path] = endpoint end
check(#names == 1 and names[1] == "Stopwatch", "the library lists only Stopwatch",
  table.concat(names, ","))
check(paths["lapLog.append"] and paths["lapLog.append"].input == "array of integer",
  "lapLog.append is listed with its shape")
check(paths["continuousClock"] ~= nil and paths["numberFact.fetch"] == nil,
  "the built-in paths are in, the seed catalogue's are not")

-- An exhaustive test: the test clock ticks, a lap, the lap log overridden in Lua.
local saved
local store = stopwatch.TestStore {
  feature = "Stopwatch",
  dependencies = function(d)
    d.continuousClock = "test"
    d.lapLog.append = function(laps) saved = laps; return 3 end
  end,
}
store:send("startTapped", nil, function(s) s.isRunning = true end)
store:advance(2)
store:receive("tick", nil, function(s) s.elapsed = 1 end)
store:receive("tick", nil, function(s) s.elapsed = 2 end)
store:send("lapTapped", nil, function(s) s.laps = { 2 } end)
store:send("stopTapped", nil, function(s) s.isRunning = false end)
store:send("saveTapped")
store:receive("saved", 3, function(s) s.savedRuns = 3 end)
store:finish()
check(saved and #saved == 1 and saved[1] == 2, "the override got the laps")

-- The seed catalogue's features are not in this library.
local ok, err = pcall(stopwatch.TestStore, { feature = "Counter" })
check(not ok and tostring(err):find('unknown feature "Counter"', 1, true) ~= nil,
  "Counter is unknown here", err)

print(failures == 0 and "stopwatch_test.lua: all passed" or "stopwatch_test.lua: failed")
os.exit(failures == 0 and 0 or 1)
