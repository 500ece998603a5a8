#!/usr/bin/env python3
"""User-style requests written while probing the scorer (not training data, never fitted on):
each row is one request (`prompt` and/or `context`, `text`) with `label` "good" (a correct
answer) or "bad" (a wrong one); rows sharing an `id` are the same request answered both ways.
Audits each with the CLI and prints its verdict and height, marking a correct answer REFUSED
("!!") and a wrong one ACCEPTED, then the count of each and the AUROC of height, good over bad.

usage: python3 scripts/probes/run.py [BINARY] [FILE]
       (defaults: ./target/release/epistemic-audit, scripts/probes/requests.jsonl)
Exit status 0 always: a look at real inputs, like ../shared/tools/sanity.py, not a test.
"""
import json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
binary = sys.argv[1] if len(sys.argv) > 1 else "./target/release/epistemic-audit"
path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "requests.jsonl")


def audit(row):
    # `--flag=value` so that a value starting with "-" is not read as a flag.
    cmd = [binary, "audit", f"--text={row['text']}"]
    for field in ("prompt", "context"):
        if row.get(field):
            cmd.append(f"--{field}={row[field]}")
    out = subprocess.run(cmd, capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else None


good, bad = [], []
refused_good = accepted_bad = 0
for line in open(path):
    if not line.strip():
        continue
    row = json.loads(line)
    d = audit(row)
    if d is None:
        print(f"{row['id']:24} {row['label']:4} ERROR")
        continue
    h, v, is_good = d["height"], d["verdict"], row["label"] == "good"
    mark = ""
    if is_good and v == "REFUSED":
        mark, refused_good = "!! correct answer REFUSED", refused_good + 1
    if not is_good and v == "ACCEPT":
        mark, accepted_bad = "!! wrong answer ACCEPTED", accepted_bad + 1
    (good if is_good else bad).append(h)
    print(f"{row['id']:24} {row['label']:4} {v:7} {h:.3f} {mark}")
pairs = sum((g > b) + 0.5 * (g == b) for g in good for b in bad)
auroc = pairs / max(1, len(good) * len(bad))
print(f"{len(good)} correct ({refused_good} REFUSED), {len(bad)} wrong ({accepted_bad} ACCEPTED); "
      f"AUROC of height, correct over wrong: {auroc:.3f}")
