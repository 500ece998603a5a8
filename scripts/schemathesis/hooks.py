"""Schemathesis hooks of scripts/schemathesis.sh.

Every generated request gets its own X-Forwarded-For address (198.18.0.0/15, the benchmarking
range; it only appears in a header, traffic stays on loopback, a trusted proxy), so the per-client
rate limits (contract "Limits") are never reached and every case reaches validation and scoring
instead of being answered 429.
"""

import itertools

import schemathesis

_counter = itertools.count(1)


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    n = next(_counter) % 131072
    if case.headers is None:
        case.headers = {}
    case.headers["X-Forwarded-For"] = f"198.{18 + n // 65536}.{n // 256 % 256}.{n % 256}"
