-- deps.version, deps.features(), deps.dependencies(), require caching and the metatables.
local check = require "check"
local deps = require "deps"

check.eq(require "deps", deps, "require returns the same module")
check.truthy(deps.version:match("^%d+%.%d+%.%d+$"), "deps.version is x.y.z")

local names = {}
for _, feature in ipairs(deps.features()) do names[feature.name] = feature end
for _, name in ipairs { "App", "Counter", "NumberFact", "Timer", "Todos" } do
  check.truthy(names[name], "feature " .. name .. " listed")
end
check.eq(names.Counter.state, { count = 0, isLoading = false }, "Counter's default state")
check.eq(names.Counter.actions[1], { name = "incrementButtonTapped" }, "Counter's first action")
check.eq(names.NumberFact.dependencies, { "numberFact.fetch" }, "NumberFact's dependencies")
check.eq(names.Todos.state, { todos = {} }, "Todos' default state (an empty array)")

local paths = {}
for _, endpoint in ipairs(deps.dependencies()) do paths[endpoint.path] = endpoint end
for _, path in ipairs { "date.now", "uuid", "continuousClock", "numberFact.fetch",
                        "delayClient.wait", "userDefaults" } do
  check.truthy(paths[path], "dependency " .. path .. " listed")
end
check.eq(paths["numberFact.fetch"].input, "integer", "numberFact.fetch input")
check.eq(paths["numberFact.fetch"].output, "string", "numberFact.fetch output")
check.eq(paths["delayClient.wait"].contexts, { "live" }, "delayClient.wait has only live")

-- Named metatables (type errors read like lauxlib's).
local store = deps.TestStore { feature = "Counter" }
check.eq(getmetatable(store).__name, "deps.TestStore", "TestStore metatable name")
check.truthy(tostring(store):match("^deps%.TestStore %(Counter%): 0x%x+$"), "TestStore tostring")
local plain = deps.Store { feature = "Counter" }
check.eq(getmetatable(plain).__name, "deps.Store", "Store metatable name")
check.truthy(tostring(plain):match("^deps%.Store %(Counter, live%): 0x%x+$"), "Store tostring")
check.raises("HERE: bad argument #1 to 'send' (deps.TestStore expected, got deps.Store)",
  function() store.send(plain, "incrementButtonTapped") end)
check.raises("HERE: bad argument #1 to 'TestStore' (table expected, got string)",
  function() deps.TestStore("Counter") end)
check.raises("HERE: bad argument #1 to 'dependency' (string expected, got no value)", function() deps.dependency() end)
store:close()
plain:close()
check.eq(store.closed, true, "closed")
check.truthy(tostring(store):match("%(closed%)"), "closed tostring")

check.done("module")
