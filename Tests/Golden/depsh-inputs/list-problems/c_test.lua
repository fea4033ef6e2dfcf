-- Its top level raises after declaring a test: reported, nothing listed from it.
local deps = require "deps"
deps.test("c", function() end)
error("boom", 0)
