-- The REPL's `.save FILE` (run after shell.lua): the session's stores as `deps.test` scenarios
-- that pass under `depsh test` whenever they run. What the session read that would differ on
-- the next run is pinned in the saved file: the endpoint calls go to a cassette replayed in mode
-- none; the values `uuid` and `date.now` gave replay in order; the `calendar`, `locale`,
-- `timeZone` read and the `userDefaults` contents first read are set; the random numbers come
-- from the seed the REPL gave the store (`seed N` steps); a store that slept on a real clock
-- runs on a test clock advanced by the time its effects slept. The files the session loaded
-- (`.load`, `dofile`, `require`) are loaded by the saved file first.
local shell = debug.getregistry()["depsh.shell"]
local literal = shell.literal
-- Kept for .save under --sandbox, which removes them from the scripts' globals afterwards.
local io, getenv = io, os.getenv

-- The files the session loaded, in order: { kind = "dofile", path = } or
-- { kind = "require", name =, path = } (absolute paths where the directory is known).
shell.session_loads = {}

local function absolute(path)
  if path:sub(1, 1) == "/" then return path end
  local pwd = getenv("PWD")
  if not pwd or pwd == "" then return path end
  return pwd .. "/" .. path:gsub("^%./", "")
end

local function note_load(entry)
  for _, known in ipairs(shell.session_loads) do
    if known.kind == entry.kind and known.path == entry.path then return end
  end
  shell.session_loads[#shell.session_loads + 1] = entry
end

-- `.load FILE` ran FILE.
function shell.note_load(path)
  note_load { kind = "dofile", path = absolute(path) }
end

-- The REPL's dofile and require note what they load (a file, a Lua module found on
-- package.path) for `.save`.
-- (Under --sandbox, what the sandbox removed stays removed.)
function shell.track_loads()
  local original_dofile, original_require = rawget(_G, "dofile"), rawget(_G, "require")
  if original_dofile then
    _G.dofile = function(path, ...)
      if type(path) == "string" then note_load { kind = "dofile", path = absolute(path) } end
      return original_dofile(path, ...)
    end
  end
  if not original_require then return end
  _G.require = function(name, ...)
    local first = type(name) == "string" and package.loaded[name] == nil
    local results = table.pack(original_require(name, ...))
    if first then
      local path = package.searchpath(name, package.path)
      if path then note_load { kind = "require", name = name, path = absolute(path) } end
    end
    return table.unpack(results, 1, results.n)
  end
end

-- The assert function of a step: the top-level keys that changed (a merge patch of the state).
local function assertion(before, after, indent)
  local lines = {}
  for _, k in ipairs(shell.changed_keys(before, after)) do
    lines[#lines + 1] = indent .. "  s." .. k .. " = " .. literal(after[k], indent .. "  ")
  end
  if #lines == 0 then return "nil" end
  return "function(s)\n" .. table.concat(lines, "\n") .. "\n" .. indent .. "end"
end

-- The repro writer of `depsh test --repro` (ExploreRepro.swift) writes its steps with it too.
shell.step_assertion = assertion

-- A JSON string literal.
local function json_string(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

-- A Lua value from the JSON text of a step's outcome or arguments (strings, numbers, booleans,
-- null, arrays and objects), or nil when it is not JSON.
local function from_json(text)
  local at = 1
  local value
  local function space() at = text:find("[^ \t\r\n]", at) or #text + 1 end
  local function str()
    local out = {}
    at = at + 1
    while true do
      local c = text:sub(at, at)
      if c == "" then error("unterminated") end
      if c == '"' then at = at + 1; return table.concat(out) end
      if c == "\\" then
        local e = text:sub(at + 1, at + 1)
        local simple = { n = "\n", t = "\t", r = "\r", b = "\b", f = "\f", ['"'] = '"', ["\\"] = "\\", ["/"] = "/" }
        if e == "u" then
          out[#out + 1] = utf8.char(tonumber(text:sub(at + 2, at + 5), 16))
          at = at + 6
        else
          out[#out + 1] = simple[e] or error("bad escape")
          at = at + 2
        end
      else
        out[#out + 1] = c
        at = at + 1
      end
    end
  end
  function value()
    space()
    local c = text:sub(at, at)
    if c == '"' then return str() end
    if c == "{" then
      local t = {}
      at = at + 1
      space()
      if text:sub(at, at) == "}" then at = at + 1; return t end
      repeat
        space()
        local k = str()
        space()
        if text:sub(at, at) ~= ":" then error("colon") end
        at = at + 1
        t[k] = value()
        space()
        local d = text:sub(at, at)
        at = at + 1
      until d ~= ","
      return t
    end
    if c == "[" then
      local t = {}
      at = at + 1
      space()
      if text:sub(at, at) == "]" then at = at + 1; return t end
      repeat
        t[#t + 1] = value()
        space()
        local d = text:sub(at, at)
        at = at + 1
      until d ~= ","
      return t
    end
    for word, v in pairs { ["true"] = true, ["false"] = false, ["null"] = false } do
      if text:sub(at, at + #word - 1) == word then at = at + #word; return v end
    end
    local number = text:match("^-?%d+%.?%d*[eE]?[-+]?%d*", at)
    if not number or number == "" then error("not JSON") end
    at = at + #number
    return math.tointeger(tonumber(number)) or tonumber(number)
  end
  local ok, result = pcall(value)
  if ok then return result end
end

local clocks = { "continuousClock", "suspendingClock" }

-- What a store read that `.save` pins (from its steps): { sequences = {path = {values…}},
-- values = {path = value}, userDefaults = {key = value} | nil, seed = n | nil,
-- clocks = {path = true}, advances = {[action index] = seconds}, advance_at_end = seconds }.
local function pins_of(store, presets)
  local pins = { sequences = {}, values = {}, clocks = {}, advances = {}, advance_at_end = 0 }
  local steps = store:steps()
  local read = { uuid = {}, ["date.now"] = {} }
  local from_context = {}
  local live_preset = {}
  for _, preset in ipairs(presets) do
    for _, clock in ipairs(clocks) do
      if preset.path == clock and preset.value == "live" then live_preset[clock] = true end
    end
  end
  local defaults, written = {}, {}
  for _, step in ipairs(steps) do
    local path = step.name
    local overridden = step.layer and step.layer:sub(1, 8) == "override"
    if step.kind == "call" and read[path] and step.outcome then
      local value = from_json(step.outcome)
      if value ~= nil then table.insert(read[path], value) end
      if not overridden then from_context[path] = true end
    elseif step.kind == "read" and (path == "calendar" or path == "locale" or path == "timeZone") then
      if not overridden and pins.values[path] == nil then pins.values[path] = from_json(step.outcome) end
    elseif step.kind == "call" and path == "userDefaults.get" and not overridden then
      local key = from_json(step.arguments or "")
      if type(key) == "string" and not written[key] and defaults[key] == nil then
        local value = from_json(step.outcome or "null")
        if value ~= false then defaults[key] = value end
      end
    elseif step.kind == "call" and path == "userDefaults.set" then
      local input = from_json(step.arguments or "")
      if type(input) == "table" and type(input.key) == "string" then written[input.key] = true end
    elseif step.kind == "call" and path == "withRandomNumberGenerator" and step.layer then
      pins.seed = pins.seed or math.tointeger(tonumber(step.layer:match("^seed (%d+)$")))
    end
    for _, clock in ipairs(clocks) do
      if path:sub(1, #clock + 1) == clock .. "." and (not overridden or live_preset[clock]) then
        pins.clocks[clock] = true
      end
    end
  end
  for path, values in pairs(read) do
    if from_context[path] and #values > 0 then pins.sequences[path] = values end
  end
  if next(defaults) then pins.userDefaults = defaults end
  -- The time the pinned clocks' sleeps took before each handled action (advanced first).
  local pending, handled = 0, 0
  for _, step in ipairs(steps) do
    if step.kind == "send" or step.kind == "receive" then
      handled = handled + 1
      if pending > 0 then pins.advances[handled] = pending end
      pending = 0
    elseif step.kind == "call" and step.outcome == "ok" then
      for clock in pairs(pins.clocks) do
        if step.name == clock .. ".sleep" then pending = pending + (tonumber(step.arguments) or 0) end
      end
    end
  end
  pins.advance_at_end = pending
  return pins
end

-- True when `path` (a preset's) is pinned by `pins` instead.
local function pinned(pins, path)
  if pins.sequences[path] or pins.values[path] ~= nil or pins.clocks[path] then return true end
  if path == "userDefaults" and pins.userDefaults then return true end
  return (path == "withRandomNumberGenerator" or path == "random") and pins.seed ~= nil
end

local function sequence_literal(values)
  local parts = {}
  for i, v in ipairs(values) do parts[i] = literal(v) end
  return "replay { " .. table.concat(parts, ", ") .. " }"
end

-- Opens FILE for writing, or raises `.save: cannot write FILE: why` (no Lua location).
local function create(file)
  local handle, problem = io.open(file, "w")
  if handle then return handle end
  local why = tostring(problem)
  if why:sub(1, #file + 2) == file .. ": " then why = why:sub(#file + 3) end
  error(".save: cannot write " .. file .. ": " .. why, 0)
end

-- `.save FILE`: the session's stores as one deps.test each; their endpoint calls go to
-- FILE's cassette (FILE without .lua, plus .cassette.json), replayed in mode none.
function shell.save(file)
  local open = {}
  for _, store in ipairs(shell.session_order) do
    if not store.closed then open[#open + 1] = store end
  end
  shell.session_order = open
  if #shell.session_order == 0 then
    error(".save: this session has no store that handled an action (open one with deps.Store{…})", 0)
  end
  local cassette = file:gsub("%.lua$", "") .. ".cassette.json"
  local name = cassette:match("[^/]*$")
  local interactions = {}
  local out = { "-- Saved from a depsh REPL session (.save). The endpoint calls replay from " .. name .. ".",
    'local deps = require "deps"',
    'local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""',
    'local cassette = (here:match("^(.*/)[^/]*$") or "") .. ' .. string.format("%q", name) }
  for _, load in ipairs(shell.session_loads) do
    if load.kind == "dofile" then
      out[#out + 1] = "dofile(" .. string.format("%q", load.path) .. ")"
    else
      local suffix = "/" .. load.name:gsub("%.", "/") .. ".lua"
      local base = load.path:sub(-#suffix) == suffix and load.path:sub(1, -#suffix - 1)
      if base then
        out[#out + 1] = "package.path = " .. string.format("%q", base .. "/?.lua;") .. " .. package.path"
        out[#out + 1] = "require " .. string.format("%q", load.name)
      else
        out[#out + 1] = "package.loaded[" .. string.format("%q", load.name) .. "] = package.loaded["
          .. string.format("%q", load.name) .. "] or dofile(" .. string.format("%q", load.path) .. ")"
      end
    end
  end
  local helper_at = #out + 1
  local needs_replay = false
  out[#out + 1] = ""
  for index, store in ipairs(shell.session_order) do
    local log = shell.session[store]
    local steps = store:steps()
    local kinds = {}
    for _, step in ipairs(steps) do
      if step.kind == "send" or step.kind == "receive" then kinds[#kinds + 1] = step.kind end
      if step.kind == "call" and step.replayable then
        local result = step.outcome
        local entry = '{"endpoint":' .. json_string(step.name) .. ',"arguments":' .. step.arguments
        if result:sub(1, 7) == "error: " then
          entry = entry .. ',"error":' .. json_string(result:sub(8)) .. "}"
        else
          entry = entry .. ',"result":' .. result .. "}"
        end
        interactions[#interactions + 1] = entry
      end
    end
    local all_presets = store:presets()
    local pins = pins_of(store, all_presets)
    out[#out + 1] = string.format('deps.test(%q, function()', "REPL session: " .. log.feature .. " " .. index)
    out[#out + 1] = "  local s = deps.TestStore {"
    out[#out + 1] = "    feature = " .. string.format("%q", log.feature) .. ","
    out[#out + 1] = "    state = " .. literal(log.initial, "    ") .. ","
    out[#out + 1] = '    cassette = { file = cassette, mode = "none" },'
    -- The context the session opened the store in (a test store's is "test").
    if store.context ~= "test" then
      out[#out + 1] = "    context = " .. string.format("%q", store.context) .. ","
    end
    -- The store's presets (uuid, date.now, clocks…) not pinned below: its endpoint calls
    -- replay from the cassette, its presets are set again — those set on the open store
    -- (s.dependencies.path = …) before the action that followed them.
    local presets, later = {}, {}
    for _, preset in ipairs(all_presets) do
      -- A pinned preset is set from what the store read (below), not here.
      if not pinned(pins, preset.path) then
        if preset.after == nil then
          presets[#presets + 1] = preset
        else
          later[preset.after] = later[preset.after] or {}
          table.insert(later[preset.after], preset)
        end
      end
    end
    local lines = {}
    for _, preset in ipairs(presets) do
      lines[#lines + 1] = "      d." .. preset.path .. " = " .. literal(preset.value, "      ")
    end
    for _, path in ipairs { "uuid", "date.now" } do
      if pins.sequences[path] then
        needs_replay = true
        lines[#lines + 1] = "      d." .. path .. " = " .. sequence_literal(pins.sequences[path])
      end
    end
    for _, path in ipairs { "calendar", "locale", "timeZone" } do
      if pins.values[path] ~= nil then
        lines[#lines + 1] = "      d." .. path .. " = " .. literal(pins.values[path], "      ")
      end
    end
    if pins.userDefaults then
      lines[#lines + 1] = "      d.userDefaults = " .. literal(pins.userDefaults, "      ")
    end
    if pins.seed then lines[#lines + 1] = "      d.random = { seed = " .. pins.seed .. " }" end
    for _, clock in ipairs(clocks) do
      if pins.clocks[clock] then lines[#lines + 1] = "      d." .. clock .. ' = "test"' end
    end
    if #lines > 0 then
      out[#out + 1] = "    dependencies = function(d)"
      for _, line in ipairs(lines) do out[#out + 1] = line end
      out[#out + 1] = "    end,"
    end
    out[#out + 1] = "  }"
    local before = log.initial
    for i, h in ipairs(log.handled) do
      for _, preset in ipairs(later[i - 1] or {}) do
        out[#out + 1] = "  s.dependencies." .. preset.path .. " = " .. literal(preset.value, "  ")
      end
      if pins.advances[i] then out[#out + 1] = "  s:advance(" .. literal(pins.advances[i]) .. ")" end
      local method = kinds[i] == "receive" and "receive" or "send"
      out[#out + 1] = "  s:" .. method .. "(" .. string.format("%q", h.action) .. ", "
        .. literal(h.payload, "  ") .. ", " .. assertion(before, h.state, "  ") .. ")"
      before = h.state
    end
    if pins.advance_at_end > 0 then
      out[#out + 1] = "  s:advance(" .. literal(pins.advance_at_end) .. ")"
    end
    -- An effect still running when the session saved (a timer left on) is let go.
    if store.busy then out[#out + 1] = "  s:skip_in_flight_effects()" end
    out[#out + 1] = "  s:finish()"
    out[#out + 1] = "end)"
    out[#out + 1] = ""
  end
  if needs_replay then
    table.insert(out, helper_at, table.concat({ "",
      "-- Each call gives the next value the session read (the last one again after them).",
      "local function replay(values)",
      "  local i = 0",
      "  return function()",
      "    i = math.min(i + 1, #values)",
      "    return values[i]",
      "  end",
      "end" }, "\n"))
  end
  local handle = create(file)
  local calls = create(cassette)
  handle:write(table.concat(out, "\n"))
  handle:close()
  calls:write('{\n  "version": 1,\n  "interactions": [')
  for i, entry in ipairs(interactions) do calls:write(i == 1 and "\n    " or ",\n    ", entry) end
  calls:write(#interactions == 0 and "]\n}\n" or "\n  ]\n}\n")
  calls:close()
  return "saved " .. #shell.session_order .. " store(s) to " .. file .. " (calls: " .. cassette .. ")"
end
