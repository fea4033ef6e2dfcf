-- The test driver's side of `depsh test` (TestWorker.swift, TestUpdate.swift): a file's
-- `deps.test`s collected into `deps._tests`, their names and places, running one, resetting
-- between tests, and `--filter`'s match.
local shell = debug.getregistry()["depsh.shell"]
local deps = rawget(_G, "deps")

-- The test driver. deps._reset() returns the leftovers of the test stores it had to close
-- (unreceived actions, running effects) as a message, or nil.
function shell.reset()
  if deps and deps._reset then return deps._reset() end
end

function shell.begin_collect()
  if not deps then error("the deps module is not loaded", 0) end
  deps._tests = {}
  deps._collecting = true
end

function shell.end_collect()
  if deps then deps._collecting = false end
  return tostring(#(deps and deps._tests or {}))
end

function shell.test_info(i)
  local t = deps._tests[i]
  local source = tostring(t.source or ""):gsub("^@", "")
  local tags = {}
  if type(t.tags) == "table" then
    for j, tag in ipairs(t.tags) do tags[j] = tostring(tag) end
  end
  return tostring(t.name), source, tostring(math.tointeger(tonumber(t.line)) or 0),
    table.concat(tags, ",")
end

-- A test file's directory goes first on package.path and package.cpath while it runs.
function shell.add_module_directory(dir)
  local prefix = dir
  package.path = prefix .. "/?.lua;" .. prefix .. "/?/init.lua;" .. package.path
  package.cpath = prefix .. "/?.so;" .. package.cpath
end

function shell.push_test(i)
  return deps._tests[i].fn
end

function shell.matches(name, pattern)
  return string.find(name, pattern) ~= nil and "yes" or "no"
end
