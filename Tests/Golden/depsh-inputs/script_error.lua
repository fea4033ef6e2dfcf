-- For the golden test of a script error: `depsh FILE.lua` reports file:line and a traceback.
print("arguments:", ...)
local function fail(reason)
  error("gave up: " .. reason)
end
fail(arg[1])
