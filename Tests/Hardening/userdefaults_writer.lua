-- The writer of the crash-safety test (Tests/Hardening/kill_test.py): in the live context it
-- writes counter values through `deps.dependency("userDefaults.set")` (the live file in
-- $DEPS_DATA_DIR) and logs each value after its write has returned, until it is killed or has
-- written COUNT values. KEY is one key, or a pattern with %d (`a.%d`: one new key per value).
-- Usage: depsh --context live userdefaults_writer.lua KEY START COUNT [LOG [PADDING_BYTES]]
local deps = require "deps"

local key, start, count, log_path, padding_bytes = ...
start, count = math.tointeger(tonumber(start)), math.tointeger(tonumber(count))
assert(key and start and count, "usage: userdefaults_writer.lua KEY START COUNT [LOG [PADDING]]")
if log_path == "" then log_path = nil end

local set = deps.dependency("userDefaults.set")
local log = log_path and assert(io.open(log_path, "a")) or nil
-- A few kilobytes per value (default 4096 bytes), so a kill often lands inside a write.
local padding = string.rep("x", math.tointeger(tonumber(padding_bytes or "4096")))

for n = start, start + count - 1 do
  local name = key:find("%d", 1, true) and key:format(n) or key
  local ok, message = set { key = name, value = { n = n, padding = padding } }
  if ok == nil and message then error("userDefaults.set failed: " .. message) end
  if log then
    log:write(n, "\n")
    log:flush()
  end
end
if log then log:close() end
