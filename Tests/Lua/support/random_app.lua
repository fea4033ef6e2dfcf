-- The App feature's random actions, shared by the property tests of s:state_patch() and
-- s:state_changes(): `random_app.step(store, walk)` sends one action valid in the current state
-- (tutorial actions only while the tutorial is open) and keeps `walk` ({tutorial, added}) up to
-- date; `random_app.id(n)` is the uuid "incrementing" gives the n-th todo; `random_app.open()`
-- opens an App store whose uuid and date are deterministic, so twin stores agree.
local random_app = {}

function random_app.open()
  return require("deps").Store {
    feature = "App",
    context = "test",
    dependencies = function(d)
      d.uuid = "incrementing"
      d.date.now = 0
    end,
  }
end

function random_app.id(n) return string.format("00000000-0000-0000-0000-%012d", n) end

function random_app.walk() return { tutorial = false, added = 0 } end

function random_app.step(s, walk)
  local id = random_app.id
  local list = walk.tutorial and "tutorial" or "todos"
  local choice = math.random(6)
  if choice == 1 or choice == 6 then
    s:send(choice == 1 and list or "todos", "addButtonTapped")
    walk.added = walk.added + 1
  elseif choice == 2 then
    s:send(list, { titleChanged = { id = id(math.random(0, walk.added)), title = "t" .. math.random(3) } })
  elseif choice == 3 then
    s:send(list, { deleteButtonTapped = { id = id(math.random(0, walk.added)) } })
  elseif choice == 4 then
    s:send("tutorialButtonTapped")
    walk.tutorial = true
  else
    s:send("tutorialDismissed")
    walk.tutorial = false
  end
end

return random_app
