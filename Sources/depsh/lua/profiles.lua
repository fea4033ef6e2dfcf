-- A `.depsh` file's profiles flattened for TestConfig.swift (in a state of its own): called with
-- the table the file returned, it checks its shape and returns records (RS-separated, fields
-- US-separated): `P name` for each profile, `section key kind value` for each option of `_all`
-- and of every profile.
local config = ...
if type(config) ~= "table" then
  error("must return a table of profiles, got a " .. type(config), 0)
end
local out, names = {}, {}
for name in pairs(config) do
  if type(name) ~= "string" then
    error("profile names must be strings, got a " .. type(name), 0)
  end
  names[#names + 1] = name
end
table.sort(names)
local function text(v)
  if math.type(v) == "float" and v == math.floor(v) and math.abs(v) < 2^53 then
    return string.format("%d", v)
  end
  return tostring(v)
end
for _, name in ipairs(names) do
  if name ~= "_all" then out[#out + 1] = "P\31" .. name end
  local section = config[name]
  if type(section) ~= "table" then
    error(string.format("profile %q must be a table of options, got a %s", name,
      type(section)), 0)
  end
  local keys = {}
  for k in pairs(section) do
    if type(k) ~= "string" then
      error(string.format("profile %q: option names must be strings, got a %s", name,
        type(k)), 0)
    end
    keys[#keys + 1] = k
  end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local v = section[k]
    local prefix = name .. "\31" .. k .. "\31"
    if type(v) == "table" then
      for i = 1, #v do
        if type(v[i]) ~= "string" and type(v[i]) ~= "number" then
          error(string.format("profile %q: %s[%d] must be a string, got a %s", name, k, i,
            type(v[i])), 0)
        end
        out[#out + 1] = prefix .. "list\31" .. text(v[i])
      end
    elseif type(v) == "boolean" then
      out[#out + 1] = prefix .. "boolean\31" .. tostring(v)
    elseif type(v) == "string" or type(v) == "number" then
      out[#out + 1] = prefix .. "value\31" .. text(v)
    else
      error(string.format("profile %q: %s must be a string, a number, true/false or a list,"
        .. " got a %s", name, k, type(v)), 0)
    end
  end
end
return table.concat(out, "\30")
