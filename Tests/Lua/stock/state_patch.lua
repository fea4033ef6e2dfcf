-- s:state_patch(): what changed since the last read of s.state or s:state_patch(), as a merge
-- patch table (deps.null for a removed member); property: for random action sequences, the
-- patch merged onto the previously read state is the new state.
local check = require "check"
local random_app = require "random_app"
local deps = require "deps"

-- RFC 7386's merge, on Lua tables (deps.null removes a member). A nested empty table is a
-- replacement (an emptied list: a patch never holds an empty object patch below the top).
local function merge(target, patch, nested)
  if type(patch) ~= "table" or patch[1] ~= nil or (nested and next(patch) == nil) then
    return patch
  end
  local result = {}
  if type(target) == "table" then for k, v in pairs(target) do result[k] = v end end
  for k, v in pairs(patch) do
    if v == deps.null then result[k] = nil else result[k] = merge(result[k], v, true) end
  end
  return result
end

local counter = deps.Store { feature = "Counter", context = "test" }
check.eq(counter:state_patch(), { count = 0, isLoading = false }, "first read: the whole state")
check.eq(counter:state_patch(), {}, "nothing changed")
counter:send("incrementButtonTapped")
check.eq(counter:state_patch(), { count = 1 }, "only the changed member")
counter:send("incrementButtonTapped")
check.eq(counter.state, { count = 2, isLoading = false }, "s.state")
check.eq(counter:state_patch(), {}, "s.state is a read too")
-- The observe pattern: on_action reading the patch gets each action's own change.
local changes = {}
counter:on_action(function() changes[#changes + 1] = counter:state_patch() end)
counter:send("decrementButtonTapped")
counter:send("incrementButtonTapped")
check.eq(changes, { { count = 1 }, { count = 2 } }, "each action's own change")
counter:on_action(nil)
counter:close()
check.raises("HERE: attempt to use a closed deps.Store", function() return counter:state_patch() end)

local open = random_app.open

local app = open()
check.eq(app:state_patch(), { todos = { todos = {} } }, "App's first read")
app:send("tutorialButtonTapped")
check.eq(app:state_patch(), { tutorial = { todos = {} } }, "the tutorial appears")
app:send("tutorialDismissed")
local removed = app:state_patch()
check.eq(removed.tutorial, deps.null, "a removed member is deps.null")
app:close()

for _, seed in ipairs { 1, 2, 3, 14, 2026 } do
  math.randomseed(seed)
  local s = open()
  local previous = s:state_patch()
  local walk = random_app.walk()
  for step = 1, 60 do
    random_app.step(s, walk)
    previous = merge(previous, s:state_patch())
    check.eq(previous, s.state, "seed " .. seed .. ", step " .. step .. ": patched == state")
  end
  s:close()
end

check.done("deps.Store state_patch")
