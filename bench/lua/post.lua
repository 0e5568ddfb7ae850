-- One fixed POST: the same body and key on every request. wrk builds the
-- request once (no request() function), so the client costs as little as
-- it can. Arguments: key, body.
--   wrk -s post.lua URL -- rtq-demo-read '{"record_id": 1}'
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "done.lua")

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. args[1]
  wrk.body = args[2]
end
