-- A spec or generator that cannot work is refused when deps.explore is called, naming the
-- field and what was expected.
local deps = require "deps"
require "echo_feature"

-- `want` follows the position of the call inside `f` (a one-line function).
local here = "Tests/Explore/bad_spec_test.lua:"
local function refused(want, f)
  want = here .. debug.getinfo(f, "S").linedefined .. ": " .. want
  local ok, message = pcall(f)
  if ok then error("accepted: " .. want, 2) end
  if message ~= want then error("expected:\n" .. want .. "\ngot:\n" .. tostring(message), 2) end
end

deps.feature { name = "Bag", state = {}, actions = { put = "object" }, reduce = function() end }

local function explore(spec)
  return function() deps.explore("p", spec) end
end

deps.test("bad specs", function()
  refused("bad argument #2 to 'explore' (table expected, got no value)",
    function() deps.explore("p") end)
  refused("bad argument #2 to 'explore' (unknown field 'step' (a spec has actions, "
    .. "advance, dependencies, feature, invariant, runs, seed, state, steps, tags))",
    explore { feature = "Echo", step = 3 })
  refused("unknown feature \"Nope\"", explore { feature = "Nope" })
  refused("bad argument #2 to 'explore' (field 'actions': feature \"Echo\" has no "
    .. "action \"shout\" (it has value))", explore { feature = "Echo", actions = { "shout" } })
  refused("bad argument #2 to 'explore' (field 'actions': no default generator for "
    .. "the payload of \"put\" (object); give one: actions = { put = deps.gen.… })",
    explore { feature = "Bag" })
  refused("bad argument #2 to 'explore' (field 'invariant': invariant[2] must be a "
    .. "function, got a number)", explore { feature = "Echo", invariant = { print, 3 } })
  refused("bad argument #2 to 'explore' (field 'steps': a whole number of at least 1 "
    .. "expected, got 0)", explore { feature = "Echo", steps = 0 })
  refused("bad argument #2 to 'explore' (actions.value: a generator expected, got a "
    .. "function (call it: deps.gen.<name>(…)))",
    explore { feature = "Echo", actions = { value = deps.gen.list } })
end)

deps.test("bad generators", function()
  refused("bad argument #2 to 'integer' (the upper bound 1 is below the lower "
    .. "bound 5)", function() deps.gen.integer(5, 1) end)
  refused("bad argument #1 to 'integer' (integer expected, got string)",
    function() deps.gen.integer("a") end)
  refused("bad argument #1 to 'one_of' (a non-empty list of alternatives expected)",
    function() deps.gen.one_of {} end)
  refused("bad argument #1 to 'list' (a generator of the elements expected, got nil)",
    function() deps.gen.list() end)
  refused("bad argument #2 to 'string' (a non-empty alphabet expected)",
    function() deps.gen.string(3, "") end)
  refused("bad argument #1 to 'table' (.f: a generator or a plain value expected, "
    .. "got a deps.TestStore)",
    function() deps.gen.table { f = deps.TestStore { feature = "Echo" } } end)
end)

deps.test("a generated payload the feature refuses ends the exploration", function()
  refused("deps.explore \"p\": the feature refused the generated action "
    .. "incrementButtonTapped 1: action \"incrementButtonTapped\" of Counter takes no payload: "
    .. "send \"incrementButtonTapped\", got {\"incrementButtonTapped\":1} (give "
    .. "actions.incrementButtonTapped a generator of payloads it takes)",
    explore { feature = "Counter", actions = { incrementButtonTapped = 1 } })
end)
