-- `depsh test`'s side of `deps.explore` (ExploreRepro.swift): the seed, the passing report, and
-- the repro writer of `--repro DIR`. Called with deps, the shell table, the seed and the directory.
local deps, shell, seed, dir = ...
if seed then deps._explore_seed = math.tointeger(seed) end
deps._explore_report = function(name, text)
  io.write(name, ": ", text, "\n")
end
if not dir then return end

local function slug(name)
  local text = name:lower():gsub("[^%w]+", "_"):gsub("^_+", ""):gsub("_+$", "")
  if text == "" then text = "property" end
  return text:sub(1, 60)
end

-- The spec file's path as seen from the repro's directory.
local function relative(path)
  if path:sub(1, 1) == "/" then return path, false end
  local depth = 0
  for part in dir:gmatch("[^/]+") do
    if part == ".." then return (os.getenv("PWD") or ".") .. "/" .. path, false end
    if part ~= "." then depth = depth + 1 end
  end
  if dir:sub(1, 1) == "/" then return (os.getenv("PWD") or ".") .. "/" .. path, false end
  return string.rep("../", depth) .. path, true
end

local function call(method, action, payload, assertion)
  local text = "  store:" .. method .. "(" .. string.format("%q", action) .. ", "
    .. shell.literal(payload, "  ")
  if assertion then text = text .. ", " .. assertion end
  return text .. ")"
end

deps._explore_repro = function(info)
  local spec, from_here = relative(info.source)
  local name = slug(info.name)
  local path = dir:gsub("/+$", "") .. "/" .. name .. "_repro_test.lua"
  local out = {
    string.format("-- Reproduces the property %q of %s,", info.name, info.source),
    string.format("-- falsified with seed %d (written by depsh test --repro). It fails until the", info.seed),
    "-- bug is fixed:",
  }
  for line in info.message:gmatch("[^\n]+") do out[#out + 1] = "--   " .. line end
  out[#out + 1] = 'local deps = require "deps"'
  if from_here then
    out[#out + 1] = 'local here = debug.getinfo(1, "S").source:match("^@(.*)$") or ""'
    out[#out + 1] = 'local spec = (here:match("^(.*/)[^/]*$") or "") .. ' .. string.format("%q", spec)
  else
    out[#out + 1] = "local spec = " .. string.format("%q", spec)
  end
  out[#out + 1] = "local property = deps.explore_property(spec, " .. string.format("%q", info.name) .. ")"
  out[#out + 1] = ""
  out[#out + 1] = string.format("deps.test(%q, function()", "repro: " .. info.name)
  out[#out + 1] = "  local store = property:store {"
  out[#out + 1] = "    state = " .. shell.literal(info.state, "    ") .. ","
  if #info.order > 0 then
    out[#out + 1] = "    order = { " .. table.concat(info.order, ", ")
      .. " }, -- which ready effect ran next (0: the oldest)"
  end
  out[#out + 1] = "  }"
  local before = info.state
  for index, step in ipairs(info.steps) do
    local last = index == #info.steps
    if last then
      out[#out + 1] = "  -- The failing step: its state is for the invariants to judge."
      out[#out + 1] = '  store.exhaustivity = "off"'
      out[#out + 1] = call("send", step.action, step.payload)
      if step.advance then out[#out + 1] = "  store:advance(" .. step.advance .. ")" end
      out[#out + 1] = "  property.check(store.state, " .. string.format("%q", step.action) .. ", "
        .. shell.literal(step.payload, "  ") .. ")"
    else
      local advanced = false
      for position, handled in ipairs(step.handled) do
        if step.advance and handled.after_advance and not advanced then
          out[#out + 1] = "  store:advance(" .. step.advance .. ")"
          advanced = true
        end
        out[#out + 1] = call(position == 1 and "send" or "receive", handled.action,
          handled.payload, shell.step_assertion(before, handled.state, "  "))
        before = handled.state
      end
      if step.advance and not advanced then
        out[#out + 1] = "  store:advance(" .. step.advance .. ")"
      end
    end
  end
  out[#out + 1] = "end)"
  out[#out + 1] = ""
  local handle, problem = io.open(path, "w")
  if not handle then error("cannot write the repro: " .. tostring(problem), 0) end
  handle:write(table.concat(out, "\n"))
  handle:close()
  return path
end
