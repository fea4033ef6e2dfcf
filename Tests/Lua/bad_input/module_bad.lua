-- Bad input to the module's functions: wrong argument types, unknown names, malformed tables.
local deps = require "deps"
local bad = require "bad"
local case = bad.case
bad.file("module_bad")

local function catalogue() return { #deps.features(), #deps.dependencies() } end
local keep = { state = catalogue }

-- deps.TestStore / deps.Store constructors
case("TestStore(nil)", function() deps.TestStore(nil) end, keep)
case("TestStore('Counter')", function() deps.TestStore("Counter") end, keep)
case("TestStore{} without feature", function() deps.TestStore {} end, keep)
case("TestStore{feature = unknown}", function() deps.TestStore { feature = "Countr" } end, keep)
case("TestStore{feature = ''}", function() deps.TestStore { feature = "" } end, keep)
case("TestStore{state = 'x'}", function()
  deps.TestStore { feature = "Counter", state = "x" }
end, keep)
case("TestStore{state = {count = 'one'}}", function()
  deps.TestStore { feature = "Counter", state = { count = "one" } }
end, keep)
case("TestStore{state = {count = function}}", function()
  deps.TestStore { feature = "Counter", state = { count = print } }
end, keep)
case("TestStore{dependencies = 'x'}", function()
  deps.TestStore { feature = "Counter", dependencies = "x" }
end, keep)
case("TestStore{exhaustivity = 'partial'}", function()
  deps.TestStore { feature = "Counter", exhaustivity = "partial" }
end, keep)
case("TestStore{exhaustivity = true}", function()
  deps.TestStore { feature = "Counter", exhaustivity = true }
end, keep)
case("Store(nil)", function() deps.Store() end, keep)
case("Store{feature = unknown}", function() deps.Store { feature = "Timr" } end, keep)
case("Store{context = 'staging'}", function()
  deps.Store { feature = "Counter", context = "staging" }
end, keep)
case("Store{dependencies = {}}", function()
  deps.Store { feature = "Counter", dependencies = {} }
end, keep)
case("Store{state = {todos = 'none'}}", function()
  deps.Store { feature = "Todos", state = { todos = "none" } }
end, keep)

-- deps.with_dependencies / prepare_dependencies / dependency
case("with_dependencies()", function() deps.with_dependencies() end, keep)
case("with_dependencies(f, 1)", function() deps.with_dependencies(function() end, 1) end, keep)
case("with_dependencies('x', f)", function() deps.with_dependencies("x", function() end) end, keep)
case("prepare_dependencies(nil)", function() deps.prepare_dependencies(nil) end, keep)
case("prepare_dependencies({})", function() deps.prepare_dependencies({}) end, keep)
case("dependency(nil)", function() deps.dependency(nil) end, keep)
case("dependency({})", function() deps.dependency({}) end, keep)
case("dependency(unknown path)", function() deps.dependency("numbrFact.fetch") end, keep)
case("dependency('')", function() deps.dependency("") end, keep)
case("dependency(preset-only path)", function() deps.dependency("continuousClock") end, keep)

-- deps.register / deps.unimplemented / deps.feature
case("register(nil)", function() deps.register(nil) end, keep)
case("register{} without name", function() deps.register {} end, keep)
case("register{name = 1}", function() deps.register { name = 1 } end, keep)
case("register without functions", function() deps.register { name = "empty" } end, keep)
case("register{live = 'x'}", function() deps.register { name = "x", live = "x" } end, keep)
case("register{live = {f = 1}}", function() deps.register { name = "x", live = { f = 1 } } end,
  keep)
case("register over a built-in", function()
  deps.register { name = "numberFact", live = { fetch = function() end } }
end, keep)
case("unimplemented(nil)", function() deps.unimplemented() end, keep)
case("unimplemented({})", function() deps.unimplemented({}) end, keep)
case("feature(nil)", function() deps.feature(nil) end, keep)
case("feature{} without name", function() deps.feature { reduce = function() end } end, keep)
case("feature{} without reduce", function() deps.feature { name = "NoReduce" } end, keep)
case("feature{reduce = 1}", function() deps.feature { name = "BadReduce", reduce = 1 } end, keep)
case("feature over a built-in", function()
  deps.feature { name = "Counter", reduce = function() end }
end, keep)
case("feature{state = function}", function()
  deps.feature { name = "BadState", state = print, reduce = function() end }
end, keep)

-- deps.run / cancel / sleep / test / _set_context
case("run(nil)", function() deps.run(nil) end, keep)
case("run(f, 'id')", function() deps.run(function() end, "id") end, keep)
case("cancel(nil)", function() deps.cancel() end, keep)
case("cancel({})", function() deps.cancel({}) end, keep)
case("sleep outside an effect", function() deps.sleep(1) end, keep)
case("sleep('x')", function() deps.sleep("x") end, keep)
case("test(nil, f)", function() deps.test(nil, function() end) end, keep)
case("test('name', nil)", function() deps.test("name") end, keep)
case("_set_context('staging')", function() deps._set_context("staging") end,
  { state = function() return deps._context() end })
case("_set_context(nil)", function() deps._set_context() end,
  { state = function() return deps._context() end })

-- a number where a string is expected reports "number", not the string Lua converts it to
case("TestStore{feature = 42}", function() deps.TestStore { feature = 42 } end, keep)
case("Store{context = 1}", function() deps.Store { feature = "Counter", context = 1 } end, keep)
case("register{name = ''}", function() deps.register { name = "", live = {} } end, keep)
case("register{name = 7}", function() deps.register { name = 7, live = {} } end, keep)
case("feature{name = ''}", function()
  deps.feature { name = "", reduce = function() end }
end, keep)

bad.done()
