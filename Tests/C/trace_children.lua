-- Loaded by Tests/C/trace.c: a feature declaring a child the registry does not know.
local deps = require "deps"
deps.feature { name = "CParent", reduce = function() end, children = { "NumberFact", "Ghost" } }
