-- The Lua half of the shell, run first in every depsh state (LuaState.swift): the `shell` table
-- (in the registry as "depsh.shell"; the other files of this folder add to it), pretty-printing,
-- the REPL's session and trace, `.features` and `.deps`. Kept in Lua so Swift never walks
-- foreign tables; Swift calls these through `LuaState.callHelper` (always under lua_pcall).
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

-- How deep and how long printed tables go (`.show DEPTH ITEMS`): a table below `depth` prints
-- as {…N items}, a table with more than `items` entries prints its first ones and "…N more".
local limits = { depth = 4, items = 40 }

local function count(t)
  local n = 0
  for _ in next, t do n = n + 1 end
  return n
end

-- `seen` maps each table being printed to its path from the root, so a cycle names where
-- it points back to (`<cycle: root.a>`).
local function render(value, indent, seen, width, depth, path)
  if type(value) == "string" then return quote(value) end
  if type(value) ~= "table" then return tostring(value) end
  local mt = getmetatable(value)
  if mt and mt.__tostring then return tostring(value) end
  if seen[value] then return "<cycle: " .. seen[value] .. ">" end
  depth = depth or 0
  path = path or "root"
  if depth >= limits.depth and next(value) ~= nil then
    local total = count(value)
    return "{…" .. total .. (total == 1 and " item}" or " items}")
  end
  seen[value] = path
  local n, keys = #value, {}
  for k in pairs(value) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, keyorder)
  local parts = {}
  local inner = indent .. "  "
  local shown = 0
  for i = 1, n do
    if shown >= limits.items then break end
    shown = shown + 1
    parts[#parts + 1] = render(value[i], inner, seen, width, depth + 1, path .. "[" .. i .. "]")
  end
  for _, k in ipairs(keys) do
    if shown >= limits.items then break end
    shown = shown + 1
    local name, child
    if type(k) == "string" and k:match("^[%a_][%w_]*$") and not keywords[k] then
      name = k
      child = path .. "." .. k
    else
      name = "[" .. render(k, inner, seen, width, depth + 1, path) .. "]"
      child = path .. name
    end
    parts[#parts + 1] = name .. " = " .. render(value[k], inner, seen, width, depth + 1, child)
  end
  local hidden = n + #keys - shown
  if hidden > 0 then parts[#parts + 1] = "…" .. hidden .. " more" end
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

function shell.show_limits(depth, items)
  if depth then limits.depth = math.tointeger(depth) end
  if items then limits.items = math.tointeger(items) end
  return string.format("tables print %d %s deep and %d %s long", limits.depth,
    limits.depth == 1 and "level" or "levels", limits.items, limits.items == 1 and "item" or "items")
end

-- `_1` … `_9`: the REPL's last results (the first value of each), the latest in `_1`.
function shell.keep_result(value)
  for i = 9, 2, -1 do rawset(_G, "_" .. i, rawget(_G, "_" .. (i - 1))) end
  rawset(_G, "_1", value)
end

-- `.timeline NAME [mermaid]`: the timeline of the store the expression NAME names.
function shell.timeline(name, format)
  local chunk = load("return " .. name, "=.timeline", "t")
  local ok, store = pcall(chunk or error, nil)
  if not chunk or not ok or (type(store) ~= "userdata") or not store.timeline then
    error(".timeline needs a store: " .. name .. " is not one", 0)
  end
  return store:timeline(format)
end

-- `.reset`: closes every store and test store, fresh dependencies.
function shell.reset_session()
  shell.session = setmetatable({}, { __mode = "k" })
  shell.session_order = {}
  local leftovers = deps and deps._reset and deps._reset()
  local text = "every store closed; dependencies are fresh"
  if leftovers then text = text .. "\n" .. leftovers end
  return text
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

shell.session = setmetatable({}, { __mode = "k" })
shell.session_order = {}

-- The REPL prints every action a deps.Store handles, and the state after it.
-- `.save` and the time travel need each store's feature, first state and handled actions, in
-- first-action order: the session log of one handled action.
function shell.log_step(store, action, payload, state)
  local log = shell.session[store]
  if not log then
    log = { feature = store.feature, initial = store.initial_state, handled = {} }
    shell.session[store] = log
    shell.session_order[#shell.session_order + 1] = store
  end
  log.handled[#log.handled + 1] = { action = action, payload = payload, state = state }
end

function shell.trace(store, action, payload, state)
  shell.log_step(store, action, payload, state)
  local line = "← " .. tostring(action)
  if payload ~= nil then line = line .. " " .. shell.pretty(payload) end
  io.write(line, "\n  ", (shell.pretty(state, 76):gsub("\n", "\n  ")), "\n")
  io.flush()
end

function shell.enable_trace()
  if deps then deps._trace = shell.trace end
end

-- A Lua literal of a value (sorted keys, so the file reads the same every time).
local function literal(v, indent)
  indent = indent or ""
  if type(v) == "string" then return string.format("%q", v) end
  if math.type(v) == "float" and v == v and v ~= math.huge and v ~= -math.huge then
    -- The shortest text that reads back as the same number (tostring keeps 14 digits).
    for digits = 14, 17 do
      local text = string.format("%." .. digits .. "g", v)
      if tonumber(text) == v then
        return text:find("[%.eEn]") and text or text .. ".0"
      end
    end
  end
  if type(v) ~= "table" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  if #keys == 0 then return "{}" end
  local parts = {}
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or ("[" .. literal(k) .. "]")
    parts[#parts + 1] = indent .. "  " .. key .. " = " .. literal(v[k], indent .. "  ") .. ","
  end
  return "{\n" .. table.concat(parts, "\n") .. "\n" .. indent .. "}"
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- save.lua, update.lua and explore_repro.lua write with these too.
shell.literal, shell.same = literal, same

-- The top-level keys whose values differ between two tables, sorted.
function shell.changed_keys(before, after)
  local keys, list = {}, {}
  for k in pairs(before or {}) do keys[k] = true end
  for k in pairs(after or {}) do keys[k] = true end
  for k in pairs(keys) do
    if not same((before or {})[k], (after or {})[k]) then list[#list + 1] = k end
  end
  table.sort(list, function(x, y) return tostring(x) < tostring(y) end)
  return list
end

local function field(t, ...)
  if type(t) ~= "table" then return nil end
  for _, k in ipairs({ ... }) do
    if t[k] ~= nil then return t[k] end
  end
end

-- completion.lua offers the keywords and reads the listings' fields with these.
shell.keywords, shell.field = keywords, field

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

