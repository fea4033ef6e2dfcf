-- deps.test with tags that are not a list of words.
local deps = require "deps"

deps.test("spaced", { tags = { "two words" } }, function() end)
