-- Lua-side benchmarks, run by scripts/bench/run with the release libDeps.so as
-- deps.so. Prints one TSV row per operation: name, median ns/op over 5 repeats, target, summary.
--   lua5.4 bench.lua --callgrind NAME N   a fixed warm-up, then N iterations of NAME (for
--                                         callgrind; prints nothing)
local deps = require "deps"

local callgrind = arg and arg[1] == "--callgrind"
local callgrind_name = callgrind and arg[2]
local callgrind_iterations = callgrind and tonumber(arg[3])
if callgrind and (not callgrind_name or not callgrind_iterations) then
  io.stderr:write("usage: lua5.4 bench.lua [--callgrind NAME N]\n")
  os.exit(2)
end

local function median(values)
  table.sort(values)
  return values[(#values + 1) // 2]
end

local function bench(name, target, summary, iterations, setup)
  if callgrind then
    if name ~= callgrind_name then return end
    local body = setup()
    body(math.max(1, iterations // 10))  -- the same warm-up for N and 2N
    body(callgrind_iterations)
    return
  end
  local body = setup()
  body(math.max(1, iterations // 10))  -- warm-up
  local samples = {}
  for _ = 1, 5 do
    local start = os.clock()
    body(iterations)
    samples[#samples + 1] = (os.clock() - start) * 1e9 / iterations
  end
  io.write(string.format("%s\t%.0f\t%s\t%s\n", name, median(samples), target, summary))
end

bench("lua.teststore.step", "ns 5000", "(TestStore send + assert function, Counter)", 2000,
  function()
    return function(n)
      local store = deps.TestStore { feature = "Counter" }
      for i = 1, n do
        store:send("incrementButtonTapped", nil, function(s) s.count = i end)
      end
      store:close()
    end
  end)

bench("lua.override.call", "ns 2000",
  "(numberFact.fetch overridden by a Lua function, called through the Swift endpoint)", 20000,
  function()
    return function(n)
      deps.with_dependencies(function(d)
        d.numberFact.fetch = function() return "fact" end
      end, function()
        local fetch = deps.dependency("numberFact.fetch")
        for i = 1, n do fetch(i) end
      end)
    end
  end)

bench("lua.test.trivial", "ns 2000000", "(one trivial deps.test; 1,000 in <= 2 s)", 1000,
  function()
    return function(n)
      for _ = 1, n do deps.test("trivial", function() end) end
    end
  end)

-- The explorer against the same steps sent by hand (target: at most 2x). A run of the
-- explorer opens a test store and sends 100 generated actions, checking an invariant after
-- each; the hand-sent rows send the same actions to one test store with an assert function.
local function explore(n, spec)
  spec.steps = math.min(n, 100)
  spec.runs = math.max(1, n // spec.steps)
  spec.seed = 1
  spec.advance = false
  deps.explore("bench", spec)
end

bench("lua.explore.step", "ns 10000",
  "(deps.explore step on Counter: a generated tap + an invariant; vs lua.teststore.step: <= 2x)",
  2000, function()
    return function(n)
      explore(n, {
        feature = "Counter",
        actions = { "incrementButtonTapped", "decrementButtonTapped" },
        invariant = function(state) return math.type(state.count) == "integer" end,
      })
    end
  end)

bench("lua.teststore.step.effects", "ns 20000",
  "(TestStore send + receive of the delayed increment, delay overridden, Counter)", 2000,
  function()
    return function(n)
      local store = deps.TestStore {
        feature = "Counter",
        dependencies = function(d) d.delayClient.wait = function() end end,
      }
      for i = 1, n do
        store:send("delayedIncrementButtonTapped", nil, function(s) s.isLoading = true end)
        store:receive("delayedIncrementFinished", nil, function(s)
          s.count = i
          s.isLoading = false
        end)
      end
      store:close()
    end
  end)

bench("lua.explore.step.effects", "ns 40000",
  "(deps.explore step with an effect: the delayed increment; vs lua.teststore.step.effects: <= 2x)",
  2000, function()
    return function(n)
      explore(n, {
        feature = "Counter",
        actions = { "delayedIncrementButtonTapped" },
        dependencies = function(d) d.delayClient.wait = function() end end,
        invariant = function(state) return not state.isLoading end,
      })
    end
  end)
