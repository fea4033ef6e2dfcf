-- Seed 004's App: the tutorial is a Todos sandbox (its userDefaults an in-memory mock) that
-- inherits every other override of the parent — here the incrementing UUIDs and the date.
local deps = require "deps"

local NOW = 1234567890
local function uuid(n) return string.format("00000000-0000-0000-0000-%012X", n) end

-- Opening the tutorial sets `tutorial = { todos = [] }`. An empty Lua table is read as an array
-- only where the previous state had one (deps reads `{}` with the old state as its hint), and
-- there was no tutorial before: so this step is asserted non-exhaustively, on the actual state.
local function openTutorial(store)
  store.exhaustivity = "off"
  store:send("tutorialButtonTapped")
  store.exhaustivity = "on"
  local tutorial = store.state.tutorial
  assert(tutorial and next(tutorial.todos) == nil, "the tutorial opens with no todos")
end

deps.test("the tutorial sandbox shares the parent's uuid and date overrides", function()
  local store = deps.TestStore {
    feature = "App",
    dependencies = function(d)
      d.uuid = "incrementing"
      d.date.now = NOW
    end,
  }
  openTutorial(store)
  store:send("tutorial", "addButtonTapped", function(s)
    s.tutorial.todos[1] = { id = uuid(0), createdAt = NOW, title = "" }
  end)
  store:send("tutorial", { titleChanged = { id = uuid(0), title = "Try me" } }, function(s)
    s.tutorial.todos[1].title = "Try me"
  end)
  store:send("todos", "addButtonTapped", function(s)
    s.todos.todos[1] = { id = uuid(1), createdAt = NOW, title = "" }
  end)
  store:send("tutorialDismissed", nil, function(s) s.tutorial = nil end)
  openTutorial(store)
  store:finish()
end)
