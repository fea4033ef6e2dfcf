-- s:state_changes(): what changed since the previous call, as a JSON Patch (RFC 6902) list of
-- {op=, path=, value=} tables whose paths are JSON Pointers (array indexes from 0); property:
-- for random action sequences, the changes applied to the previous state (by the applier
-- below, written here apart from the library) give the new state.
local check = require "check"
local random_app = require "random_app"
local deps = require "deps"

-- RFC 6902 add/remove/replace on Lua tables: a numeric token addresses a list element (0-based).
local function apply(document, changes)
  for _, change in ipairs(changes) do
    local tokens = {}
    for token in change.path:gmatch("/([^/]*)") do
      tokens[#tokens + 1] = (token:gsub("~1", "/"):gsub("~0", "~"))
    end
    if #tokens == 0 then
      assert(change.op == "replace", "only a replace addresses the whole state")
      document = change.value
    else
      local parent = document
      local function key(token)
        if token:match("^%d+$") then return tonumber(token) + 1 end
        return token
      end
      for i = 1, #tokens - 1 do parent = parent[key(tokens[i])] end
      local last = key(tokens[#tokens])
      if type(last) == "number" then
        if change.op == "add" then table.insert(parent, last, change.value)
        elseif change.op == "remove" then table.remove(parent, last)
        else parent[last] = change.value end
      else
        if change.op == "remove" then parent[last] = nil else parent[last] = change.value end
      end
    end
  end
  return document
end

local counter = deps.Store { feature = "Counter", context = "test" }
check.eq(counter:state_changes(), { { op = "replace", path = "", value = { count = 0, isLoading = false } } },
  "first call: the whole state")
check.eq(counter:state_changes(), {}, "nothing changed")
counter:send("incrementButtonTapped")
check.eq(counter:state_changes(), { { op = "replace", path = "/count", value = 1 } }, "only the changed member")
counter:send("incrementButtonTapped")
check.eq(counter.state, { count = 2, isLoading = false }, "s.state")
check.eq(counter:state_changes(), { { op = "replace", path = "/count", value = 2 } },
  "s.state does not move the previous state of s:state_changes()")
-- The observe pattern: on_action reading the changes gets each action's own change.
local seen = {}
counter:on_action(function() seen[#seen + 1] = counter:state_changes() end)
counter:send("decrementButtonTapped")
check.eq(seen, { { { op = "replace", path = "/count", value = 1 } } }, "each action's own change")
counter:on_action(nil)
counter:close()
check.raises("HERE: attempt to use a closed deps.Store", function() return counter:state_changes() end)

local open = random_app.open

local id = random_app.id

local app = open()
app:state_changes()
app:send("tutorialButtonTapped")
check.eq(app:state_changes(), { { op = "add", path = "/tutorial", value = { todos = {} } } }, "the tutorial appears")
app:send("tutorial", "addButtonTapped")
app:send("tutorial", "addButtonTapped")
app:state_changes()
app:send("tutorial", { titleChanged = { id = id(1), title = "milk" } })
check.eq(app:state_changes(), { { op = "replace", path = "/tutorial/todos/1/title", value = "milk" } },
  "one element of a list, by its index from 0")
app:send("tutorial", { deleteButtonTapped = { id = id(0) } })
check.eq(app:state_changes(), { { op = "remove", path = "/tutorial/todos/0" } }, "a removed element")
app:send("tutorialDismissed")
check.eq(app:state_changes(), { { op = "remove", path = "/tutorial" } }, "a removed member")
app:close()

for _, seed in ipairs { 1, 2, 3, 14, 2026 } do
  math.randomseed(seed)
  local s = open()
  local previous = apply(nil, s:state_changes())
  local walk = random_app.walk()
  for step = 1, 80 do
    random_app.step(s, walk)
    previous = apply(previous, s:state_changes())
    check.eq(previous, s.state, "seed " .. seed .. ", step " .. step .. ": changes applied == state")
  end
  s:close()
end

-- A Lua feature (its state already a Value): the same operations.
deps.feature {
  name = "Shelf",
  state = { items = { "a", "b", "c" }, label = "shelf" },
  actions = { "rename", "push", "pop" },
  reduce = function(state, action, payload)
    if action == "rename" then state.items[2] = payload
    elseif action == "push" then table.insert(state.items, payload)
    else table.remove(state.items, 1) end
  end,
}
local shelf = deps.Store { feature = "Shelf", context = "test" }
shelf:state_changes()
shelf:send("rename", "B")
check.eq(shelf:state_changes(), { { op = "replace", path = "/items/1", value = "B" } }, "Lua feature: one element")
shelf:send("push", "d")
check.eq(shelf:state_changes(), { { op = "add", path = "/items/3", value = "d" } }, "Lua feature: an added element")
shelf:send("pop")
check.eq(shelf:state_changes(), { { op = "remove", path = "/items/0" } }, "Lua feature: a removed element")
shelf:close()

check.done("deps.Store state_changes")
