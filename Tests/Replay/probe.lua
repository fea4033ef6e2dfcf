-- The Probe feature of the no-live-call property tests (no_live_call_test.lua under depsh,
-- Tests/C/no_live_call.c through deps_lua_load): `{ask = {endpoint = PATH, input = N}}` calls
-- the endpoint PATH in an effect and receives `{answered = RESULT}` or `{failed = MESSAGE}`;
-- `countCalls` copies into the state how many times the implementations of the Lua-registered
-- endpoint `probe.lua` ran (live, preview and test alike).
local calls = 0

deps.register {
  name = "probe",
  live = { lua = function(n) calls = calls + 1; return "probe.lua live " .. tostring(n) end },
  test = { lua = function(n) calls = calls + 1; return "probe.lua test " .. tostring(n) end },
}

deps.feature {
  name = "Probe",
  state = { answer = "", calls = 0 },
  actions = { "ask", "answered", "failed", "countCalls" },
  reduce = function(state, action, payload)
    if action == "ask" then
      return deps.run(function(send)
        local ok, value = pcall(deps.dependency(payload.endpoint), payload.input)
        if ok then send("answered", value) else send("failed", tostring(value)) end
      end)
    elseif action == "answered" then
      state.answer = payload
    elseif action == "failed" then
      state.answer = "failed: " .. payload
    elseif action == "countCalls" then
      state.calls = calls
    end
  end,
}
