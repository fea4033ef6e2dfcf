-- Each deps.gen generator shrinks to its simplest failing value: the smallest integer or
-- number past the bound, the shortest string of the first letters, false before true, the
-- first alternative, the shortest list of the smallest elements.
local deps = require "deps"
require "echo_feature"

-- The report of the property "the last value is fine" on Echo with `generator`.
local function report(generator, fine)
  local ok, text = pcall(deps.explore, "shrinking", {
    feature = "Echo",
    actions = { value = generator },
    seed = 1,
    steps = 5,
    runs = 200,
    invariant = function(state) return fine(state.last) end,
  })
  assert(not ok, "the property held")
  return text
end

local function expect(text, value, state, message, runs)
  local want = "falsified after " .. (runs or "1 run") .. " (seed 1): shrunk to 1 step\n"
    .. "  1. value" .. (value and " " .. value or "") .. "\n"
    .. "     state: " .. state .. "\n"
    .. "  invariant failed: " .. message
  if text ~= want then error("expected:\n" .. want .. "\ngot:\n" .. text, 2) end
end

deps.test("integer shrinks toward the bound nearest 0", function()
  expect(report(deps.gen.integer(0, 1000), function(v) return v < 5, "too big" end),
    "5", "{ last = 5, sent = 1 }", "too big")
  expect(report(deps.gen.integer(-1000, 1000), function(v) return v > -7, "too small" end),
    "-7", "{ last = -7, sent = 1 }", "too small")
  expect(report(deps.gen.integer(10, 20), function(v) return v < 10, "ten or more" end),
    "10", "{ last = 10, sent = 1 }", "ten or more")
end)

deps.test("number shrinks to the smallest failing thousandth", function()
  expect(report(deps.gen.number(0, 100), function(v) return v < 2.5, "too big" end),
    "2.5", "{ last = 2.5, sent = 1 }", "too big")
end)

deps.test("string shrinks to the shortest of the first letters", function()
  expect(report(deps.gen.string(10), function(v) return #v < 3, "too long" end),
    '"aaa"', '{ last = "aaa", sent = 1 }', "too long")
  expect(report(deps.gen.string(10, "xyz"), function(v) return not v:find("z"), "has a z" end),
    '"z"', '{ last = "z", sent = 1 }', "has a z")
end)

deps.test("boolean shrinks to true only when false holds", function()
  expect(report(deps.gen.boolean, function(v) return v == false, "true" end),
    "true", "{ last = true, sent = 1 }", "true")
end)

deps.test("one_of shrinks to the first failing alternative", function()
  local generator = deps.gen.one_of { 1, "two", deps.gen.integer(10, 20) }
  expect(report(generator, function(v)
    return v ~= "two" and not (math.type(v) == "integer" and v > 15), "bad"
  end), '"two"', '{ last = "two", sent = 1 }', "bad")
  expect(report(generator, function(v) return not (math.type(v) == "integer" and v > 15), "big" end),
    "16", "{ last = 16, sent = 1 }", "big", "3 runs")
end)

deps.test("constant and none do not shrink", function()
  expect(report(deps.gen.constant("c"), function(v) return v ~= "c", "is c" end),
    '"c"', '{ last = "c", sent = 1 }', "is c")
  expect(report(deps.gen.none, function(v) return v ~= nil, "no payload" end),
    nil, "{ sent = 1 }", "no payload")
end)

deps.test("table shrinks each field", function()
  local generator = deps.gen.table { a = deps.gen.integer(0, 9), b = deps.gen.boolean }
  expect(report(generator, function(v) return not (v.a >= 3 and v.b), "a ≥ 3 and b" end),
    "{ a = 3, b = true }", "{ last = { a = 3, b = true }, sent = 1 }", "a ≥ 3 and b")
end)

deps.test("list shrinks to the fewest, smallest elements", function()
  local generator = deps.gen.list(deps.gen.integer(0, 9), 8)
  expect(report(generator, function(v)
    local sum = 0
    for _, x in ipairs(v) do sum = sum + x end
    return sum < 10, "sum ≥ 10"
  end), "{ 1, 9 }", "{ last = { 1, 9 }, sent = 1 }", "sum ≥ 10")
end)

deps.test("generators print as deps.gen spells them", function()
  local cases = {
    { deps.gen.integer(0, 9), "deps.Generator (integer(0, 9))" },
    { deps.gen.number(0, 1.5), "deps.Generator (number(0, 1.5))" },
    { deps.gen.string(3, "ab"), 'deps.Generator (string(3, "ab"))' },
    { deps.gen.one_of { 1, deps.gen.boolean }, "deps.Generator (one_of{constant(1), boolean})" },
    { deps.gen.table { b = 1, a = deps.gen.none }, "deps.Generator (table{a = none, b = constant(1)})" },
    { deps.gen.list(deps.gen.string(), 2), "deps.Generator (list(string(8), 2))" },
  }
  for _, case in ipairs(cases) do
    assert(tostring(case[1]) == case[2], tostring(case[1]))
  end
end)
