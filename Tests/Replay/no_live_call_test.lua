-- Property: a cassette in mode none answers every call from its recordings, whoever defined
-- the endpoint — a Swift module (numberFact.fetch) or Lua (deps.register: probe.lua, probe.lua
-- here) — and a call it has no recording of fails; no implementation runs (probe.lua counts
-- its calls; numberFact.fetch's live calls are counted by DEPS_LIVE_CALLS_REPORT in
-- scripts/test.d/47-replay, and a live answer would differ from the recorded one).
-- Recording captures calls of a Lua-registered endpoint too, in the live and test contexts.
local deps = require "deps"
require "probe"

local endpoints = { "numberFact.fetch", "probe.lua" }

-- The calls the implementations of probe.lua made so far (the Probe feature's countCalls).
local function implementation_calls()
  local s = deps.Store { feature = "Probe", context = "test" }
  s:send("countCalls")
  local n = s.state.calls
  s:close()
  return n
end

local function write(path, text)
  local handle = assert(io.open(path, "w"))
  handle:write(text)
  handle:close()
end

local function read(path)
  local handle = assert(io.open(path, "r"))
  local text = handle:read("a")
  handle:close()
  return text
end

-- A random session: { {endpoint =, input =, result = | error = } … }, and its cassette text.
local function random_session()
  local calls, lines = {}, {}
  for i = 1, math.random(1, 8) do
    local call = { endpoint = endpoints[math.random(#endpoints)], input = math.random(0, 4) }
    local line = string.format('{"arguments":%d,"endpoint":"%s",', call.input, call.endpoint)
    if math.random(5) == 1 then
      call.error = "recorded failure #" .. i
      line = line .. string.format('"error":"%s"}', call.error)
    else
      call.result = string.format("%s recorded %d #%d", call.endpoint, call.input, i)
      line = line .. string.format('"result":"%s"}', call.result)
    end
    calls[#calls + 1] = call
    lines[#lines + 1] = line
  end
  return calls, '{\n  "version": 1,\n  "interactions": [\n    ' .. table.concat(lines, ",\n    ")
    .. "\n  ]\n}\n"
end

deps.test("random sessions replay in mode none with no implementation called", function()
  local before = implementation_calls()
  local file = os.tmpname()
  for seed = 1, 40 do
    math.randomseed(seed)
    local calls, text = random_session()
    write(file, text)
    local store = deps.TestStore { feature = "Probe", cassette = { file = file, mode = "none" } }
    for _, call in ipairs(calls) do
      store:send("ask", { endpoint = call.endpoint, input = call.input })
      if call.result then
        store:receive("answered", call.result, function(s) s.answer = call.result end)
      else
        local message = string.format('dependency "%s" failed: %s', call.endpoint, call.error)
        store:receive("failed", message, function(s) s.answer = "failed: " .. message end)
      end
    end
    -- A call with no recording fails in mode none; it reaches no implementation either.
    local extra = endpoints[math.random(#endpoints)]
    store:send("ask", { endpoint = extra, input = 99 })
    local message = string.format(
      'dependency "%s" failed: cassette %s has no recording of %s(99) (record mode none)',
      extra, file, extra)
    store:receive("failed", message, function(s) s.answer = "failed: " .. message end)
    store:finish()
    store:close()
  end
  os.remove(file)
  assert(implementation_calls() == before, "an implementation of probe.lua ran during replay")
end)

deps.test("calls of a Lua-registered endpoint are recorded, then replayed without a call", function()
  for _, context in ipairs { "live", "test" } do
    local file = os.tmpname()
    os.remove(file)
    local before = implementation_calls()
    local recorder = deps.Store {
      feature = "Probe", context = context, cassette = { file = file, mode = "all" } }
    for n = 1, 3 do
      recorder:send("ask", { endpoint = "probe.lua", input = n })
      recorder:run(2)
    end
    recorder:close()
    assert(implementation_calls() == before + 3, "recording calls the implementation")
    -- Outside the live context the cassette records the endpoint's live implementation.
    assert(read(file) == [[
{
  "version": 1,
  "interactions": [
    {"arguments":1,"endpoint":"probe.lua","result":"probe.lua live 1"},
    {"arguments":2,"endpoint":"probe.lua","result":"probe.lua live 2"},
    {"arguments":3,"endpoint":"probe.lua","result":"probe.lua live 3"}
  ]
}
]], read(file))
    local replay = deps.TestStore { feature = "Probe", cassette = { file = file, mode = "none" } }
    for n = 1, 3 do
      local answer = "probe.lua live " .. n
      replay:send("ask", { endpoint = "probe.lua", input = n })
      replay:receive("answered", answer, function(s) s.answer = answer end)
    end
    replay:finish()
    replay:close()
    assert(implementation_calls() == before + 3, "replay calls no implementation")
    os.remove(file)
  end
end)
