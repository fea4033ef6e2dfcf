-- deps.feature (a reducer in Lua) and deps.run effects (coroutines), on the same TestStore and
-- Store as the Swift features; a Swift feature with Lua overrides in the same file.
local check = require "check"
local deps = require "deps"

deps.register {
  name = "greeting",
  live = { hello = function(n) return "Hello " .. n end },
  preview = { hello = function(n) return "Preview " .. n end },
}

local greeter = deps.feature {
  name = "Greeter",
  state = { text = "", log = {} },
  actions = { "greet", "greeted", "failed" },
  reduce = function(state, action, payload)
    if action == "greet" then
      return deps.run(function(send)
        local ok, text = pcall(deps.dependency("greeting.hello"), payload)
        if ok then send("greeted", text) else send("failed", text) end
      end)
    elseif action == "greeted" then
      state.text = payload
      table.insert(state.log, payload)
    elseif action == "failed" then
      state.text = "error: " .. payload
    end
  end,
}
check.eq(greeter.name, "Greeter", "deps.feature returns the catalogue entry")
check.eq(greeter.state, { text = "", log = {} }, "default state")

local store = deps.TestStore {
  feature = greeter,
  dependencies = function(d) d.greeting.hello = function(n) return "Hi " .. n end end,
}
store:send("greet", "Blob")
store:receive("greeted", "Hi Blob", function(s) s.text = "Hi Blob"; s.log = { "Hi Blob" } end)
store:finish()
check.raises([[HERE: unknown action "gret" for Greeter; did you mean "greet"?]], function() store:send("gret") end)
store:close()

-- The test context without an override: unimplemented, reported as a failure; the effect goes on.
local bare = deps.TestStore { feature = "Greeter" }
check.raises_with("HERE: Unimplemented: greeting.hello …", function() bare:send("greet", "Blob") end)
local unimplemented = 'dependency "greeting.hello" failed: Unimplemented: greeting.hello'
bare:receive("failed", unimplemented, function(s) s.text = "error: " .. unimplemented end)
bare:close()

-- A plain store in preview.
local preview = deps.Store { feature = "Greeter", context = "preview" }
preview:send("greet", "you")
check.eq(preview:run(1), true, "idle")
check.eq(preview.state.text, "Preview you", "preview implementation")

-- Timers in Lua: deps.sleep on the store's clock, cancellable effects.
deps.feature {
  name = "Ticker",
  state = { ticks = 0, running = false },
  reduce = function(state, action)
    if action == "start" then
      state.running = true
      return deps.run(function(send)
        while true do
          deps.sleep(1)
          send("tick")
        end
      end, { id = "ticker", cancel_in_flight = true })
    elseif action == "stop" then
      state.running = false
      return deps.cancel("ticker")
    elseif action == "tick" then
      state.ticks = state.ticks + 1
    end
  end,
}
local ticker = deps.TestStore {
  feature = "Ticker",
  dependencies = function(d) d.continuousClock = "test" end,
}
ticker:send("start", nil, function(s) s.running = true end)
ticker:advance(2)
ticker:receive("tick", nil, function(s) s.ticks = 1 end)
ticker:receive("tick", nil, function(s) s.ticks = 2 end)
ticker:send("stop", nil, function(s) s.running = false end)
ticker:finish()
ticker:close()

-- Errors inside a Lua reducer or effect are failures with file:line; state is unchanged.
deps.feature {
  name = "Broken",
  state = { n = 0 },
  reduce = function(state, action)
    state.n = 1
    if action == "crash" then error("reducer bug") end
    if action == "bad" then return 42 end
    if action == "effect" then return deps.run(function() error("effect bug") end) end
    if action == "yield" then return deps.run(function() coroutine.yield() end) end
  end,
}
local broken = deps.TestStore { feature = "Broken" }
local src = debug.getinfo(1, "S").short_src
check.raises_with([[HERE: deps.feature "Broken": reduce failed for action "crash": ]] .. src,
  function() broken:send("crash") end)
check.eq(broken.state.n, 0, "state unchanged after a reducer error")
check.raises_with([[HERE: deps.feature "Broken": reduce failed for action "bad": reduce returned a number; expected ]]
  .. [[nil, deps.run(…), deps.cancel(…) or a list of them]],
  function() broken:send("bad") end)
check.raises_with('HERE: A deps.run effect returned for action "effect" raised an unhandled error: ' .. src,
  function() broken:send("effect", nil, function(s) s.n = 1 end) end)
check.raises_with('HERE: A deps.run effect returned for action "yield" raised an unhandled error: a deps.run function '
  .. 'yielded by itself (coroutine.yield)',
  function() broken:send("yield") end)
broken:close()
check.raises("HERE: deps.sleep can only be called inside a deps.run function (while it runs)",
  function() return deps.sleep(1) end)

-- Bad definitions.
check.raises([[HERE: feature "Counter" is already defined (a built-in feature); choose another name]],
  function() deps.feature { name = "Counter", reduce = function() end } end)
check.raises("HERE: bad argument #1 to 'feature' (field 'reduce': function expected, got nil)",
  function() deps.feature { name = "X" } end)
check.raises("HERE: bad argument #1 to 'run' (function expected, got no value)", function() deps.run() end)

-- A Swift feature with Lua overrides, next to the Lua feature, through the same TestStore.
local counter = deps.TestStore {
  feature = "Counter",
  dependencies = function(d) d.delayClient.wait = function() end end,
}
counter:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
counter:receive("delayedIncrementFinished", nil, function(s) s.count = 1; s.isLoading = false end)
counter:close()

-- A declared action schema: names and payload types, checked like a built-in feature's.
deps.feature {
  name = "Laps",
  state = { laps = {}, label = "" },
  actions = { lap = "integer", reset = "none", label = "string", note = "any" },
  reduce = function(state, action, payload)
    if action == "lap" then table.insert(state.laps, payload)
    elseif action == "reset" then state.laps = {}
    elseif action == "label" then state.label = payload end
  end,
}
local laps = deps.TestStore { feature = "Laps" }
check.raises([[HERE: unknown action "lapp" for Laps; did you mean "lap"?]], function() laps:send("lapp", 1) end)
check.raises([[HERE: expected an integer at lap, got "x"]], function() laps:send("lap", "x") end)
check.raises([[HERE: missing payload at lap]], function() laps:send("lap") end)
check.raises([[HERE: action "reset" of Laps takes no payload: send "reset", got {"reset":1}]],
  function() laps:send("reset", 1) end)
check.raises([[HERE: expected a string at label, got 3]], function() laps:send("label", 3) end)
laps:send("note", { anything = true })
laps:send("lap", 3, function(s) s.laps = { 3 } end)
laps:send("reset", nil, function(s) s.laps = {} end)
laps:close()
local listed = {}
for _, feature in ipairs(deps.features()) do
  if feature.name == "Laps" then
    for _, action in ipairs(feature.actions) do listed[#listed + 1] = action.name .. ":" .. tostring(action.payload) end
  end
end
check.eq(listed, { "label:string", "lap:integer", "note:any", "reset:nil" }, "deps.features shows the schema")
check.raises([[HERE: bad argument #1 to 'feature' (field 'actions': the payload type of "x" must be one of "none", ]]
  .. [["any", "string", "number", "integer", "boolean", "object", "array")]],
  function() deps.feature { name = "BadSchema", reduce = function() end, actions = { x = "str" } } end)

-- Unknown keys in an initial state are refused for every feature whose state shape is known.
check.raises([[HERE: unknown state key "lapz" for Laps; did you mean "laps"?]],
  function() deps.TestStore { feature = "Laps", state = { lapz = {} } } end)
check.raises([[HERE: unknown state key "cont" for Counter; did you mean "count"?]],
  function() deps.Store { feature = "Counter", state = { cont = 3 } } end)
local optional = deps.TestStore { feature = "NumberFact", state = { numberFact = "kept" } }
check.eq(optional.state.numberFact, "kept", "an optional key absent from the default state is known")
optional:close()

check.done("feature")
