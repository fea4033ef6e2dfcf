-- Representative work whose output must not depend on the runtime tricks: scopes and
-- overrides (task_locals), actions with and without payloads in and out as values and their
-- error messages (enum_layout, enum_witnesses), state as values and patches (keyed_containers),
-- effects sending back (effect_closures). scripts/test.d/30-lua runs it once as is and once per
-- trick under DEPS_RUNTIME_FAIL_CHECK=<trick>, and compares what it prints.
local deps = require "deps"

-- A value as text, keys sorted.
local function show(value)
  if type(value) ~= "table" then return type(value) == "string" and ("%q"):format(value) or tostring(value) end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  for _, key in ipairs(keys) do parts[#parts + 1] = tostring(key) .. "=" .. show(value[key]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local lines = {}
local function out(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = show((select(i, ...))) end
  lines[#lines + 1] = table.concat(parts, " ")
end

-- Scopes and overrides.
deps.with_dependencies(function(d) d.numberFact.fetch = function(n) return n .. " is odd" end end,
  function()
    out("scoped", deps.dependency("numberFact.fetch")(3))
    deps.with_dependencies(function(d) d.numberFact.fetch = function(n) return "inner " .. n end end,
      function() out("nested", deps.dependency("numberFact.fetch")(4)) end)
    out("restored", deps.dependency("numberFact.fetch")(5))
  end)

-- A store: cases with and without payloads, effects sending back, state and its changes.
local s = deps.Store {
  feature = "NumberFact",
  context = "live",
  dependencies = function(d) d.numberFact.fetch = function(n) return "fact " .. n end end,
}
local seen = {}
s:on_action(function(action, payload) seen[#seen + 1] = { action, payload } end)
s:send("incrementButtonTapped")
s:send("incrementButtonTapped")
s:send("numberFactButtonTapped")
out("idle", s:run(2.0))
out("actions", seen)
out("state", s.state)
for _, bad in ipairs {
  { "incrementButtonTaped" },
  { "numberFactResponse", { sucess = "x" } },
  { "numberFactResponse", { success = 1 } },
  { "numberFactResponse", 7 },
} do
  local ok, message = pcall(s.send, s, bad[1], bad[2])
  out("refused", ok, message)
end

-- A test store: its messages too.
local t <close> = deps.TestStore {
  feature = "NumberFact",
  dependencies = function(d) d.numberFact.fetch = function(n) return "test " .. n end end,
}
t:send("incrementButtonTapped", nil, function(state) state.count = 1 end)
t:send("numberFactButtonTapped")
t:receive("numberFactResponse", { success = "test 1" }, function(state) state.numberFact = "test 1" end)
local ok, message = pcall(t.send, t, "decrementButtonTapped", nil, function(state) state.count = 5 end)
out("mismatch", ok, message)

for _, line in ipairs(lines) do print(line) end
