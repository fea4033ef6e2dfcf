-- The deps module from busted (Debian lua-busted): `busted --lua=lua5.4` with LUA_CPATH
-- pointing at a deps.so link to libDeps.so (scripts/test.d/30-lua sets it up).
local deps = require "deps"

describe("deps from busted", function()
  before_each(function() deps._reset() end)
  local it = deps.checked_it(it)

  it("loads with a version and the catalogue", function()
    assert.is_string(deps.version)
    local names = {}
    for _, feature in ipairs(deps.features()) do names[#names + 1] = feature.name end
    assert.is_truthy(table.concat(names, " "):find("NumberFact", 1, true))
  end)

  it("runs the seed's NumberFact test", function()
    local store = deps.TestStore {
      feature = "NumberFact",
      dependencies = function(d)
        d.numberFact.fetch = function(n) return n .. "은 좋은 숫자입니다." end
      end,
    }
    store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
    store:send("numberFactButtonTapped")
    store:receive("numberFactResponse", { success = "1은 좋은 숫자입니다." },
                  function(s) s.numberFact = "1은 좋은 숫자입니다." end)
    store:finish()
    store:close()
  end)

  it("raises assertion failures as errors with the diff", function()
    local store = deps.TestStore { feature = "Counter" }
    local ok, err = pcall(function()
      store:send("incrementButtonTapped", nil, function(s) s.count = 2 end)
    end)
    assert.is_false(ok)
    assert.matches("deps_spec.lua:%d+: A state change does not match expectation", err)
    assert.is_truthy(err:find('-   "count": 2,\n  +   "count": 1,', 1, true))
    store:close()
  end)

  it("runs a Lua feature with a registered dependency and a Swift feature side by side", function()
    deps.register { name = "spec", live = { double = function(n) return n * 2 end } }
    deps.feature {
      name = "Doubler",
      state = { value = 1 },
      reduce = function(state, action, payload)
        if action == "double" then
          return deps.run(function(send) send("doubled", deps.dependency("spec.double")(state.value)) end)
        elseif action == "doubled" then
          state.value = payload
        end
      end,
    }
    local store = deps.TestStore {
      feature = "Doubler",
      dependencies = function(d) d.spec.double = function(n) return n * 10 end end,
    }
    store:send("double")
    store:receive("doubled", 10, function(s) s.value = 10 end)
    store:close()
    local plain = deps.Store { feature = "Doubler", context = "live" }
    plain:send("double")
    assert.is_true(plain:run(1))
    assert.are.same({ value = 2 }, plain.state)
    plain:close()
  end)

  it("scopes dependencies", function()
    local now = deps.dependency("date.now")
    assert.are.equal(5.0, deps.with_dependencies(function(d) d.date.now = 5 end, now))
    assert.has_error(function()
      deps.with_dependencies(function(d) d.dat.now = 5 end, function() end)
    end)
  end)
end)
