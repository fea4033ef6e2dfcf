-- Value ⇄ Lua: objects, arrays, integers vs floats, nil, empty tables, holes, errors.
local check = require "check"
local deps = require "deps"

deps.feature {
  name = "Echo",
  state = { last = {} },
  reduce = function(state, action, payload)
    if action == "set" then state.last = payload
    elseif action == "types" then
      state.types = {}
      for k, v in pairs(payload) do state.types[k] = math.type(v) or type(v) end
    end
  end,
}
local store = deps.TestStore { feature = "Echo" }
store.exhaustivity = "off"
local function echo(value)
  store:send("set", value)
  return store.state.last
end
check.eq(echo({ a = 1, b = { 1, 2, 3 }, c = "x", d = true }),
         { a = 1, b = { 1, 2, 3 }, c = "x", d = true }, "round trip")
check.eq(echo({ 1, nil, 3 }), { 1, nil, 3 }, "holes read as null")
check.eq(echo({ n = 1.5 }).n, 1.5, "float")
store:send("types", { i = 1, f = 1.0, s = "1", b = false, t = {} })
check.eq(store.state.types, { i = "integer", f = "float", s = "string", b = "boolean", t = "table" },
         "integer and float stay apart")

-- The catalogue's shapes: an empty array in the default state stays an array when changed.
local todos = deps.TestStore { feature = "Todos", state = { todos = {} } }
check.eq(todos.state, { todos = {} }, "{} merged as the empty todo list")
todos:close()

check.raises("HERE: bad argument #2 to 'send' (cannot convert a function to a value (at payload.f))",
  function() store:send("set", { f = print }) end)
check.raises("HERE: bad argument #2 to 'send' (cannot convert a table with both string and integer keys to a value (at "
  .. "payload.x))",
  function() store:send("set", { x = { 1, a = 2 } }) end)
check.raises("HERE: bad argument #2 to 'send' (cannot convert a table with a non-integer number key to a value)",
  function() store:send("set", { [1.5] = 1 }) end)
local cycle = {}
cycle.self = cycle
check.raises_with("table nested too deeply (a cycle?)", function() store:send("set", cycle) end)
store:close()

check.done("value")
