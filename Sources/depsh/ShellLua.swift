// The Lua half of the shell: pretty-printing, the REPL's dot-commands and completion, and the
// test driver's access to `deps._tests`. Kept in Lua so Swift never walks foreign tables; Swift
// calls these through `LuaState.callHelper` (always under lua_pcall).
enum ShellLua {
  static let source = #"""
    local shell = {}
    debug.getregistry()["depsh.shell"] = shell
    local deps = rawget(_G, "deps")
    local io = io -- kept for the REPL's trace under --sandbox

    local keywords = {}
    for word in ([[and break do else elseif end false for function goto if in local nil not or
      repeat return then true until while]]):gmatch("%a+") do keywords[word] = true end

    local function quote(s)
      return '"' .. s:gsub('[%c"\\]', function(c)
        local named = { ["\n"] = "\\n", ["\t"] = "\\t", ["\r"] = "\\r", ['"'] = '\\"',
          ["\\"] = "\\\\" }
        return named[c] or string.format("\\%03d", c:byte())
      end) .. '"'
    end

    local function keyorder(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      return tostring(a) < tostring(b)
    end

    -- How deep and how long printed tables go (`.show DEPTH ITEMS`): a table below `depth` prints
    -- as {…N items}, a table with more than `items` entries prints its first ones and "…N more".
    local limits = { depth = 4, items = 40 }

    local function count(t)
      local n = 0
      for _ in next, t do n = n + 1 end
      return n
    end

    -- `seen` maps each table being printed to its path from the root, so a cycle names where
    -- it points back to (`<cycle: root.a>`).
    local function render(value, indent, seen, width, depth, path)
      if type(value) == "string" then return quote(value) end
      if type(value) ~= "table" then return tostring(value) end
      local mt = getmetatable(value)
      if mt and mt.__tostring then return tostring(value) end
      if seen[value] then return "<cycle: " .. seen[value] .. ">" end
      depth = depth or 0
      path = path or "root"
      if depth >= limits.depth and next(value) ~= nil then
        local total = count(value)
        return "{…" .. total .. (total == 1 and " item}" or " items}")
      end
      seen[value] = path
      local n, keys = #value, {}
      for k in pairs(value) do
        if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
      end
      table.sort(keys, keyorder)
      local parts = {}
      local inner = indent .. "  "
      local shown = 0
      for i = 1, n do
        if shown >= limits.items then break end
        shown = shown + 1
        parts[#parts + 1] = render(value[i], inner, seen, width, depth + 1, path .. "[" .. i .. "]")
      end
      for _, k in ipairs(keys) do
        if shown >= limits.items then break end
        shown = shown + 1
        local name, child
        if type(k) == "string" and k:match("^[%a_][%w_]*$") and not keywords[k] then
          name = k
          child = path .. "." .. k
        else
          name = "[" .. render(k, inner, seen, width, depth + 1, path) .. "]"
          child = path .. name
        end
        parts[#parts + 1] = name .. " = " .. render(value[k], inner, seen, width, depth + 1, child)
      end
      local hidden = n + #keys - shown
      if hidden > 0 then parts[#parts + 1] = "…" .. hidden .. " more" end
      seen[value] = nil
      if #parts == 0 then return "{}" end
      local flat = "{ " .. table.concat(parts, ", ") .. " }"
      if not flat:find("\n") and #flat + #indent <= width then return flat end
      return "{\n" .. inner .. table.concat(parts, ",\n" .. inner) .. "\n" .. indent .. "}"
    end

    --- A value as Lua source-like text: tables sorted and indented, strings quoted.
    function shell.pretty(value, width)
      return render(value, "", {}, width or 78)
    end

    function shell.show_limits(depth, items)
      if depth then limits.depth = math.tointeger(depth) end
      if items then limits.items = math.tointeger(items) end
      return string.format("tables print %d %s deep and %d %s long", limits.depth,
        limits.depth == 1 and "level" or "levels", limits.items, limits.items == 1 and "item" or "items")
    end

    -- `_1` … `_9`: the REPL's last results (the first value of each), the latest in `_1`.
    function shell.keep_result(value)
      for i = 9, 2, -1 do rawset(_G, "_" .. i, rawget(_G, "_" .. (i - 1))) end
      rawset(_G, "_1", value)
    end

    -- `.timeline NAME [mermaid]`: the timeline of the store the expression NAME names.
    function shell.timeline(name, format)
      local chunk = load("return " .. name, "=.timeline", "t")
      local ok, store = pcall(chunk or error, nil)
      if not chunk or not ok or (type(store) ~= "userdata") or not store.timeline then
        error(".timeline needs a store: " .. name .. " is not one", 0)
      end
      return store:timeline(format)
    end

    -- `.reset`: closes every store and test store, fresh dependencies.
    function shell.reset_session()
      shell.session = setmetatable({}, { __mode = "k" })
      shell.session_order = {}
      local leftovers = deps and deps._reset and deps._reset()
      local text = "every store closed; dependencies are fresh"
      if leftovers then text = text .. "\n" .. leftovers end
      return text
    end

    --- The REPL's echo of returned values: top-level strings raw (like lua.c's print).
    function shell.show(...)
      local parts = {}
      for i = 1, select("#", ...) do
        local v = select(i, ...)
        parts[i] = type(v) == "string" and v or shell.pretty(v)
      end
      return table.concat(parts, "\t")
    end

    function shell.set_context(name)
      if not (deps and deps._set_context) then return end
      deps._set_context(name)
    end

    function shell.context()
      if deps and deps._context then return tostring(deps._context()) end
      return "(unknown)"
    end

    shell.session = setmetatable({}, { __mode = "k" })
    shell.session_order = {}

    -- The REPL prints every action a deps.Store handles, and the state after it.
    function shell.trace(store, action, payload, state)
      -- `.save` needs each store's feature, first state and handled actions, in first-action order.
      local log = shell.session[store]
      if not log then
        log = { feature = store.feature, initial = store.initial_state, handled = {} }
        shell.session[store] = log
        shell.session_order[#shell.session_order + 1] = store
      end
      log.handled[#log.handled + 1] = { action = action, payload = payload, state = state }
      local line = "← " .. tostring(action)
      if payload ~= nil then line = line .. " " .. shell.pretty(payload) end
      io.write(line, "\n  ", (shell.pretty(state, 76):gsub("\n", "\n  ")), "\n")
      io.flush()
    end

    function shell.enable_trace()
      if deps then deps._trace = shell.trace end
    end

    -- A Lua literal of a value (sorted keys, so the file reads the same every time).
    local function literal(v, indent)
      indent = indent or ""
      if type(v) == "string" then return string.format("%q", v) end
      if math.type(v) == "float" and v == v and v ~= math.huge and v ~= -math.huge then
        -- The shortest text that reads back as the same number (tostring keeps 14 digits).
        for digits = 14, 17 do
          local text = string.format("%." .. digits .. "g", v)
          if tonumber(text) == v then
            return text:find("[%.eEn]") and text or text .. ".0"
          end
        end
      end
      if type(v) ~= "table" then return tostring(v) end
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      if #keys == 0 then return "{}" end
      local parts = {}
      for _, k in ipairs(keys) do
        local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or ("[" .. literal(k) .. "]")
        parts[#parts + 1] = indent .. "  " .. key .. " = " .. literal(v[k], indent .. "  ") .. ","
      end
      return "{\n" .. table.concat(parts, "\n") .. "\n" .. indent .. "}"
    end

    local function same(a, b)
      if type(a) ~= "table" or type(b) ~= "table" then return a == b end
      for k, v in pairs(a) do if not same(v, b[k]) then return false end end
      for k in pairs(b) do if a[k] == nil then return false end end
      return true
    end

    -- `.save` (ShellSave.swift) writes with these too.
    shell.literal, shell.same = literal, same

    local function field(t, ...)
      if type(t) ~= "table" then return nil end
      for _, k in ipairs({ ... }) do
        if t[k] ~= nil then return t[k] end
      end
    end

    function shell.features()
      local out = {}
      for _, f in ipairs(deps.features()) do
        local name = type(f) == "table" and tostring(field(f, "name")) or tostring(f)
        local summary = field(f, "summary")
        out[#out + 1] = string.format("%-12s %s", name, summary and tostring(summary) or "")
        local actions = field(f, "actions")
        if type(actions) == "table" and #actions > 0 then
          local names = {}
          for i, a in ipairs(actions) do
            names[i] = type(a) == "table" and tostring(field(a, "name") or a) or tostring(a)
          end
          out[#out + 1] = "             actions: " .. table.concat(names, ", ")
        end
      end
      return table.concat(out, "\n")
    end

    function shell.dependencies()
      local out = {}
      for _, d in ipairs(deps.dependencies()) do
        if type(d) ~= "table" then
          out[#out + 1] = tostring(d)
        else
          local signature = ""
          if field(d, "input") or field(d, "output") then
            signature = string.format("(%s) -> %s", tostring(field(d, "input") or ""),
              tostring(field(d, "output") or "()"))
          end
          local flags = {}
          if field(d, "async") then flags[#flags + 1] = "async" end
          if field(d, "throws") then flags[#flags + 1] = "throws" end
          local contexts = field(d, "contexts")
          if type(contexts) == "table" then
            flags[#flags + 1] = "[" .. table.concat(contexts, ", ") .. "]"
          end
          out[#out + 1] = string.format("%-26s %s %s", tostring(field(d, "path")), signature,
            table.concat(flags, " ")):gsub("%s+$", "")
        end
      end
      return table.concat(out, "\n")
    end

    -- Completion of the word `text`: globals and keywords, or the fields of a dotted path
    -- (`deps.fe`), or the methods of a value (`store:se`).
    local store_fields = {
      ["deps.Store"] = { "state", "feature", "context", "closed", "busy", "dependencies",
        "initial_state" },
      ["deps.TestStore"] = { "state", "exhaustivity", "dependencies", "feature", "closed" },
    }

    -- The methods of a deps.Store or deps.TestStore: the table of functions its metatable's
    -- `__index` looks names up in (one of its upvalues), so every method is offered.
    local getupvalue = debug.getupvalue
    local function userdata_methods(mt)
      local index = rawget(mt, "__index")
      if type(index) ~= "function" then return nil end
      for i = 1, 8 do
        local name, value = getupvalue(index, i)
        if name == nil then return nil end
        if type(value) == "table" and next(value) ~= nil then
          local methods = true
          for k, v in next, value do
            if type(k) ~= "string" or type(v) ~= "function" then methods = false end
          end
          if methods then return value end
        end
      end
    end

    local function add_keys(into, t, only_functions)
      if type(t) ~= "table" then return end
      for k, v in next, t do
        if type(k) == "string" and k:match("^[%a_][%w_]*$")
          and (not only_functions or type(v) == "function") then
          into[k] = true
        end
      end
    end

    local function members(value, methods)
      local names = {}
      if type(value) == "table" then add_keys(names, value, methods) end
      local mt = getmetatable(value)
      if type(mt) == "table" then
        local index = rawget(mt, "__index")
        if type(index) == "table" then add_keys(names, index, methods) end
        local kind = rawget(mt, "__name")
        if store_fields[kind] then add_keys(names, userdata_methods(mt), true) end
        if not methods then
          for _, name in ipairs(store_fields[kind] or {}) do names[name] = true end
        end
        if type(value) ~= "table" then
          for k, v in next, mt do
            if type(k) == "string" and not k:match("^__") and type(v) == "function" then
              names[k] = true
            end
          end
        end
      elseif type(value) == "string" then
        add_keys(names, string, true)
      end
      return names
    end

    -- A dotted path from _G (`s.state.todos`), indexing stores (userdata) through their
    -- metatables; nil when any step fails.
    local function lookup(path)
      local value = _G
      for segment in path:gmatch("[^%.]+") do
        if type(value) == "table" then
          local ok, v = pcall(function() return value[segment] end)
          value = ok and v or nil
        elseif type(value) == "userdata" then
          local ok, v = pcall(function() return value[segment] end)
          if not ok then return nil end
          value = v
        else
          return nil
        end
        if value == nil then return nil end
      end
      return value
    end

    local function feature_names()
      local out = {}
      if not (deps and deps.features) then return out end
      for _, f in ipairs(deps.features()) do
        local name = type(f) == "table" and field(f, "name") or f
        if name ~= nil then out[#out + 1] = tostring(name) end
      end
      return out
    end

    -- The actions of feature `name` (nil: of every feature).
    local function action_names(name)
      local out, seen = {}, {}
      if not (deps and deps.features) then return out end
      for _, f in ipairs(deps.features()) do
        local fname = type(f) == "table" and field(f, "name") or f
        local actions = type(f) == "table" and field(f, "actions") or nil
        if (name == nil or tostring(fname) == name) and type(actions) == "table" then
          for _, a in ipairs(actions) do
            local an = tostring(type(a) == "table" and (field(a, "name") or a) or a)
            if not seen[an] then seen[an] = true; out[#out + 1] = an end
          end
        end
      end
      return out
    end

    local function endpoint_paths()
      local out = {}
      if not (deps and deps.dependencies) then return out end
      for _, d in ipairs(deps.dependencies()) do
        local path = type(d) == "table" and field(d, "path") or d
        if path ~= nil then out[#out + 1] = tostring(path) end
      end
      return out
    end

    -- Inside a string: feature names (`deps.Store{feature="`), action names (`s:send("`,
    -- `s:receive("`, of the store's feature), dependency endpoints (`deps.dependency("`).
    local function string_candidates(before)
      if before:match("feature%s*=%s*[\"']$") then return feature_names() end
      if before:match("dependency%s*%(%s*[\"']$") then return endpoint_paths() end
      local var = before:match("([%a_][%w_%.]*)%s*:%s*send%s*%(%s*[\"']$")
        or before:match("([%a_][%w_%.]*)%s*:%s*receive%s*%(%s*[\"']$")
      if var then
        local store = lookup(var)
        local ok, feature = pcall(function() return store.feature end)
        return action_names(ok and feature ~= nil and tostring(feature) or nil)
      end
    end

    -- Completion of the word `text` (`line`: the line up to the cursor): inside a string, the
    -- names above; otherwise globals and keywords, or the fields of a dotted path (`deps.fe`,
    -- `s.state.co`), or the methods of a value (`store:se`).
    function shell.complete(text, line)
      line = line or text
      local before = line:sub(1, #line - #text)
      local out = {}
      local listed = string_candidates(before)
      if listed then
        table.sort(listed)
        for _, name in ipairs(listed) do
          if name:sub(1, #text) == text then out[#out + 1] = name end
        end
        return table.concat(out, "\n")
      end
      local path, sep, partial = text:match("^([%a_][%w_%.]*)([%.:])([%w_]*)$")
      local names, prefix = {}, ""
      if path then
        local value = lookup(path)
        if value == nil then return "" end
        names = members(value, sep == ":")
        prefix = path .. sep
      else
        partial = text:match("^[%a_][%w_]*$") or (text == "" and "") or nil
        if not partial then return "" end
        add_keys(names, _G)
        for word in pairs(keywords) do names[word] = true end
      end
      for name in pairs(names) do
        if name:sub(1, #partial) == partial and (partial:sub(1, 1) == "_" or not name:match("^_")) then
          out[#out + 1] = prefix .. name
        end
      end
      table.sort(out)
      return table.concat(out, "\n")
    end

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
      local now, before, after, exhaustive = deps._state_mismatch()
      if now <= tonumber(serial) then return "no" end
      local headings = { "A state change does not match expectation",
        "State was not expected to change, but a change occurred",
        "Expected state to change, but no change occurred." }
      local is_state = false
      for _, heading in ipairs(headings) do
        if message:find(heading, 1, true) then is_state = true end
      end
      if not is_state then return "no" end
      local file, line = message:match("^(.-):(%d+): ")
      if not file then return "no" end
      line = tonumber(line)
      local site = file .. ":" .. line
      if file:sub(1, 3) == "..." then
        refuse(site, "the file's path is cut short in Lua's message (run depsh test from nearer the file)")
        return "refused"
      end
      if message:find("Received unexpected action:", 1, true) then
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
    """#
}
