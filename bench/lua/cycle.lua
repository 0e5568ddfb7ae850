-- POSTs that rotate through a list of bodies, one after the other on each
-- thread. Arguments: key, body1, body2, ... A body written "/path {...}"
-- goes to that path instead of the URL's.
--   wrk -s cycle.lua URL -- rtq-demo-read '{"page":1}' '/__admin/reset {}'
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "done.lua")

local reqs = {}
local i = 0

function init(args)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. args[1],
  }
  for n = 2, #args do
    local path, body = args[n]:match("^(/%S*) (.*)$")
    if path == nil then
      body = args[n]
    end
    reqs[#reqs + 1] = wrk.format("POST", path, headers, body)
  end
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end
