-- Its top level never ends: stopped by --timeout.
local deps = require "deps"
deps.test("d", function() end)
while true do end
