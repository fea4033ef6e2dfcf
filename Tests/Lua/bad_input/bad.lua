-- The bad-input corpus of the Lua module (Tests/Lua/bad_input/*_bad.lua, run by
-- scripts/test.d/50-hardening through `depsh --context test`). Each case is a function that
-- misuses the module; the helper checks that
--  - it raises, with exactly the message recorded for the case in expected/<file>.txt (one line
--    per case: `name<TAB>message`, newlines as \n; BAD_INPUT_UPDATE=1 rewrites the file from
--    the current messages — review the diff);
--  - the state it names is unchanged (`opts.state`: a function whose result is compared deeply
--    before and after);
--  - nothing leaks in Lua: after warm-up, 100 more failures leave `collectgarbage("count")`
--    within 8 KB of where it was (registry refs, proxies and callbacks included).
-- Prints `ok N - name` / `not ok N - name`, then `# bad-input cases: N` and `N passed, N failed`.
local bad = { cases = 0, passed = 0, failed = 0 }

local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

local function escape(s) return (s:gsub("\\", "\\\\"):gsub("\n", "\\n"):gsub("\t", "\\t")) end
local function unescape(s)
  return (s:gsub("\\(.)", { n = "\n", t = "\t", ["\\"] = "\\" }))
end

local file, expected, recorded, order = nil, {}, {}, {}
local updating = os.getenv("BAD_INPUT_UPDATE") == "1"

--- Starts a corpus file: `name` is the file's base name (expected/<name>.txt).
function bad.file(name)
  file = name
  local path = "Tests/Lua/bad_input/expected/" .. name .. ".txt"
  local handle = io.open(path)
  if handle then
    for line in handle:lines() do
      local case, message = line:match("^([^\t]+)\t(.*)$")
      if case then expected[case] = unescape(message) end
    end
    handle:close()
  end
end

local function report(ok, name, detail)
  bad.cases = bad.cases + 1
  if ok then
    bad.passed = bad.passed + 1
    print(string.format("ok %d - %s", bad.cases, name))
  else
    bad.failed = bad.failed + 1
    print(string.format("not ok %d - %s", bad.cases, name))
    print("    " .. tostring(detail):gsub("\n", "\n    "))
  end
end

--- One case: `fn` must raise the recorded message every time, leave `opts.state()` as it was
--- and leak nothing. `opts.rounds` (default 100) sets the repetitions of the leak check
--- (0: no leak check, for cases whose failure is slow).
function bad.case(name, fn, opts)
  opts = opts or {}
  assert(not recorded[name], "duplicate case name: " .. name)
  local before = opts.state and opts.state()
  local ok, message = pcall(fn)
  message = tostring(message)
  recorded[name] = message
  order[#order + 1] = name
  if ok then return report(false, name, "did not raise") end
  if not updating and expected[name] ~= message then
    return report(false, name, "wrong error:\n  expected: "
      .. tostring(expected[name]) .. "\n  got:      " .. message)
  end
  if opts.state and not same(before, opts.state()) then
    return report(false, name, "the state changed")
  end
  for _ = 1, 5 do pcall(fn) end
  local rounds = opts.rounds or 100
  if rounds > 0 then
    collectgarbage("collect")
    collectgarbage("collect")
    local start = collectgarbage("count")
    for _ = 1, rounds do
      local again, text = pcall(fn)
      if again or tostring(text) ~= message then
        return report(false, name, "a repeated failure differs: " .. tostring(text))
      end
    end
    collectgarbage("collect")
    collectgarbage("collect")
    local grown = collectgarbage("count") - start
    if grown > 8 then
      return report(false, name, string.format("%.1f KB more after %d failures", grown, rounds))
    end
  end
  report(true, name)
end

--- Ends the file: writes expected/<file>.txt when updating, prints the counts.
function bad.done()
  if updating then
    local handle = assert(io.open("Tests/Lua/bad_input/expected/" .. file .. ".txt", "w"))
    for _, name in ipairs(order) do
      handle:write(name, "\t", escape(recorded[name]), "\n")
    end
    handle:close()
  end
  print(string.format("# bad-input cases: %d", bad.cases))
  print(string.format("%d passed, %d failed", bad.passed, bad.failed))
  if bad.failed > 0 then os.exit(1) end
end

return bad
