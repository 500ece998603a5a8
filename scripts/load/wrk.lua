-- wrk script of scripts/load.sh: one request shape per run, clients spread over many
-- X-Forwarded-For addresses (the load generator connects from 127.0.0.1, a trusted proxy by
-- default), optional pacing to a fixed total rate, and one machine-readable RESULT line.
--
-- Environment (read by every wrk thread):
--   LOAD_METHOD  GET or POST (default GET)
--   LOAD_BODY    file whose content is the request body (POST)
--   LOAD_KEY     API key sent as X-API-Key (optional)
--   LOAD_IPS     number of distinct client addresses, used round-robin from 198.18.0.0
--                (RFC 2544 benchmarking range; they only appear in a header) (default 100000)
--   LOAD_RATE    total requests per second to pace to; 0 = as fast as possible (default 0)
--   LOAD_CONNS   connections (-c), needed to turn LOAD_RATE into a per-connection delay

local counter = 0
local thread_id = 0
local ips, method, body, key, delay_ms

local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end

function init(args)
  thread_id = tonumber(wrk.thread:get("id")) or 0
  ips = tonumber(os.getenv("LOAD_IPS") or "100000")
  method = os.getenv("LOAD_METHOD") or "GET"
  key = os.getenv("LOAD_KEY")
  local path = os.getenv("LOAD_BODY")
  if path and path ~= "" then
    local f = assert(io.open(path, "rb"))
    body = f:read("*a")
    f:close()
  end
  local rate = tonumber(os.getenv("LOAD_RATE") or "0")
  local conns = tonumber(os.getenv("LOAD_CONNS") or "1")
  if rate > 0 then
    delay_ms = conns * 1000.0 / rate
  end
  -- Threads start at different offsets so that they do not reuse each other's addresses.
  counter = thread_id * 1000003
end

local function address(i)
  local n = i % ips
  return string.format("198.%d.%d.%d", 18 + math.floor(n / 65536) % 2,
    math.floor(n / 256) % 256, n % 256)
end

function request()
  counter = counter + 1
  local headers = { ["X-Forwarded-For"] = address(counter) }
  if key and key ~= "" then headers["X-API-Key"] = key end
  if body then headers["Content-Type"] = "application/json" end
  return wrk.format(method, nil, headers, body)
end

if os.getenv("LOAD_RATE") and tonumber(os.getenv("LOAD_RATE")) > 0 then
  function delay()
    return delay_ms
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d max_us=%d non2xx=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
