-- The REPL's time travel (TimeTravel.swift): `.history`, `.back`, `.goto`, `.reload` and the
-- stores' history, rewind and replay methods. Called with the shell table.
local shell = ...
local deps = rawget(_G, "deps")
local io, os, load, next, ipairs, type = io, os, load, next, ipairs, type

-- The most handled actions a store's history keeps (older ones are folded into its first state).
shell.history_limit = 1000

local trace = shell.trace
local replaying = false
function shell.trace(store, action, payload, state)
  -- A replay logs as the trace does, without printing.
  if replaying then return shell.log_step(store, action, payload, state) end
  trace(store, action, payload, state)
  local log = shell.session[store]
  while log and #log.handled > shell.history_limit do
    log.initial = table.remove(log.handled, 1).state
    log.folded = (log.folded or 0) + 1
  end
end
if deps and deps._trace then deps._trace = shell.trace end

local same = shell.same

-- `count = 0 → 1, numberFact = nil → "…"`, or `no change`.
local function change(before, after)
  local parts = {}
  for _, k in ipairs(shell.changed_keys(before, after)) do
    parts[#parts + 1] = tostring(k) .. " = " .. shell.pretty(before[k], 1000) .. " → "
      .. shell.pretty(after[k], 1000)
  end
  return #parts == 0 and "no change" or table.concat(parts, ", ")
end

-- The store the expression `name` names, or an error naming it.
local function store_named(name)
  local chunk = load("return " .. name, "=(store)", "t")
  local ok, store = pcall(chunk or error, nil)
  if not (chunk and ok and type(store) == "userdata" and pcall(function() return store.feature end)
    and store.on_action) then
    error(name .. " is not a deps.Store", 0)
  end
  if store.closed then error(name .. " is closed", 0) end
  local log = shell.session[store]
  if not log then error(name .. " has no history yet (it handled no action)", 0) end
  return store, log
end

-- The kinds ("send" or "receive") of the store's handled actions, oldest first.
local function kinds(store, log)
  local list = {}
  for _, step in ipairs(store:steps()) do
    if step.kind == "send" or step.kind == "receive" then list[#list + 1] = step.kind end
  end
  -- Folded entries are gone from the log but not from the trace.
  local offset = #list - #log.handled
  local out = {}
  for i = 1, #log.handled do out[i] = list[i + offset] or "send" end
  return out
end

local function describe(entry)
  local text = tostring(entry.action)
  if entry.payload ~= nil then text = text .. " " .. shell.pretty(entry.payload, 1000) end
  return text
end

local function history_lines(store, log)
  local lines, before, kind = {}, log.initial, kinds(store, log)
  local base = log.folded or 0
  if base > 0 then lines[1] = "(" .. base .. " older actions folded into the first state)" end
  for i, entry in ipairs(log.handled) do
    lines[#lines + 1] = string.format("%d. %s%s: %s", base + i, describe(entry),
      kind[i] == "receive" and " (from an effect)" or "", change(before, entry.state))
    before = entry.state
  end
  return lines
end

-- `.history s` / `.history N` (sets the limit).
function shell.history(name)
  local limit = math.tointeger(tonumber(name))
  if limit then
    if limit < 1 then error(".history N needs a positive number", 0) end
    shell.history_limit = limit
    return "stores keep their last " .. limit .. " actions"
  end
  local store, log = store_named(name)
  if #log.handled == 0 then return name .. " has handled no action" end
  return table.concat(history_lines(store, log), "\n")
end

-- A JSON string literal.
local function json_string(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- The cassette files replays wrote (removed after each replay; any left go at the end).
local cassettes = {}

-- At the end of the session: the stores close, then the replays' cassette files go.
function shell.end_time_travel()
  for _, store in ipairs(shell.session_order) do
    if not store.closed then pcall(store.close, store) end
  end
  for _, path in ipairs(cassettes) do os.remove(path) end
  cassettes = {}
end

-- A cassette of the store's recorded endpoint calls.
local function cassette_of(store)
  local entries = {}
  for _, step in ipairs(store:steps()) do
    if step.kind == "call" and step.replayable then
      local entry = '{"endpoint":' .. json_string(step.name) .. ',"arguments":' .. step.arguments
      if step.outcome:sub(1, 7) == "error: " then
        entry = entry .. ',"error":' .. json_string(step.outcome:sub(8)) .. "}"
      else
        entry = entry .. ',"result":' .. step.outcome .. "}"
      end
      entries[#entries + 1] = entry
    end
  end
  local path = os.tmpname()
  cassettes[#cassettes + 1] = path
  local handle = assert(io.open(path, "w"))
  handle:write('{"version":1,"interactions":[' .. table.concat(entries, ",") .. "]}\n")
  handle:close()
  return path
end

-- Replays the first `count` handled actions of `store` into a new store of `feature` (default:
-- the store's): its sends again, its effects' calls answered from the recording. Returns the
-- new store and the states it went through.
local function replay(store, log, count, feature)
  local kind = kinds(store, log)
  local presets = store:presets()
  local cassette = cassette_of(store)
  local ok, new = pcall(deps.Store, {
    feature = feature or log.feature, state = log.initial, context = store.context,
    -- Only recorded calls are answered: a call the recording lacks (a changed reducer's, a
    -- later action's) fails, naming the call, and nothing reaches a live endpoint.
    cassette = { file = cassette, mode = "none" },
    dependencies = function(d)
      for _, preset in ipairs(presets) do
        if preset.after == nil then
          local target, path = d, {}
          for part in preset.path:gmatch("[^.]+") do path[#path + 1] = part end
          for i = 1, #path - 1 do target = target[path[i]] end
          target[path[#path]] = preset.value
        end
      end
    end,
  })
  if not ok then
    os.remove(cassette)
    error(new, 0)
  end
  -- A send that fails (an effect's error, a call the recording lacks) is part of what the
  -- replay shows: it is noted, and the replay goes on.
  local notes = {}
  replaying = true
  for i = 1, count do
    if kind[i] == "send" then
      local sent, problem = pcall(new.send, new, log.handled[i].action, log.handled[i].payload)
      if sent then sent, problem = pcall(new.run, new, 1) end
      if not sent then notes[#notes + 1] = tostring(problem):gsub("^depsh/lua/time_travel%.lua:%d+: ", "") end
    end
  end
  replaying = false
  os.remove(cassette)
  return new, notes
end

-- Every global naming `old` names `new`; `old` closes.
local function take_place(old, new)
  for key, value in next, _G do
    if rawequal(value, old) then rawset(_G, key, new) end
  end
  shell.session[old] = nil
  old:close()
end

local function state_line(store)
  return shell.pretty(store.state, 76)
end

-- `.goto s N`: the state after action N (and what its effects sent).
function shell.goto_step(name, number)
  local store, log = store_named(name)
  local base = log.folded or 0
  local target = math.tointeger(tonumber(number))
  if not target or target < base or target > base + #log.handled then
    error(".goto needs a step from " .. base .. " to " .. (base + #log.handled) .. ", got "
      .. tostring(number), 0)
  end
  local new, notes = replay(store, log, target - base)
  take_place(store, new)
  local text = name .. " is back at step " .. target .. ": " .. state_line(new)
  for _, note in ipairs(notes) do text = text .. "\n  (replay: " .. note .. ")" end
  return text
end

-- `.back s [n]`: n actions back (default 1).
function shell.back(name, count)
  local _, log = store_named(name)
  local n = count and math.tointeger(tonumber(count)) or 1
  if not n or n < 1 then error(".back needs a positive number of steps, got " .. tostring(count), 0) end
  local base = log.folded or 0
  local target = math.max(base, base + #log.handled - n)
  return shell.goto_step(name, tostring(target))
end

-- `.reload FILE`: runs FILE again, then replays every store's history against the features it
-- redefined; prints the first step whose state differs, and its difference.
function shell.reload(file)
  local chunk, problem = loadfile(file)
  if not chunk then error(problem, 0) end
  chunk()
  local out = {}
  local stores = {}
  for _, store in ipairs(shell.session_order) do
    if not store.closed and shell.session[store] then stores[#stores + 1] = store end
  end
  for _, store in ipairs(stores) do
    local log = shell.session[store]
    local recorded = {}
    for i, entry in ipairs(log.handled) do recorded[i] = entry end
    local new, notes = replay(store, log, #recorded)
    local replayed = shell.session[new] and shell.session[new].handled or {}
    local names = {}
    for key, value in next, _G do
      if rawequal(value, store) and type(key) == "string" then names[#names + 1] = key end
    end
    table.sort(names)
    local label = (names[1] or "a store") .. " (" .. log.feature .. ")"
    local differs
    for i = 1, math.max(#recorded, #replayed) do
      local a, b = recorded[i], replayed[i]
      if not a or not b or a.action ~= b.action or not same(a.payload, b.payload)
        or not same(a.state, b.state) then
        differs = i
        break
      end
    end
    if not differs then
      out[#out + 1] = label .. ": the " .. #recorded .. " steps replay to the same states"
    else
      local a, b = recorded[differs], replayed[differs]
      local base = log.folded or 0
      local lines = { label .. ": step " .. (base + differs) .. " differs" }
      if a then lines[#lines + 1] = "  was " .. describe(a) end
      if b and (not a or a.action ~= b.action or not same(a.payload, b.payload)) then
        lines[#lines + 1] = "  now " .. describe(b)
      end
      local before, after = a and a.state or {}, b and b.state or {}
      for _, k in ipairs(shell.changed_keys(before, after)) do
        lines[#lines + 1] = "  - " .. tostring(k) .. " = " .. shell.pretty(before[k], 1000)
        lines[#lines + 1] = "  + " .. tostring(k) .. " = " .. shell.pretty(after[k], 1000)
      end
      out[#out + 1] = table.concat(lines, "\n")
    end
    for _, note in ipairs(notes) do out[#out + 1] = "  (replay: " .. note .. ")" end
    take_place(store, new)
  end
  if #out == 0 then return "reloaded " .. file .. " (no store to replay)" end
  return "reloaded " .. file .. "\n" .. table.concat(out, "\n")
end

-- On stores: s:history(), s:rewind(n), s:replay(feature).
local probe_ok, probe = pcall(deps.Store, { feature = "Counter", context = "preview" })
local metatable = probe_ok and getmetatable(probe)
if probe_ok then
  shell.session[probe] = nil
  probe:close()
end
local index = type(metatable) == "table" and rawget(metatable, "__index")
if type(index) == "function" and debug and debug.getupvalue then
  local up, methods = debug.getupvalue(index, 3)
  if up and type(methods) == "table" then
    rawset(methods, "history", function(store)
      local log = shell.session[store]
      local list = {}
      for i, entry in ipairs(log and log.handled or {}) do
        list[i] = { action = entry.action, payload = entry.payload, state = entry.state }
      end
      return list
    end)
    local function global_name(store)
      for key, value in next, _G do
        if rawequal(value, store) and type(key) == "string" then return key end
      end
    end
    rawset(methods, "rewind", function(store, n)
      local name = global_name(store) or error("s:rewind needs a store held in a global", 2)
      shell.back(name, n and tostring(n) or nil)
      return rawget(_G, name)
    end)
    rawset(methods, "replay", function(store, feature)
      local log = shell.session[store] or error("the store has no history yet", 2)
      local name = type(feature) == "table" and feature.name or feature
      local new = replay(store, log, #log.handled, name)
      take_place(store, new)
      return new
    end)
  end
end
