-- The REPL's tab completion (shell.complete, called by LineReader.swift): globals and keywords,
-- fields and methods of values, and inside strings the feature, action and endpoint names.
local shell = debug.getregistry()["depsh.shell"]
local deps = rawget(_G, "deps")
local keywords, field = shell.keywords, shell.field

local store_fields = {
  ["deps.Store"] = { "state", "feature", "context", "closed", "busy", "dependencies",
    "initial_state" },
  ["deps.TestStore"] = { "state", "exhaustivity", "dependencies", "feature", "closed" },
}

-- The methods of a deps.Store or deps.TestStore: the table of functions its metatable's
-- `__index` looks names up in (one of its upvalues), so every method is offered.
local getupvalue = debug.getupvalue
local function userdata_methods(mt)
  local index = rawget(mt, "__index")
  if type(index) ~= "function" then return nil end
  for i = 1, 8 do
    local name, value = getupvalue(index, i)
    if name == nil then return nil end
    if type(value) == "table" and next(value) ~= nil then
      local methods = true
      for k, v in next, value do
        if type(k) ~= "string" or type(v) ~= "function" then methods = false end
      end
      if methods then return value end
    end
  end
end

local function add_keys(into, t, only_functions)
  if type(t) ~= "table" then return end
  for k, v in next, t do
    if type(k) == "string" and k:match("^[%a_][%w_]*$")
      and (not only_functions or type(v) == "function") then
      into[k] = true
    end
  end
end

local function members(value, methods)
  local names = {}
  if type(value) == "table" then add_keys(names, value, methods) end
  local mt = getmetatable(value)
  if type(mt) == "table" then
    local index = rawget(mt, "__index")
    if type(index) == "table" then add_keys(names, index, methods) end
    local kind = rawget(mt, "__name")
    if store_fields[kind] then add_keys(names, userdata_methods(mt), true) end
    if not methods then
      for _, name in ipairs(store_fields[kind] or {}) do names[name] = true end
    end
    if type(value) ~= "table" then
      for k, v in next, mt do
        if type(k) == "string" and not k:match("^__") and type(v) == "function" then
          names[k] = true
        end
      end
    end
  elseif type(value) == "string" then
    add_keys(names, string, true)
  end
  return names
end

-- A dotted path from _G (`s.state.todos`), indexing stores (userdata) through their
-- metatables; nil when any step fails.
local function lookup(path)
  local value = _G
  for segment in path:gmatch("[^%.]+") do
    if type(value) == "table" then
      local ok, v = pcall(function() return value[segment] end)
      value = ok and v or nil
    elseif type(value) == "userdata" then
      local ok, v = pcall(function() return value[segment] end)
      if not ok then return nil end
      value = v
    else
      return nil
    end
    if value == nil then return nil end
  end
  return value
end

local function feature_names()
  local out = {}
  if not (deps and deps.features) then return out end
  for _, f in ipairs(deps.features()) do
    local name = type(f) == "table" and field(f, "name") or f
    if name ~= nil then out[#out + 1] = tostring(name) end
  end
  return out
end

-- The actions of feature `name` (nil: of every feature).
local function action_names(name)
  local out, seen = {}, {}
  if not (deps and deps.features) then return out end
  for _, f in ipairs(deps.features()) do
    local fname = type(f) == "table" and field(f, "name") or f
    local actions = type(f) == "table" and field(f, "actions") or nil
    if (name == nil or tostring(fname) == name) and type(actions) == "table" then
      for _, a in ipairs(actions) do
        local an = tostring(type(a) == "table" and (field(a, "name") or a) or a)
        if not seen[an] then seen[an] = true; out[#out + 1] = an end
      end
    end
  end
  return out
end

local function endpoint_paths()
  local out = {}
  if not (deps and deps.dependencies) then return out end
  for _, d in ipairs(deps.dependencies()) do
    local path = type(d) == "table" and field(d, "path") or d
    if path ~= nil then out[#out + 1] = tostring(path) end
  end
  return out
end

-- Inside a string: feature names (`deps.Store{feature="`), action names (`s:send("`,
-- `s:receive("`, of the store's feature), dependency endpoints (`deps.dependency("`).
local function string_candidates(before)
  if before:match("feature%s*=%s*[\"']$") then return feature_names() end
  if before:match("dependency%s*%(%s*[\"']$") then return endpoint_paths() end
  local var = before:match("([%a_][%w_%.]*)%s*:%s*send%s*%(%s*[\"']$")
    or before:match("([%a_][%w_%.]*)%s*:%s*receive%s*%(%s*[\"']$")
  if var then
    local store = lookup(var)
    local ok, feature = pcall(function() return store.feature end)
    return action_names(ok and feature ~= nil and tostring(feature) or nil)
  end
end

-- Completion of the word `text` (`line`: the line up to the cursor): inside a string, the
-- names above; otherwise globals and keywords, or the fields of a dotted path (`deps.fe`,
-- `s.state.co`), or the methods of a value (`store:se`).
function shell.complete(text, line)
  line = line or text
  local before = line:sub(1, #line - #text)
  local out = {}
  local listed = string_candidates(before)
  if listed then
    table.sort(listed)
    for _, name in ipairs(listed) do
      if name:sub(1, #text) == text then out[#out + 1] = name end
    end
    return table.concat(out, "\n")
  end
  local path, sep, partial = text:match("^([%a_][%w_%.]*)([%.:])([%w_]*)$")
  local names, prefix = {}, ""
  if path then
    local value = lookup(path)
    if value == nil then return "" end
    names = members(value, sep == ":")
    prefix = path .. sep
  else
    partial = text:match("^[%a_][%w_]*$") or (text == "" and "") or nil
    if not partial then return "" end
    add_keys(names, _G)
    for word in pairs(keywords) do names[word] = true end
  end
  for name in pairs(names) do
    if name:sub(1, #partial) == partial and (partial:sub(1, 1) == "_" or not name:match("^_")) then
      out[#out + 1] = prefix .. name
    end
  end
  table.sort(out)
  return table.concat(out, "\n")
end

