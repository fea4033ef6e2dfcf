-- Bad input to the explorer: deps.explore specs and deps.gen generators of the wrong shape,
-- deps.explore_property on a missing file or property, property methods misused. Each raises
-- its exact error and leaks nothing.
local deps = require "deps"
local bad = require "bad"
local case = bad.case
bad.file("explore_bad")

local function explore(spec) return function() deps.explore("p", spec) end end

-- deps.explore
case("explore without a name", function() deps.explore() end)
case("explore without a spec", function() deps.explore("p") end)
case("explore with an unknown field", explore { feature = "Counter", runz = 3 })
case("explore of an unknown feature", explore { feature = "Nope" })
case("explore with a feature of the wrong type", explore { feature = 42 })
case("explore with state of the wrong type", explore { feature = "Counter", state = 3 })
case("explore with dependencies not a function", explore { feature = "Counter", dependencies = {} })
case("explore with an action the feature lacks", explore { feature = "Counter", actions = { "jump" } })
case("explore with actions not a table", explore { feature = "Counter", actions = "jump" })
case("explore with an empty actions table", explore { feature = "Counter", actions = {} })
case("explore with a list entry not a name", explore { feature = "Counter", actions = { 42 } })
case("explore with a function as a generator", explore {
  feature = "Counter", actions = { incrementButtonTapped = print },
})
case("explore with an invariant of the wrong type", explore { feature = "Counter", invariant = 3 })
case("explore with steps 0", explore { feature = "Counter", steps = 0 })
case("explore with runs 1.5", explore { feature = "Counter", runs = 1.5 })
case("explore with a negative seed", explore { feature = "Counter", seed = -1 })
case("explore with advance a string", explore { feature = "Counter", advance = "fast" })
case("explore with advance a generator of strings", explore {
  feature = "Counter", advance = deps.gen.string(3),
})
case("explore with tags not words", explore { feature = "Counter", tags = { "a b" } })
case("explore of a payload the feature refuses", explore {
  feature = "Counter", actions = { incrementButtonTapped = deps.gen.integer(1, 2) }, seed = 1,
})

-- deps.gen
case("integer with a float bound", function() deps.gen.integer(1.5, 2) end)
case("integer with hi below lo", function() deps.gen.integer(3, 1) end)
case("number with an infinite bound", function() deps.gen.number(0, math.huge) end)
case("number with hi below lo", function() deps.gen.number(2, 1) end)
case("string of a negative length", function() deps.gen.string(-1) end)
case("string with an empty alphabet", function() deps.gen.string(3, "") end)
case("one_of of nothing", function() deps.gen.one_of {} end)
case("one_of of a non-table", function() deps.gen.one_of(3) end)
case("one_of with a coroutine", function() deps.gen.one_of { coroutine.create(print) } end)
case("table with a number key", function() deps.gen.table { [1] = 2 } end)
case("list of nil", function() deps.gen.list() end)
case("list of a negative length", function() deps.gen.list(1, -2) end)
case("constant of a function", function() deps.gen.constant(print) end)

-- deps.explore_property
case("explore_property of a missing file", function()
  deps.explore_property("no/such/spec_test.lua", "p")
end)
case("explore_property without a name", function() deps.explore_property("x.lua") end)
bad.done()
