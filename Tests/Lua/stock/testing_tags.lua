-- deps.test(name, options, fn): tags for depsh test --tags/--exclude-tags, from stock Lua.
local check = require "check"
local deps = require "deps"

-- Run at once, the options table changes nothing.
local ran = false
deps.test("tagged", { tags = { "fast" } }, function() ran = true end)
check.eq(ran, true, "deps.test(name, options, fn) runs fn at once")
deps.test("no tags field", {}, function() end)

-- Collected: the tags are a list of strings, empty when none were given.
deps._collecting = true
deps._tests = nil
deps.test("two tags", { tags = { "slow", "net" } }, function() end)
deps.test("none", function() end)
deps.test("empty options", {}, function() end)
deps._collecting = false
check.eq(#deps._tests, 3, "three tests collected")
check.eq(table.concat(deps._tests[1].tags, ","), "slow,net", "tags kept in order")
check.eq(#deps._tests[2].tags, 0, "no options: no tags")
check.eq(#deps._tests[3].tags, 0, "no tags field: no tags")
check.eq(deps._tests[1].name, "two tags", "name")

-- Bad tags: the argument is named, nothing is collected.
deps._collecting = true
deps._tests = nil
check.raises("HERE: bad argument #2 to 'test' (tags must be a list of strings, got a string)",
  function() deps.test("t", { tags = "slow" }, function() end) end)
check.raises("HERE: bad argument #2 to 'test' (tags[2] must be a string, got a number)",
  function() deps.test("t", { tags = { "a", 2 } }, function() end) end)
check.raises("HERE: bad argument #2 to 'test' (tags[1] must be a word without commas or spaces,"
  .. " got \"a,b\")", function() deps.test("t", { tags = { "a,b" } }, function() end) end)
check.raises("HERE: bad argument #2 to 'test' (tags[1] must be a word without commas or spaces,"
  .. " got \"\")", function() deps.test("t", { tags = { "" } }, function() end) end)
check.raises("HERE: bad argument #3 to 'test' (function expected, got no value)",
  function() deps.test("t", { tags = { "a" } }) end)
deps._collecting = false
check.eq(deps._tests == nil or #deps._tests == 0, true, "nothing collected from bad calls")

check.done("testing_tags")
