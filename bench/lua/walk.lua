-- A cursor walk: each request carries the next_page_token of the latest
-- answer seen on this thread; after the last page (token null) the walk
-- starts again at the first page. With several connections per thread the
-- walks interleave, which is fine: tokens are valid on any connection.
-- Arguments: key, first-page body (a JSON object without page_token).
--   wrk -s walk.lua URL -- rtq-demo-read '{"template":"T1","page_size":20}'
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "done.lua")

local headers
local first
local token = nil

function init(args)
  headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. args[1],
  }
  first = args[2]
end

function request()
  if token == nil then
    return wrk.format("POST", nil, headers, first)
  end
  local body = first:gsub("}%s*$", ',"page_token":"' .. token .. '"}')
  return wrk.format("POST", nil, headers, body)
end

function response(status, hdrs, body)
  token = body:match('"next_page_token"%s*:%s*"([^"]+)"')
end
