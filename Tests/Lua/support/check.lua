-- Assertions for the stock-Lua tests of the deps module (Tests/Lua/stock/*.lua), run by
-- scripts/test.d/30-lua with plain `lua5.4`. `check.raises(expected, fn)` compares the exact
-- error text; "HERE" in `expected` stands for `<file>:<line where fn is defined>`, so write fn
-- as a one-line function around the failing call.
local check = { count = 0 }

local function fail(message) error(message, 3) end

--- a == b (same type and value, tables compared deeply).
local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
check.same = same

local function show(v)
  if type(v) ~= "table" then return type(v) == "string" and string.format("%q", v) or tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(x, y) return tostring(x) < tostring(y) end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. show(v[k]) end
  return "{" .. table.concat(parts, ", ") .. "}"
end
check.show = show

function check.eq(actual, expected, what)
  check.count = check.count + 1
  if not same(actual, expected) then
    fail(string.format("%s: expected %s, got %s", what or "value", show(expected), show(actual)))
  end
end

function check.truthy(value, what)
  check.count = check.count + 1
  if not value then fail((what or "value") .. ": expected a true value") end
end

local function here(fn)
  local info = debug.getinfo(fn, "S")
  return info.short_src .. ":" .. info.linedefined
end

function check.raises(expected, fn, ...)
  check.count = check.count + 1
  local at = here(fn)
  expected = expected:gsub("HERE", function() return at end)
  local ok, err = pcall(fn, ...)
  if ok then fail("expected an error:\n  " .. expected) end
  if err ~= expected then
    fail("wrong error:\n  expected: " .. expected .. "\n  got:      " .. tostring(err))
  end
end

--- Like raises, but `expected` is a plain substring of the message.
function check.raises_with(expected, fn, ...)
  check.count = check.count + 1
  local at = here(fn)
  expected = expected:gsub("HERE", function() return at end)
  local ok, err = pcall(fn, ...)
  if ok then fail("expected an error containing:\n  " .. expected) end
  if not tostring(err):find(expected, 1, true) then
    fail("wrong error:\n  expected to contain: " .. expected .. "\n  got: " .. tostring(err))
  end
end

--- Prints the closing line of a stock script.
function check.done(name)
  print(string.format("ok - %s (%d checks)", name, check.count))
end

return check
