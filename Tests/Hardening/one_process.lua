-- Isolation across files in one process: runs scenario files the way a `depsh test` worker runs
-- one (deps._reset() before each file and each test, deps._tests collected while
-- deps._collecting is on), but all in this one Lua state, files and tests in a seeded random
-- order. Prints `ok - name` / `not ok - name` per test; scripts/test.d/50-hardening compares the
-- results with `depsh test`, one process per file.
-- Usage: depsh --context test one_process.lua SEED FILE…
local deps = require "deps"

local seed = math.tointeger(tonumber((...)))
local files = { select(2, ...) }
math.randomseed(seed)
local function shuffle(list)
  for i = #list, 2, -1 do
    local j = math.random(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

for _, file in ipairs(shuffle(files)) do
  deps._reset()
  deps._tests = {}
  deps._collecting = true
  local chunk, message = loadfile(file)
  local ok = chunk ~= nil
  if ok then ok, message = pcall(chunk) end
  deps._collecting = false
  local tests = deps._tests
  if not ok then
    print("not ok - " .. file .. " (top level: " .. tostring(message) .. ")")
  elseif #tests == 0 then
    print("ok - " .. file)
  end
  local order = {}
  for i = 1, #tests do order[i] = i end
  for _, i in ipairs(shuffle(order)) do
    deps._reset()
    local passed = pcall(tests[i].fn)
    if deps._reset() ~= nil then passed = false end
    print((passed and "ok - " or "not ok - ") .. tests[i].name)
  end
end
deps._reset()
