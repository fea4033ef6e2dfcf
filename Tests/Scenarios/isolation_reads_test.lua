-- Isolation across files (with isolation_writes_test.lua): none of what that file prepared,
-- overrode or wrote reaches these tests, whichever file runs first and in whichever process.
local deps = require "deps"

local function fails(path, ...)
  local ok, value = pcall(deps.dependency(path), ...)
  return not ok, value
end

deps.test("date.now and uuid are not prepared", function()
  local failed, value = fails("date.now")
  assert(failed, "date.now leaked: " .. tostring(value))
  failed, value = fails("uuid")
  assert(failed, "uuid leaked: " .. tostring(value))
end)

deps.test("userDefaults is empty", function()
  local value = deps.dependency("userDefaults.get")("leak")
  assert(value == nil, "userDefaults leaked: " .. tostring(value))
  value = deps.dependency("userDefaults.get")("todos")
  assert(value == nil, "the todos leaked: " .. tostring(value))
end)

deps.test("a Todos store starts empty and needs its own overrides", function()
  local store = deps.TestStore { feature = "Todos" }
  assert(#store.state.todos == 0)
  local ok, message = pcall(store.send, store, "addButtonTapped")
  assert(not ok and message:find("uuid", 1, true), "an override leaked into this store")
  store:close()
end)
