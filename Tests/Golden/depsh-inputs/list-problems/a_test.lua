-- Listed.
local deps = require "deps"
deps.test("a", function() end)
