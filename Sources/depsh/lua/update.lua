-- `depsh test --update`'s rewriting of expected states (TestUpdate.swift calls
-- shell.update_serial, shell.update_take and shell.update_apply).
local shell = debug.getregistry()["depsh.shell"]
local deps = rawget(_G, "deps")
local literal, same = shell.literal, shell.same
local io = io -- kept for --update under --sandbox, which removes it from the globals afterwards

-- `depsh test --update`: after a test failed on an expected state, the assertion of the failing
-- store:send / store:receive is rewritten in the test file as the merge patch `.save` writes
-- (`function(s) s.key = value … end`, the top-level keys the step changed). Rewrites wait in
-- `update.pending` until the round ends (`shell.update_apply`); what cannot be rewritten waits
-- in `update.refusals` with the reason.
local update = { pending = {}, refusals = {}, order = {} }

local function read_file(path)
  local handle = io.open(path, "rb")
  if not handle then return nil end
  local text = handle:read("a")
  handle:close()
  return text
end

-- Lua tokens {kind, text, first, last, line}; comments and blanks dropped.
local function tokenize(src)
  local tokens, i, line, n = {}, 1, 1, #src
  local function add(kind, first, last)
    tokens[#tokens + 1] = { kind = kind, text = src:sub(first, last), first = first, last = last,
      line = line }
    local _, breaks = src:sub(first, last):gsub("\n", "")
    line = line + breaks
  end
  local function long_bracket(at)
    local eq = src:match("^%[(=*)%[", at)
    if not eq then return nil end
    local _, close = src:find("]" .. eq .. "]", at, true)
    return close or n
  end
  while i <= n do
    local c = src:sub(i, i)
    if c == "\n" then
      line = line + 1
      i = i + 1
    elseif c:match("%s") then
      i = i + 1
    elseif src:sub(i, i + 1) == "--" then
      local close = long_bracket(i + 2)
      if close then
        local _, breaks = src:sub(i, close):gsub("\n", "")
        line = line + breaks
        i = close + 1
      else
        i = src:find("\n", i, true) or n + 1
      end
    elseif c == '"' or c == "'" then
      local j = i + 1
      while j <= n do
        local d = src:sub(j, j)
        if d == "\\" then j = j + 2 elseif d == c or d == "\n" then break else j = j + 1 end
      end
      add("string", i, math.min(j, n))
      i = j + 1
    elseif c == "[" and long_bracket(i) then
      local close = long_bracket(i)
      add("string", i, close)
      i = close + 1
    elseif c:match("[%a_]") then
      local j = (src:find("[^%w_]", i) or n + 1) - 1
      add("name", i, j)
      i = j + 1
    elseif c:match("%d") or (c == "." and src:sub(i + 1, i + 1):match("%d")) then
      local j = i
      while j < n do
        local d, e = src:sub(j + 1, j + 1), src:sub(j, j)
        if d:match("[%w%.]") or (d:match("[%+%-]") and e:match("[eEpP]")) then j = j + 1 else break end
      end
      add("number", i, j)
      i = j + 1
    else
      local three, two = src:sub(i, i + 2), src:sub(i, i + 1)
      local width = three == "..." and 3
        or (({ ["=="] = 1, ["~="] = 1, ["<="] = 1, [">="] = 1, ["//"] = 1, ["::"] = 1,
          ["<<"] = 1, [">>"] = 1, [".."] = 1 })[two] and 2)
        or 1
      add("op", i, i + width - 1)
      i = i + width
    end
  end
  return tokens
end

local opens = { ["("] = true, ["["] = true, ["{"] = true }
local closes = { [")"] = true, ["]"] = true, ["}"] = true }
local block_opens = { ["function"] = true, ["do"] = true, ["if"] = true, ["repeat"] = true }

-- How much token `t` changes the nesting (brackets and blocks).
local function nesting(t)
  if t.kind == "op" then
    if opens[t.text] then return 1 elseif closes[t.text] then return -1 end
  elseif t.kind == "name" then
    if block_opens[t.text] then return 1 elseif t.text == "end" or t.text == "until" then return -1 end
  end
  return 0
end

-- The arguments of the call whose `(` is token `open`: a list of {from, to} token ranges, and
-- the index of the closing `)`.
local function call_arguments(tokens, open)
  local args, depth, from = {}, 0, open + 1
  for k = open, #tokens do
    local t = tokens[k]
    local change = nesting(t)
    if depth == 1 and t.kind == "op" and (t.text == "," or t.text == ")") then
      if k > from then args[#args + 1] = { from = from, to = k - 1 } end
      from = k + 1
    end
    depth = depth + change
    if depth == 0 then return args, k end
  end
  return nil
end

local statement_words = { ["local"] = true, ["if"] = true, ["for"] = true, ["while"] = true,
  ["return"] = true, ["repeat"] = true, ["goto"] = true, ["break"] = true, ["do"] = true }

-- The parameter name when tokens[from..to] are `function(NAME) NAME.key = value … end` (each
-- statement an assignment to a field of NAME), or nil and why not.
local function patch_function(tokens, from, to)
  local t = tokens
  if not (t[from].text == "function" and t[from + 1] and t[from + 1].text == "(" and
      t[from + 2] and t[from + 2].kind == "name" and t[from + 3] and t[from + 3].text == ")" and
      t[to].text == "end") then
    return nil, "the expected state is not a function literal of the form function(s) s.key = value end"
  end
  local name = t[from + 2].text
  -- A statement starts with NAME, then .field or [key] (one or more), then `=`.
  local function assignment_at(k)
    if not (t[k].kind == "name" and t[k].text == name) then return nil end
    local j, fields = k + 1, 0
    while j < to do
      if t[j].text == "." and t[j + 1] and t[j + 1].kind == "name" then
        j, fields = j + 2, fields + 1
      elseif t[j].text == "[" then
        local depth = 0
        repeat
          depth = depth + nesting(t[j])
          j = j + 1
        until depth == 0 or j >= to
        fields = fields + 1
      else
        break
      end
    end
    if fields > 0 and j < to and t[j].text == "=" then return j end
    return nil
  end
  local k, depth = from + 4, 0
  local expecting_statement = true
  while k < to do
    local token = t[k]
    if depth == 0 and token.text == ";" then
      k = k + 1
    elseif depth == 0 and (expecting_statement or assignment_at(k)) then
      local equals = assignment_at(k)
      if not equals then
        return nil, "the expected state's function does more than assign fields of " .. name ..
          " (at line " .. token.line .. ")"
      end
      k = equals + 1
      expecting_statement = false
      if k >= to then return nil, "an assignment has no value (at line " .. token.line .. ")" end
    else
      if depth == 0 and token.kind == "name" and statement_words[token.text] then
        return nil, "the expected state's function does more than assign fields of " .. name ..
          " (at line " .. token.line .. ")"
      end
      depth = depth + nesting(token)
      k = k + 1
    end
  end
  return name
end

-- The assert function of a step (`.save`'s form): the top-level keys of `after` that differ
-- from `before`, one assignment each; `nil` when none does.
local function patch_text(name, before, after, indent, one_line)
  local keys = {}
  for k in pairs(before) do keys[k] = true end
  for k in pairs(after) do keys[k] = true end
  local sorted = {}
  for k in pairs(keys) do if not same(before[k], after[k]) then sorted[#sorted + 1] = k end end
  table.sort(sorted, function(a, b) return tostring(a) < tostring(b) end)
  if #sorted == 0 then return "nil" end
  local lines = {}
  for _, k in ipairs(sorted) do
    local target = type(k) == "string" and k:match("^[%a_][%w_]*$") and (name .. "." .. k)
      or (name .. "[" .. literal(k) .. "]")
    lines[#lines + 1] = target .. " = " .. literal(after[k], indent .. "  ")
  end
  local flat = "function(" .. name .. ") " .. table.concat(lines, "; ") .. " end"
  if one_line and not flat:find("\n") and #indent + #flat <= 80 then return flat end
  return "function(" .. name .. ")\n" .. indent .. "  " .. table.concat(lines, "\n" .. indent .. "  ")
    .. "\n" .. indent .. "end"
end

local function refuse(site, why)
  if not update.refusals[site] then
    update.refusals[site] = why
    update.order[#update.order + 1] = site
  end
end

-- After a failed test: `message` is its failure, `serial` the number of the last state
-- mismatch before it ran. Queues the rewrite of the failing step's expected state, or a
-- refusal naming file:line and why. Returns "rewrite", "refused" or "no" (not a state failure).
function shell.update_take(message, serial)
  -- An unexpected received action is reported alone (no state diff follows it), and is never
  -- rewritten: it is refused with its reason below.
  local unexpected = message:find("Received unexpected action:", 1, true) ~= nil
  local now, before, after, exhaustive = deps._state_mismatch()
  if not unexpected then
    if now <= tonumber(serial) then return "no" end
    local headings = { "A state change does not match expectation",
      "State was not expected to change, but a change occurred",
      "Expected state to change, but no change occurred." }
    local is_state = false
    for _, heading in ipairs(headings) do
      if message:find(heading, 1, true) then is_state = true end
    end
    if not is_state then return "no" end
  end
  local file, line = message:match("^(.-):(%d+): ")
  if not file then return "no" end
  line = tonumber(line)
  local site = file .. ":" .. line
  if file:sub(1, 3) == "..." then
    refuse(site, "the file's path is cut short in Lua's message (run depsh test from nearer the file)")
    return "refused"
  end
  if unexpected then
    refuse(site, "the received action differs from the one written (--update re-records " ..
      "expected states, not actions)")
    return "refused"
  end
  if message:find("before sending an action.", 1, true) then
    refuse(site, "actions were received and not asserted before this send (add the " ..
      "store:receive calls first)")
    return "refused"
  end
  if not exhaustive then
    refuse(site, 'the store is not exhaustive (exhaustivity "off"): its assertions state only ' ..
      "what they check, so they are left to you")
    return "refused"
  end
  local src = read_file(file)
  if not src then
    refuse(site, "cannot read the file")
    return "refused"
  end
  local tokens = tokenize(src)
  local calls = {}
  for k = 1, #tokens - 2 do
    local t = tokens[k]
    if t.line == line and t.text == ":" and (tokens[k + 1].text == "send" or tokens[k + 1].text == "receive")
        and tokens[k + 2].text == "(" then
      calls[#calls + 1] = k
    end
  end
  if #calls == 0 then
    refuse(site, "no store:send(…) or store:receive(…) call is written on this line")
    return "refused"
  elseif #calls > 1 then
    refuse(site, "more than one store call is written on this line")
    return "refused"
  end
  local method = tokens[calls[1] + 1].text
  local args, close = call_arguments(tokens, calls[1] + 2)
  if not args then
    refuse(site, "cannot find the end of store:" .. method .. "(…)")
    return "refused"
  end
  local indent = src:match("^[ \t]*", (src:sub(1, tokens[calls[1]].first):match(".*\n()") or 1))
  local name, one_line = "s", true
  local first, last, replacement
  local assert_arg = args[3]
  if assert_arg and not (assert_arg.from == assert_arg.to and tokens[assert_arg.from].text == "nil") then
    local why
    name, why = patch_function(tokens, assert_arg.from, assert_arg.to)
    if not name then
      refuse(site, why)
      return "refused"
    end
    one_line = tokens[assert_arg.from].line == tokens[assert_arg.to].line
  end
  local text = patch_text(name, before or {}, after or {}, indent, one_line)
  if assert_arg then
    first, last = tokens[assert_arg.from].first, tokens[assert_arg.to].last
    replacement = text
    if text == "nil" and #args == 3 then
      -- No change expected: the assertion goes, and a payload left as a trailing nil too.
      local keep = args[2]
      if keep.from == keep.to and tokens[keep.from].text == "nil" then keep = args[1] end
      first, last = tokens[keep.to].last + 1, tokens[assert_arg.to].last
      replacement = ""
    end
  else
    if text == "nil" then return "no" end
    first = tokens[close].first
    last = first - 1
    replacement = (#args == 1 and ", nil, " or ", ") .. text
  end
  local queued = update.pending[file] or {}
  update.pending[file] = queued
  for _, edit in ipairs(queued) do
    if edit.site == site then
      if edit.replacement ~= replacement then
        refuse(site, "the same call failed with different states (it runs more than once)")
        edit.refused = true
        return "refused"
      end
      return "rewrite"
    end
  end
  queued[#queued + 1] = { site = site, first = first, last = last, replacement = replacement,
    method = method }
  return "rewrite"
end

-- The lines from..to of `text` (by byte offsets), whole.
local function whole_lines(src, first, last)
  local from = (src:sub(1, first - 1):match(".*\n()")) or 1
  local to = src:find("\n", math.max(last, first), true) or #src + 1
  return from, to - 1
end

-- Applies the queued rewrites (each file's from its end, so offsets hold) and returns the
-- report of what was rewritten (a diff of the lines of each call) and what was refused.
function shell.update_apply()
  local report, files = {}, {}
  for file in pairs(update.pending) do files[#files + 1] = file end
  table.sort(files)
  local changed = 0
  for _, file in ipairs(files) do
    local src = read_file(file)
    local edits = {}
    for _, edit in ipairs(update.pending[file]) do
      if not edit.refused then edits[#edits + 1] = edit end
    end
    table.sort(edits, function(a, b) return a.first > b.first end)
    local diffs = {}
    local new = src
    for _, edit in ipairs(edits) do
      local from, to = whole_lines(new, edit.first, edit.last)
      local old_lines = new:sub(from, to)
      new = new:sub(1, edit.first - 1) .. edit.replacement .. new:sub(edit.last + 1)
      local new_to = to + #edit.replacement - (edit.last - edit.first + 1)
      local new_lines = new:sub(from, new_to)
      local diff = { "updated " .. edit.site .. " (store:" .. edit.method .. "):" }
      for l in (old_lines .. "\n"):gmatch("(.-)\n") do diff[#diff + 1] = "-" .. l end
      for l in (new_lines .. "\n"):gmatch("(.-)\n") do diff[#diff + 1] = "+" .. l end
      table.insert(diffs, 1, table.concat(diff, "\n"))
      changed = changed + 1
    end
    if #edits > 0 then
      local handle, err = io.open(file, "wb")
      if not handle then
        report[#report + 1] = "cannot update " .. file .. ": " .. tostring(err)
        changed = changed - #edits
      else
        handle:write(new)
        handle:close()
        for _, d in ipairs(diffs) do report[#report + 1] = d end
      end
    end
  end
  local refusals = {}
  for _, site in ipairs(update.order) do
    refusals[#refusals + 1] = "not updated " .. site .. ": " .. update.refusals[site]
  end
  update.pending, update.refusals, update.order = {}, {}, {}
  return tostring(changed), table.concat(report, "\n"), table.concat(refusals, "\n")
end

-- The number of the last state mismatch so far (before a test runs).
function shell.update_serial()
  return tostring((deps._state_mismatch()))
end
