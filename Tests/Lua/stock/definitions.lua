-- The editor definitions (Sources/lua/deps.d.lua, or the file named by DEPS_DEFINITIONS) against
-- the live module, both ways: every member the module has is annotated, every annotated member
-- exists. Compared:
--  - the functions and fields of `deps` (a table member `deps.x` against the class `deps.x`);
--  - every metatable the module registered (`deps.*` with a `__name` in the registry, but the
--    internal `deps.runtime`): its methods (the table its `__index` reads) against the class of
--    that name, and, for the userdata this script can make, the fields `__index` answers
--    (probed with every identifier-like string literal of Sources/**/*.swift and every
--    annotated name: a field the module answers is named by a literal in its Swift code);
--  - the tables functions return (deps.features(), deps.dependencies(), s:steps(), …) against
--    their classes (deps.FeatureInfo, …).
-- A member annotated optional (`---@field name? type`) may be absent: a host sets it (depsh's
-- `deps._trace`). Metamethods (`__gc`, `__close`, …) are not members. Run by 30-lua with the
-- debug build and by 70-install/75-luarocks with the installed files; on a difference it
-- prints them all and exits 1.
local check = require "check"
local deps = require "deps"

local definitions = os.getenv("DEPS_DEFINITIONS") or "Sources/lua/deps.d.lua"

-- MARK: What the definitions annotate

-- classes[name] = { members = { [member] = { kind =, optional = } }, dynamic = bool }
local classes = {}
local unbound = {} -- functions of the definitions that no class holds
local function class_named(name)
  classes[name] = classes[name] or { members = {}, dynamic = false }
  return classes[name]
end

local function annotate(class, member, kind, optional)
  local members = class_named(class).members
  members[member] = members[member] or { kind = kind, optional = optional }
end

do
  local file = assert(io.open(definitions, "r"))
  local current -- the class of the annotation block being read
  local of_variable = {} -- a Lua name in the definitions (`Store`, `deps.gen`) → its class
  local number = 0
  for line in file:lines() do
    number = number + 1
    local class = line:match("^%-%-%-@class%s+([%w_.]+)")
    local field = line:match("^%-%-%-@field%s+(.*)$")
    if class then
      current = class
      class_named(class)
    elseif field and current then
      field = field:gsub("^(%a+)%s+", function(word)
        if word == "private" or word == "protected" or word == "public" or word == "package" then
          return ""
        end
      end)
      local name, optional = field:match("^([%a_][%w_]*)(%??)%s")
      if name then
        annotate(current, name, "field", optional == "?")
      elseif field:match("^%[") then
        class_named(current).dynamic = true
      end
    elseif not line:match("^%-%-%-") then -- (another annotation keeps the block open)
      local variable, sep, name = line:match("^function%s+([%a_][%w_.]*)([.:])([%a_][%w_]*)%s*%(")
      if variable and of_variable[variable] then
        annotate(of_variable[variable], name, sep == ":" and "method" or "function", false)
      elseif variable then
        unbound[#unbound + 1] = string.format("%s:%d: function %s%s%s belongs to no class (a"
          .. " ---@class block must end right above `local %s = {}`)", definitions, number,
          variable, sep, name, variable)
      end
      local declared = line:match("^local%s+([%a_][%w_]*)%s*=") or line:match("^([%a_][%w_.]*)%s*=")
      if declared and current then of_variable[declared] = current end
      local owner, member = line:match("^([%a_][%w_.]*)%.([%a_][%w_]*)%s*=")
      if owner and of_variable[owner] then annotate(of_variable[owner], member, "field", false) end
      current = nil
    end
  end
  file:close()
end

-- MARK: Comparing

local problems = {}
local compared = 0 -- members compared, for the closing line
local function problem(text) problems[#problems + 1] = text end
for _, text in ipairs(unbound) do problem(text) end

-- Compares `live` ({ [member] = kind }) with the class `name`; `where` names the live side.
local function compare(name, live)
  local class = classes[name]
  if not class then
    problem(name .. ": the module has it, the definitions have no class of that name")
    return
  end
  local names = {}
  for member in pairs(live) do names[#names + 1] = member end
  for member in pairs(class.members) do if live[member] == nil then names[#names + 1] = member end end
  table.sort(names)
  compared = compared + #names
  for _, member in ipairs(names) do
    local annotated = class.members[member]
    if live[member] and not annotated then
      problem(name .. ": " .. live[member] .. " '" .. member .. "' exists but is not annotated")
    elseif annotated and not live[member] and not annotated.optional then
      problem(name .. ": " .. annotated.kind .. " '" .. member .. "' is annotated but does not exist")
    end
  end
end

local function kind_of(value) return type(value) == "function" and "function" or "field" end

-- A table's members, and those of the table members below it as classes of their own.
local function compare_table(name, value)
  local live = {}
  for key, member in pairs(value) do
    if type(key) == "string" then
      live[key] = kind_of(member)
      if type(member) == "table" then compare_table(name .. "." .. key, member) end
    end
  end
  compare(name, live)
end

-- The shape of the tables in `list` (each may lack optional members).
local function compare_entries(name, list)
  local live = {}
  for _, entry in ipairs(list) do
    for key, member in pairs(entry) do live[key] = kind_of(member) end
  end
  compare(name, live)
end

-- MARK: The module

compare_table("deps", deps)

-- MARK: The metatables

local store <close> = deps.Store {
  feature = "NumberFact", trace = true,
  dependencies = function(d)
    d.numberFact.fetch = function(n) return n .. " is a number." end
    d.uuid = "incrementing"
  end,
}
local test_store <close> = deps.TestStore { feature = "Counter" }
local proxy
deps.with_dependencies(function(d) proxy = d end, function() end)
-- Instances of the metatables' userdata whose fields are probed (deps.Dependencies answers
-- any name with a deeper proxy: its class declares an index signature instead).
local instances = {
  ["deps.Store"] = store,
  ["deps.TestStore"] = test_store,
  ["deps.Effect"] = deps.run(function() end),
  ["deps.Dependencies"] = proxy,
  ["deps.Generator"] = deps.gen.integer(0, 1),
}
-- Metatables of the module that Lua code never gets a value of.
local internal = { ["deps.runtime"] = true }

-- Every identifier-like string literal of the Swift sources: the names a field can have.
local candidates = {}
do
  local list = assert(io.popen("find Sources -name '*.swift' 2>/dev/null"))
  for path in list:lines() do
    local file = io.open(path, "r")
    if file then
      for literal in file:read("a"):gmatch('"([%a_][%w_]*)"') do candidates[literal] = true end
      file:close()
    end
  end
  list:close()
end

local function methods_of(metatable)
  local index = rawget(metatable, "__index")
  if type(index) == "table" then return index end
  if type(index) == "function" then
    for up = 1, 255 do
      local name, value = debug.getupvalue(index, up)
      if name == nil then break end
      if type(value) == "table" then return value end
    end
  end
  return {}
end

local metatables = {}
for key, value in pairs(debug.getregistry()) do
  if type(key) == "string" and type(value) == "table" then
    local name = rawget(value, "__name")
    if type(name) == "string" and name:match("^deps%.") and not internal[name] then
      metatables[#metatables + 1] = { name = name, metatable = value }
    end
  end
end
table.sort(metatables, function(a, b) return a.name < b.name end)
check.truthy(#metatables >= 4, "the module's metatables found in the registry")

for _, entry in ipairs(metatables) do
  local name, live = entry.name, {}
  for method in pairs(methods_of(entry.metatable)) do
    if type(method) == "string" then live[method] = "method" end
  end
  local instance = instances[name]
  if instance == nil then
    problem(name .. ": a metatable of the module this test makes no value of; to fix, add one to"
      .. " `instances` in Tests/Lua/stock/definitions.lua")
  elseif getmetatable(instance) ~= entry.metatable then
    problem(name .. ": the value in `instances` has another metatable")
  elseif not (classes[name] and classes[name].dynamic) and rawget(entry.metatable, "__index") then
    local probes = {}
    for candidate in pairs(candidates) do probes[candidate] = true end
    for member in pairs(classes[name] and classes[name].members or {}) do probes[member] = true end
    for probe in pairs(probes) do
      if not live[probe] and not probe:match("^__") and instance[probe] ~= nil then
        live[probe] = "field"
      end
    end
  end
  compare(name, live)
end

-- MARK: What functions return

compare_entries("deps.FeatureInfo", deps.features())
local actions = {}
for _, feature in ipairs(deps.features()) do
  for _, action in ipairs(feature.actions) do actions[#actions + 1] = action end
end
compare_entries("deps.ActionInfo", actions)
compare_entries("deps.DependencyInfo", deps.dependencies())
compare_entries("deps.RuntimePaths", { deps.runtime_paths() })
store:send("incrementButtonTapped")
store:send("numberFactButtonTapped")
store:run(1)
compare_entries("deps.TraceStep", store:steps())
compare_entries("deps.Preset", store:presets())
local changes = store:state_changes()
store:send("incrementButtonTapped")
for _, change in ipairs(store:state_changes()) do changes[#changes + 1] = change end
compare_entries("deps.StateChange", changes)
deps._collecting = true
deps.test("collected", { tags = { "a" } }, function() end)
compare_entries("deps.CollectedTest", deps._tests)
deps._collecting, deps._tests = nil, nil

if #problems > 0 then
  io.stderr:write(definitions, " and the live module differ:\n")
  for _, text in ipairs(problems) do io.stderr:write("  - ", text, "\n") end
  io.stderr:write("To fix, annotate each member the module has and drop each annotation of a",
    " member it has not, in ", definitions, ".\n")
  os.exit(1)
end
check.count = check.count + compared
check.done("definitions (" .. definitions .. "): every member annotated, every annotation live")
