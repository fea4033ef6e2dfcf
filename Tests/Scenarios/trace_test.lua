-- The trace of a run seen from Lua: each call with its layer and the file:line of its
-- override, NumberFact's timeline as text and as Mermaid (parsed here), unused overrides, the
-- upfront dependency check, and a committed cassette replayed in order with no live call.
local deps = require "deps"

local here = debug.getinfo(1, "S").short_src
local cassettes = here:match("^(.*)/[^/]*$") .. "/cassettes/"

local function lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  return out
end

local function fetched(store, fact)
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = fact }, function(s) s.numberFact = fact end)
  store:finish()
end

deps.test("timeline of NumberFact as text names the layer and the override's line", function()
  local line = debug.getinfo(1, "l").currentline + 4
  local store = deps.TestStore {
    feature = "NumberFact", trace = true,
    dependencies = function(d)
      d.numberFact.fetch = function(n) return n .. " is odd" end
    end,
  }
  fetched(store, "1 is odd")
  local want = {
    "1. send incrementButtonTapped",
    "2. send numberFactButtonTapped",
    "3. effect 1 started (by 2)",
    ('4. numberFact.fetch(1) → "1 is odd" [override at %s:%d] (effect 1)'):format(here, line),
    '5. receive {"numberFactResponse":{"success":"1 is odd"}} (from effect 1)',
    "6. effect 1 finished",
  }
  local got = lines(store:timeline())
  assert(#got == #want, store:timeline())
  for i = 1, #want do assert(got[i] == want[i], ("step %d: %q ~= %q"):format(i, got[i], want[i])) end
  local call = 'numberFact.fetch(1) → "1 is odd" [override at %s:%d] during effect 1 of numberFactButtonTapped'
  assert(store:trace() == call:format(here, line), store:trace())
  assert(#store:unused_overrides() == 0)
end)

deps.test("timeline of NumberFact as a Mermaid sequenceDiagram", function()
  local store = deps.TestStore {
    feature = "NumberFact", trace = true,
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " is odd" end end,
  }
  fetched(store, "1 is odd")
  local got = lines(store:timeline("mermaid"))
  assert(got[1] == "sequenceDiagram")
  local participants, messages = {}, {}
  for i = 2, #got do
    local l = got[i]
    local id, label = l:match("^  participant (%S+) as (.+)$")
    if id then participants[id] = label
    elseif l:match("^  participant (%S+)$") then participants[l:match("^  participant (%S+)$")] = true
    elseif l ~= "" then
      local from, arrow, to, text = l:match("^  (%w+)(%-%-?>>)(%w+): (.*)$")
      assert(from, "unparsed line: " .. l)
      assert(participants[from] and participants[to], "unknown participant in: " .. l)
      messages[#messages + 1] = from .. arrow .. to .. " " .. text
    end
  end
  assert(participants.D1 == "numberFact.fetch" and participants.E1 == "effect 1")
  local want = {
    "User->>Store incrementButtonTapped", "User->>Store numberFactButtonTapped",
    "Store->>E1 start", "E1->>D1 (1) [override]", 'D1-->>E1 "1 is odd"',
    'E1->>Store {"numberFactResponse":{"success":"1 is odd"}}', "E1-->>Store finished",
  }
  assert(#messages == #want, table.concat(messages, "\n"))
  for i = 1, #want do assert(messages[i] == want[i], messages[i]) end
end)

deps.test("an override never used is reported", function()
  local line = debug.getinfo(1, "l").currentline + 3
  local store = deps.TestStore {
    feature = "NumberFact", trace = true,
    dependencies = function(d) d.numberFact.fetch = function() return "x" end end,
  }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  local unused = store:unused_overrides()
  local note = ("override of numberFact.fetch (%s:%d) was never used"):format(here, line)
  assert(#unused == 1 and unused[1] == note, unused[1])
end)

deps.test("every test store watches its overrides; strict_overrides fails finish", function()
  local line = debug.getinfo(1, "l").currentline + 3
  local store = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function(n) return n .. " watched" end end,
  }
  store:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  local unused = store:unused_overrides()
  local message = ("override of numberFact.fetch (%s:%d) was never used"):format(here, line)
  assert(#unused == 1 and unused[1] == message, unused[1])
  local ok, err = pcall(store.timeline, store)
  assert(not ok and err:find("this store has no trace", 1, true), err)
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "1 watched" }, function(s) s.numberFact = "1 watched" end)
  assert(#store:unused_overrides() == 0)
  store:finish()

  line = debug.getinfo(1, "l").currentline + 3
  local strict = deps.TestStore {
    feature = "NumberFact", strict_overrides = true,
    dependencies = function(d) d.numberFact.fetch = function() return "x" end end,
  }
  strict:send("incrementButtonTapped", nil, function(s) s.count = 1 end)
  ok, err = pcall(strict.finish, strict)
  message = ("override of numberFact.fetch (%s:%d) was never used"):format(here, line)
  assert(not ok and err:sub(-#message) == message, err)
  strict:close() -- reported once: closing does not fail again
  local bad_ok, bad = pcall(deps.TestStore, { feature = "NumberFact", strict_overrides = "yes" })
  assert(not bad_ok and bad:find("field 'strict_overrides': boolean expected, got string", 1, true), bad)
end)

deps.test("check_deps lists the endpoints with neither a test value nor an override", function()
  local bare = deps.TestStore { feature = "NumberFact" }
  local missing = bare:check_deps()
  assert(#missing == 1 and missing[1] == "numberFact.fetch", tostring(missing[1]))
  local covered = deps.TestStore {
    feature = "NumberFact",
    dependencies = function(d) d.numberFact.fetch = function() return "" end end,
  }
  assert(#covered:check_deps() == 0)
  covered:send("numberFactButtonTapped")
  covered:receive("numberFactResponse", { success = "" }, function(s) s.numberFact = "" end)
end)

deps.test("check_deps follows the child features a feature declares, and names unknown ones", function()
  local Parent = deps.feature {
    name = "TraceParent", reduce = function() end, children = { "NumberFact", "TraceParent" },
  }
  local missing, unknown = deps.TestStore { feature = Parent }:check_deps()
  assert(#missing == 1 and missing[1] == "numberFact.fetch", tostring(missing[1]))
  assert(#unknown == 0, tostring(unknown[1]))
  local covered = deps.TestStore {
    feature = Parent,
    dependencies = function(d) d.numberFact.fetch = function() return "" end end,
  }
  assert(#covered:check_deps() == 0)
  covered:close()
  deps.feature { name = "TraceOrphan", reduce = function() end, children = { Parent, "TraceNoSuchChild" } }
  missing, unknown = deps.TestStore { feature = "TraceOrphan" }:check_deps()
  assert(#missing == 1 and missing[1] == "numberFact.fetch", tostring(missing[1]))
  assert(#unknown == 1 and unknown[1] == "TraceNoSuchChild (child of TraceOrphan)", tostring(unknown[1]))
  local ok, err = pcall(deps.feature, { name = "TraceBadChildren", reduce = function() end, children = 3 })
  assert(not ok and err:find("field 'children': table expected, got number", 1, true), err)
end)

deps.test("an endpoint registered from Lua is traced with its layer and file:line", function()
  local defined = debug.getinfo(1, "l").currentline + 1
  deps.register {
    name = "traceGreeting",
    test = { hello = function(name) return "Test " .. name end },
  }
  local Greeter = deps.feature {
    name = "TraceGreeter", state = { text = "" },
    reduce = function(state, action, payload)
      if action == "greet" then
        return deps.run(function(send) send("greeted", deps.dependency("traceGreeting.hello")(payload)) end)
      end
      state.text = payload
    end,
  }
  local store = deps.TestStore { feature = Greeter, trace = true }
  store:send("greet", "Ann")
  store:receive("greeted", "Test Ann", function(s) s.text = "Test Ann" end)
  local call = 'traceGreeting.hello("Ann") → "Test Ann" [test value at %s:%d] during effect 1 of {"greet":"Ann"}'
  assert(store:trace() == call:format(here, defined), store:trace())
  local line = debug.getinfo(1, "l").currentline + 2
  local overridden = deps.TestStore { feature = Greeter, trace = true,
    dependencies = function(d) d.traceGreeting.hello = function(n) return "O " .. n end end }
  overridden:send("greet", "Bo")
  overridden:receive("greeted", "O Bo", function(s) s.text = "O Bo" end)
  local overridden_call = 'traceGreeting.hello("Bo") → "O Bo" [override at %s:%d] during effect 1 of {"greet":"Bo"}'
  assert(overridden:trace() == overridden_call:format(here, line), overridden:trace())
  local unused = deps.TestStore { feature = Greeter,
    dependencies = function(d) d.traceGreeting.hello = function(n) return "O " .. n end end }
  assert(#unused:unused_overrides() == 1, "the unused override of a Lua endpoint is watched")
  unused:send("greet", "Cy")
  unused:receive("greeted", "O Cy", function(s) s.text = "O Cy" end)
  assert(#unused:unused_overrides() == 0)
end)

deps.test("endpoints supplied by presets are traced with their layer and file:line", function()
  local line = debug.getinfo(1, "l").currentline + 2
  local store = deps.TestStore { feature = "Todos", trace = true,
    dependencies = function(d) d.uuid = "incrementing"; d.date.now = 5 end }
  store:send("addButtonTapped", nil, function(s)
    s.todos = { { id = "00000000-0000-0000-0000-000000000000", createdAt = 5, title = "" } }
  end)
  local want = ('uuid(null) → "00000000-0000-0000-0000-000000000000" [override at %s:%d]\n' ..
    'date.now(null) → 5 [override at %s:%d]\n' ..
    'userDefaults.set({"key":"todos","value":[{"id":"00000000-0000-0000-0000-000000000000",' ..
    '"createdAt":5,"title":""}]}) → null [test value] during effect 1 of addButtonTapped'
  ):format(here, line, here, line)
  assert(store:trace() == want, store:trace())
  local unused = deps.TestStore { feature = "Todos",
    dependencies = function(d) d.uuid = "incrementing"; d.date.now = 7 end }
  local before = unused:unused_overrides()
  assert(#before == 2 and before[1]:find("override of uuid (", 1, true), before[1])
  unused:send("addButtonTapped", nil, function(s)
    s.todos = { { id = "00000000-0000-0000-0000-000000000000", createdAt = 7, title = "" } }
  end)
  assert(#unused:unused_overrides() == 0)
end)

local Builtins = deps.feature {
  name = "TraceBuiltins", state = { text = "", rolled = false },
  reduce = function(state, action, payload)
    if action == "start" then
      -- calendar and timeZone (not locale: these presets need no ICU, so the suite also
      -- passes on a library built without it; Tests/Replay/builtins_test.lua reads locale).
      state.text = deps.dependency("calendar")() .. " " .. deps.dependency("timeZone")()
      return deps.run(function(send)
        deps.sleep(0.5)
        send("rolled", deps.dependency("random")() >= 0)
      end)
    elseif action == "rolled" then
      state.rolled = payload
    end
  end,
}

deps.test("clocks, random, calendar and timeZone are traced with layer and file:line", function()
  local line = debug.getinfo(1, "l").currentline + 3
  local store = deps.TestStore { feature = Builtins, trace = true,
    dependencies = function(d)
      d.continuousClock = "immediate"; d.random = { seed = 1 }; d.calendar = "gregorian"; d.timeZone = "GMT"
    end }
  store:send("start", nil, function(s) s.text = "gregorian GMT" end)
  store:receive("rolled", true, function(s) s.rolled = true end)
  store:finish()
  local at = ("override at %s:%d"):format(here, line)
  local want = {
    "1. send start",
    ('2. calendar → "gregorian" [%s]'):format(at),
    ('3. timeZone → "GMT" [%s]'):format(at),
    "4. effect 1 started (by 1)",
    ("5. continuousClock.now → 0 [%s] (effect 1)"):format(at),
    ("6. continuousClock.sleep(0.5) → ok [%s] (effect 1)"):format(at),
    ("7. withRandomNumberGenerator(null) → 1 draw [%s] (effect 1)"):format(at),
    '8. receive {"rolled":true} (from effect 1)',
    "9. effect 1 finished",
  }
  local got = lines(store:timeline())
  assert(#got == #want, store:timeline())
  for i = 1, #want do assert(got[i] == want[i], ("step %d: %s"):format(i, got[i])) end
  local accesses = lines(store:trace())
  assert(accesses[4] == ("continuousClock.sleep(0.5) → ok [%s] during effect 1 of start"):format(at), accesses[4])
  local mermaid = store:timeline("mermaid")
  assert(mermaid:find('\n  Store->>D1: read [override]\n  D1-->>Store: "gregorian"\n', 1, true), mermaid)
  assert(mermaid:find("\n  participant D4 as continuousClock.sleep\n", 1, true), mermaid)
  assert(#store:unused_overrides() == 0)
end)

deps.test("a traced test store still advances its test clock; a later override is traced", function()
  local line = debug.getinfo(1, "l").currentline + 3
  local store = deps.TestStore { feature = Builtins, trace = true,
    dependencies = function(d)
      d.continuousClock = "test"; d.random = { seed = 2 }; d.calendar = "gregorian"; d.timeZone = "GMT"
    end }
  store:send("rolled", false)
  store.dependencies.calendar = "iso8601"
  store:send("start", nil, function(s) s.text = "iso8601 GMT" end)
  store:advance(0.25)
  store:advance(0.25)
  store:receive("rolled", true, function(s) s.rolled = true end)
  store:finish()
  local at = ("override at %s:%d"):format(here, line)
  local want = {
    "1. send {\"rolled\":false}",
    "2. send start",
    ('3. calendar → "iso8601" [override at %s:%d]'):format(here, line + 3),
    ('4. timeZone → "GMT" [%s]'):format(at),
    "5. effect 1 started (by 2)",
    ("6. continuousClock.now → 0 [%s] (effect 1)"):format(at),
    ("7. continuousClock.sleep(0.5) → ok [%s] (effect 1)"):format(at),
    ("8. withRandomNumberGenerator(null) → 1 draw [%s] (effect 1)"):format(at),
    '9. receive {"rolled":true} (from effect 1)',
    "10. effect 1 finished",
  }
  local got = lines(store:timeline())
  assert(#got == #want, store:timeline())
  for i = 1, #want do assert(got[i] == want[i], ("step %d: %s"):format(i, got[i])) end
end)

deps.test("a built-in overridden and never read is an unused override", function()
  local line = debug.getinfo(1, "l").currentline + 2
  local store = deps.TestStore { feature = Builtins,
    dependencies = function(d) d.calendar = "gregorian"; d.suspendingClock = "immediate" end }
  store:send("rolled", true, function(s) s.rolled = true end)
  local unused = store:unused_overrides()
  assert(#unused == 2, #unused)
  assert(unused[1] == ("override of calendar (%s:%d) was never used"):format(here, line), unused[1])
  assert(unused[2] == ("override of suspendingClock (%s:%d) was never used"):format(here, line), unused[2])
  store:finish()
  local strict = deps.TestStore { feature = Builtins, strict_overrides = true,
    dependencies = function(d) d.timeZone = "GMT" end }
  local ok, err = pcall(function() strict:finish() end)
  local unused_time_zone = ("%s:%d: override of timeZone (%s:%d) was never used")
    :format(here, line + 9, here, line + 8)
  assert(not ok and err == unused_time_zone, err)
  strict:close()
end)

deps.test("a cassette replays identical calls in recorded order, never live", function()
  local store = deps.TestStore {
    feature = "NumberFact",
    cassette = { file = cassettes .. "number_fact.json", mode = "none" },
  }
  fetched(store, "1 is the loneliest number.")
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "1 again." }, function(s) s.numberFact = "1 again." end)
  store:send("numberFactButtonTapped")
  local message = ("cassette %snumber_fact.json has no recording of numberFact.fetch(1) (record mode none)")
    :format(cassettes)
  store:receive("numberFactResponse", { failure = message }, function(s) s.errorMessage = message end)
  assert(store:timeline():find("[cassette number_fact.json]", 1, true))
end)

deps.test("bad cassette fields are refused with what was expected", function()
  local function refused(cassette, message)
    local ok, err = pcall(deps.TestStore, { feature = "NumberFact", cassette = cassette })
    assert(not ok and err:find("field 'cassette': " .. message, 1, true), err)
  end
  refused({ file = "x.json", mode = "sometimes" },
    'unknown mode "sometimes" (once, none, new_episodes or all expected)')
  refused({ file = "/nonexistent/x.json", mode = "none" },
    "cassette /nonexistent/x.json does not exist (record mode none replays only)")
  refused(3, "a file name or {file=, mode=, secrets=, match=} expected, got 3")
end)

deps.test("an override changed on a running test store is traced with its line", function()
  local store = deps.TestStore {
    feature = "NumberFact", trace = true,
    dependencies = function(d) d.numberFact.fetch = function() return "first" end end,
  }
  local line = debug.getinfo(1, "l").currentline + 1
  store.dependencies.numberFact.fetch = function() return "second" end
  store:send("numberFactButtonTapped")
  store:receive("numberFactResponse", { success = "second" }, function(s) s.numberFact = "second" end)
  local call = 'numberFact.fetch(0) → "second" [override at %s:%d] during effect 1 of numberFactButtonTapped'
  assert(store:trace() == call:format(here, line), store:trace())
  assert(#store:unused_overrides() == 0)
end)

deps.test("a test store opens in the context it names; a bad context is refused", function()
  local store = deps.TestStore { feature = "NumberFact", context = "preview", state = { count = 2 } }
  store:send("numberFactButtonTapped")
  local fact = "2은 Preview용 숫자입니다."
  store:receive("numberFactResponse", { success = fact }, function(s) s.numberFact = fact end)
  store:finish()
  local ok, err = pcall(deps.TestStore, { feature = "NumberFact", context = "staging" })
  local refused = [[bad argument #1 to 'deps.TestStore' (field 'context': "live", "preview" or "test" expected, got ]]
  assert(not ok and err == refused .. '"staging")', err)
  ok, err = pcall(deps.TestStore, { feature = "NumberFact", context = 3 })
  assert(not ok and err == refused .. "number)", err)
end)

deps.test("overrides set on an open store apply to later actions and are listed by presets()", function()
  local store = deps.Store { feature = "Todos", context = "preview",
    dependencies = function(d) d.uuid = "incrementing"; d.date.now = 3 end }
  store:send("addButtonTapped")
  store.dependencies.date.now = 4
  store:send("addButtonTapped")
  assert(store.state.todos[1].createdAt == 3 and store.state.todos[2].createdAt == 4)
  local presets = store:presets()
  local got = {}
  for i, p in ipairs(presets) do got[i] = ("%s=%s after %s"):format(p.path, tostring(p.value), tostring(p.after)) end
  assert(table.concat(got, "; ") == "uuid=incrementing after nil; date.now=3 after nil; date.now=4 after 1",
    table.concat(got, "; "))
  local line = debug.getinfo(1, "l").currentline + 1
  local ok, err = pcall(function() store.dependencies.numberFact = 3 end)
  assert(not ok and err == ('%s:%d: unknown dependency path "numberFact"'):format(here, line), err)
  store:close()
  ok, err = pcall(function() return store.dependencies end)
  assert(not ok and err == ("%s:%d: attempt to use a closed deps.Store"):format(here, line + 3), err)
end)

deps.test("userDefaults reads and writes are traced with their layer and file:line", function()
  local Settings = deps.feature {
    name = "TraceSettings", state = { seen = "" },
    reduce = function(state, action, payload)
      if action == "save" then
        deps.dependency("userDefaults.set") { key = "name", value = payload }
      elseif action == "load" then
        state.seen = deps.dependency("userDefaults.get")("name")
      end
    end,
  }
  local line = debug.getinfo(1, "l").currentline + 2
  local store = deps.TestStore { feature = Settings, trace = true,
    dependencies = function(d) d.userDefaults = { name = "Ann" } end }
  store:send("load", nil, function(s) s.seen = "Ann" end)
  store:send("save", "Bo")
  store:send("load", nil, function(s) s.seen = "Bo" end)
  local at = ("override at %s:%d"):format(here, line)
  local want = table.concat({
    ('userDefaults.get("name") → "Ann" [%s]'):format(at),
    ('userDefaults.set({"key":"name","value":"Bo"}) → null [%s]'):format(at),
    ('userDefaults.get("name") → "Bo" [%s]'):format(at),
  }, "\n")
  assert(store:trace() == want, store:trace())
  store:finish()
  local plain = deps.TestStore { feature = Settings, trace = true }
  plain:send("load", nil, function(s) s.seen = nil end)
  assert(plain:trace() == 'userDefaults.get("name") → null [test value]', plain:trace())
end)
