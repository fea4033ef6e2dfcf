-- Seed 000's Todos: incrementing UUIDs and a constant date make new todos predictable.
local deps = require "deps"

local NOW = 1234567890
local function uuid(n) return string.format("00000000-0000-0000-0000-%012X", n) end

local function todosStore()
  return deps.TestStore {
    feature = "Todos",
    dependencies = function(d)
      d.uuid = "incrementing"
      d.date.now = NOW
    end,
  }
end

deps.test("add, rename, delete", function()
  local store = todosStore()
  store:send("addButtonTapped", nil, function(s)
    s.todos[1] = { id = uuid(0), createdAt = NOW, title = "" }
  end)
  store:send("addButtonTapped", nil, function(s)
    s.todos[2] = { id = uuid(1), createdAt = NOW, title = "" }
  end)
  store:send("titleChanged", { id = uuid(1), title = "Milk" }, function(s)
    s.todos[2].title = "Milk"
  end)
  store:send("deleteButtonTapped", { id = uuid(0) }, function(s)
    table.remove(s.todos, 1)
  end)
  assert(store.state.todos[1].title == "Milk")
  store:finish()
end)

deps.test("every test starts from uuid 0 again", function()
  local store = todosStore()
  store:send("addButtonTapped", nil, function(s)
    s.todos[1] = { id = uuid(0), createdAt = NOW, title = "" }
  end)
end)
