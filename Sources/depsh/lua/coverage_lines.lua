-- `depsh test --coverage`'s executable lines (Coverage.swift, in a state of its own): compiles
-- the file at the path it is given, dumps it with its debug information and walks the Lua 5.4
-- binary chunk (ldump.c's layout): every function's line info gives the line of each
-- instruction. The first instruction of a vararg function (VARARGPREP) is never reported by the
-- hook. Returns the lines, comma-separated ("" when the file does not compile).
local path = ...
local chunk = loadfile(path, "t")
if not chunk then return "" end
local data = string.dump(chunk)
local pos = 1
local function byte()
  local b = data:byte(pos); pos = pos + 1; return b
end
local function size()
  local x = 0
  repeat
    local b = byte()
    x = x * 128 + (b & 0x7f)
  until b & 0x80 ~= 0
  return x
end
local function str()
  local n = size()
  if n == 0 then return nil end
  local s = data:sub(pos, pos + n - 2); pos = pos + n - 1; return s
end
if data:sub(1, 4) ~= "\27Lua" or data:byte(5) ~= 0x54 then return "" end
pos = 1 + 4 + 1 + 1 + 6 + 3 + 8 + 8 + 1  -- past the header and the upvalue count
local lines = {}
local function func()
  str()
  local linedefined = size(); size()
  byte(); local vararg = byte(); byte()
  local ncode = size(); pos = pos + 4 * ncode
  for _ = 1, size() do
    local t = byte()
    if t == 3 or t == 19 then pos = pos + 8
    elseif t == 4 or t == 20 then str() end
  end
  local nupvalues = size()
  pos = pos + 3 * nupvalues
  for _ = 1, size() do func() end
  local nline = size()
  local deltas = { data:byte(pos, pos + nline - 1) }
  pos = pos + nline
  local abs = {}
  for _ = 1, size() do
    local pc = size(); abs[pc] = size()
  end
  for _ = 1, size() do str(); size(); size() end
  for _ = 1, size() do str() end
  local line = linedefined
  for pc = 0, nline - 1 do
    local d = deltas[pc + 1]
    if d == 0x80 then line = abs[pc] or line
    else line = line + (d >= 0x80 and d - 256 or d) end
    if line > 0 and not (pc == 0 and vararg ~= 0) then lines[line] = true end
  end
end
func()
local out = {}
for line in pairs(lines) do out[#out + 1] = line end
table.sort(out)
return table.concat(out, ",")
