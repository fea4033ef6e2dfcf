-- The REPL's store pump (StorePump.swift): returns the function that lists the open stores'
-- descriptors (ready == nil) or pumps the stores whose descriptor is ready.
local deps = require "deps"
return function(ready)
  local open = deps.stores()
  local out = {}
  for _, s in ipairs(open) do
    local ok, fd = pcall(s.fd, s)
    if ok then
      if ready == nil then
        out[#out + 1] = tostring(fd)
      elseif ready[fd] then
        local pumped, err = pcall(s.pump, s)
        if not pumped then out[#out + 1] = tostring(err) end
      end
    end
  end
  return table.concat(out, ready == nil and " " or "\n")
end
