-- wrk script for Benchmarks/serving/uncached.sh: every request asks for a different picture
-- (on/off alternating, the tint stepping through the 24-bit colours by a large odd stride), so
-- with --cache-bytes 0 every response is drawn and encoded. The scale comes from the environment
-- variable SCALE (default 1), the path from TOGGLE_PATH (default /toggle; /toggle.svg for svg.sh).
local counter = 0
local scale = os.getenv("SCALE") or "1"
local path = os.getenv("TOGGLE_PATH") or "/toggle"
request = function()
    counter = counter + 1
    local color = (counter * 2654435761) % 16777216
    return wrk.format("GET", string.format("%s?on=%d&color=%06x&scale=%s", path, counter % 2, color, scale))
end
