-- Listed after the three above.
local deps = require "deps"
deps.test("e", { tags = { "last" } }, function() end)
