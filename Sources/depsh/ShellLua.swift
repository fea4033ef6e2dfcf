// The Lua half of the shell: pretty-printing, the REPL's dot-commands and completion, and the
// test driver's access to `deps._tests`. Kept in Lua so Swift never walks foreign tables; Swift
// calls these through `LuaState.callHelper` (always under lua_pcall).
enum ShellLua {
  static let source = #"""
local shell = {}
debug.getregistry()["depsh.shell"] = shell
local deps = rawget(_G, "deps")
local io = io -- kept for the REPL's trace under --sandbox

local keywords = {}
for word in ([[and break do else elseif end false for function goto if in local nil not or
  repeat return then true until while]]):gmatch("%a+") do keywords[word] = true end

local function quote(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    local named = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"',
      ["\\"] = "\\\\" }
    return named[c] or string.format("\\%03d", c:byte())
  end) .. '"'
end

local function keyorder(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  return tostring(a) < tostring(b)
end

local function render(value, indent, seen, width)
  if type(value) == "string" then return quote(value) end
  if type(value) ~= "table" then return tostring(value) end
  local mt = getmetatable(value)
  if mt and mt.__tostring then return tostring(value) end
  if seen[value] then return "<cycle>" end
  seen[value] = true
  local n, keys = #value, {}
  for k in pairs(value) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, keyorder)
  local parts = {}
  local inner = indent .. "  "
  for i = 1, n do parts[#parts + 1] = render(value[i], inner, seen, width) end
  for _, k in ipairs(keys) do
    local name
    if type(k) == "string" and k:match("^[%a_][%w_]*$") and not keywords[k] then
      name = k
    else
      name = "[" .. render(k, inner, seen, width) .. "]"
    end
    parts[#parts + 1] = name .. " = " .. render(value[k], inner, seen, width)
  end
  seen[value] = nil
  if #parts == 0 then return "{}" end
  local flat = "{ " .. table.concat(parts, ", ") .. " }"
  if not flat:find("\n") and #flat + #indent <= width then return flat end
  return "{\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
end

--- A value as Lua source-like text: tables sorted and indented, strings quoted.
function shell.pretty(value, width)
  return render(value, "", {}, width or 78)
end

--- The REPL's echo of returned values: top-level strings raw (like lua.c's print).
function shell.show(...)
  local parts = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    parts[i] = type(v) == "string" and v or shell.pretty(v)
  end
  return table.concat(parts, "\t")
end

function shell.set_context(name)
  if not (deps and deps._set_context) then return end
  deps._set_context(name)
end

function shell.context()
  if deps and deps._context then return tostring(deps._context()) end
  return "(unknown)"
end

-- The REPL prints every action a deps.Store handles, and the state after it.
function shell.trace(store, action, payload, state)
  local line = "← " .. tostring(action)
  if payload ~= nil then line = line .. " " .. shell.pretty(payload) end
  io.write(line, "\n  ", (shell.pretty(state, 76):gsub("\n", "\n  ")), "\n")
  io.flush()
end

function shell.enable_trace()
  if deps then deps._trace = shell.trace end
end

local function field(t, ...)
  if type(t) ~= "table" then return nil end
  for _, k in ipairs({ ... }) do
    if t[k] ~= nil then return t[k] end
  end
end

function shell.features()
  local out = {}
  for _, f in ipairs(deps.features()) do
    local name = type(f) == "table" and tostring(field(f, "name")) or tostring(f)
    local summary = field(f, "summary")
    out[#out + 1] = string.format("%-12s %s", name, summary and tostring(summary) or "")
    local actions = field(f, "actions")
    if type(actions) == "table" and #actions > 0 then
      local names = {}
      for i, a in ipairs(actions) do
        names[i] = type(a) == "table" and tostring(field(a, "name") or a) or tostring(a)
      end
      out[#out + 1] = "             actions: " .. table.concat(names, ", ")
    end
  end
  return table.concat(out, "\n")
end

function shell.dependencies()
  local out = {}
  for _, d in ipairs(deps.dependencies()) do
    if type(d) ~= "table" then
      out[#out + 1] = tostring(d)
    else
      local signature = ""
      if field(d, "input") or field(d, "output") then
        signature = string.format("(%s) -> %s", tostring(field(d, "input") or ""),
          tostring(field(d, "output") or "()"))
      end
      local flags = {}
      if field(d, "async") then flags[#flags + 1] = "async" end
      if field(d, "throws") then flags[#flags + 1] = "throws" end
      local contexts = field(d, "contexts")
      if type(contexts) == "table" then
        flags[#flags + 1] = "[" .. table.concat(contexts, ", ") .. "]"
      end
      out[#out + 1] = string.format("%-26s %s %s", tostring(field(d, "path")), signature,
        table.concat(flags, " ")):gsub("%s+$", "")
    end
  end
  return table.concat(out, "\n")
end

-- Completion of the word `text`: globals and keywords, or the fields of a dotted path
-- (`deps.fe`), or the methods of a value (`store:se`).
local store_methods = {
  ["deps.Store"] = { "send", "run", "on_action", "close" },
  ["deps.TestStore"] = { "send", "receive", "advance", "finish", "skip_received_actions",
    "close" },
}
local store_fields = {
  ["deps.Store"] = { "state" },
  ["deps.TestStore"] = { "state", "exhaustivity", "dependencies" },
}

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
    for _, name in ipairs(store_methods[kind] or {}) do names[name] = true end
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

function shell.complete(text)
  local path, sep, partial = text:match("^([%a_][%w_%.]*)([%.:])([%w_]*)$")
  local names, prefix = {}, ""
  if path then
    local value = _G
    for segment in path:gmatch("[^%.]+") do
      if type(value) ~= "table" then return "" end
      value = rawget(value, segment)
    end
    names = members(value, sep == ":")
    prefix = path .. sep
  else
    partial = text:match("^[%a_][%w_]*$") or (text == "" and "") or nil
    if not partial then return "" end
    add_keys(names, _G)
    for word in pairs(keywords) do names[word] = true end
  end
  local out = {}
  for name in pairs(names) do
    if name:sub(1, #partial) == partial and (partial:sub(1, 1) == "_" or not name:match("^_")) then
      out[#out + 1] = prefix .. name
    end
  end
  table.sort(out)
  return table.concat(out, "\n")
end

-- The test driver. deps._reset() returns the leftovers of the test stores it had to close
-- (unreceived actions, running effects) as a message, or nil.
function shell.reset()
  if deps and deps._reset then return deps._reset() end
end

function shell.begin_collect()
  if not deps then error("the deps module is not loaded", 0) end
  deps._tests = {}
  deps._collecting = true
end

function shell.end_collect()
  if deps then deps._collecting = false end
  return tostring(#(deps and deps._tests or {}))
end

function shell.test_info(i)
  local t = deps._tests[i]
  local source = tostring(t.source or ""):gsub("^@", "")
  local tags = {}
  if type(t.tags) == "table" then
    for j, tag in ipairs(t.tags) do tags[j] = tostring(tag) end
  end
  return tostring(t.name), source, tostring(math.tointeger(tonumber(t.line)) or 0),
    table.concat(tags, ",")
end

-- A test file's directory goes first on package.path and package.cpath while it runs.
function shell.add_module_directory(dir)
  local prefix = dir
  package.path = prefix .. "/?.lua;" .. prefix .. "/?/init.lua;" .. package.path
  package.cpath = prefix .. "/?.so;" .. package.cpath
end

function shell.push_test(i)
  return deps._tests[i].fn
end

function shell.matches(name, pattern)
  return string.find(name, pattern) ~= nil and "yes" or "no"
end
"""#
}
