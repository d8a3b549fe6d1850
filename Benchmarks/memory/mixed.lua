-- wrk script for Benchmarks/memory/run.sh: cycles through 256 pictures (128 tints, on and off),
-- so after a warm-up every request is a cache hit over a fixed working set.
local counter = 0
request = function()
    counter = counter + 1
    return wrk.format("GET", string.format("/toggle?on=%d&color=%06x", counter % 2, (counter % 128) * 131071 % 16777216))
end
