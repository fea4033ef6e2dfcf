-- Loaded by load.c: a Lua feature declaring its actions' payloads, whose state starts with an
-- empty list (`laps = {}`): its JSON shape is `[]` for the store's whole life.
deps.feature {
  name = "Stopwatch",
  state = { laps = {}, label = "" },
  actions = { lap = "integer", reset = "none", label = "string" },
  reduce = function(state, action, payload)
    if action == "lap" then
      table.insert(state.laps, payload)
    elseif action == "reset" then
      state.laps = {}
    elseif action == "label" then
      state.label = payload
    end
  end,
}
