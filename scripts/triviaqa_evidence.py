#!/usr/bin/env python3
"""Collects tier evidence for TriviaQA dev questions from an OpenAI-compatible upstream (llama-cpp-python
serving SmolLM2-135M-Instruct): per question the greedy answer with the log-probabilities of its own tokens
(top-k alternatives included) and K sampled answers (temperature 1, no top-k/top-p/min-p truncation, seeds
1..K), prompted with one worked example ("Question: What is the capital of France?" → "Paris"); the answer is labelled by normalised alias match (SQuAD normalisation: lower case, no punctuation,
no articles, single spaces; correct when a normalised alias occurs as a whole-word span of the answer).

Output: one JSON object per line {id, group, prompt, text, label (1 = incorrect), logprobs, samples}.
Used to bootstrap the tier calibrators while the Rust `eval` mode (same protocol) is being built.

    python3 scripts/triviaqa_evidence.py --base http://127.0.0.1:8089 --n 300 --k 5 --out evidence.jsonl
"""
import argparse, json, re, string, sys, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

SYSTEM = "You answer trivia questions with the answer only: a name, place, number or short phrase, no sentence."
# One worked example, so that a small model answers with a phrase that alias matching can judge.
SHOT = [{"role": "user", "content": "Question: What is the capital of France?"}, {"role": "assistant", "content": "Paris"}]

def norm(s):
    s = s.lower()
    s = "".join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r"\b(a|an|the)\b", " ", s)
    return " ".join(s.split())

def correct(answer, aliases):
    a = f" {norm(answer)} "
    return any(norm(x) and f" {norm(x)} " in a for x in aliases)

def post(base, path, body, timeout=120):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())

def chat(base, prompt, temperature, seed, max_tokens, logprobs):
    body = {"messages": [{"role": "system", "content": SYSTEM}, *SHOT, {"role": "user", "content": "Question: " + prompt}],
            "temperature": temperature, "seed": seed, "max_tokens": max_tokens, "top_p": 1.0, "top_k": 0, "min_p": 0.0}
    if logprobs:
        body.update({"logprobs": True, "top_logprobs": 5})
    r = post(base, "/v1/chat/completions", body)
    c = r["choices"][0]
    lp = None
    if logprobs and c.get("logprobs"):
        lp = [{"token": t["token"], "logprob": t["logprob"],
               "top_logprobs": [{"token": a["token"], "logprob": a["logprob"]} for a in t.get("top_logprobs") or []]}
              for t in c["logprobs"]["content"]]
    return c["message"]["content"].strip(), lp

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--data", default="../shared/data/triviaqa.dev.jsonl")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--max-tokens", type=int, default=16)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rows = [json.loads(l) for l in open(a.data)][: a.n]
    t0 = time.time()
    with open(a.out, "w") as out:
        for i, r in enumerate(rows):
            text, lp = chat(a.base, r["prompt"], 0.0, 0, a.max_tokens, True)
            samples = [chat(a.base, r["prompt"], 1.0, s, a.max_tokens, False)[0] for s in range(1, a.k + 1)]
            samples = [s for s in samples if s] or None
            if not text:
                continue
            row = {"id": r["id"], "group": r["group"], "prompt": r["prompt"], "text": text,
                   "label": 0 if correct(text, r["answers"]) else 1, "logprobs": lp, "samples": samples}
            out.write(json.dumps(row) + "\n")
            out.flush()
            if i % 10 == 0:
                print(f"{i+1}/{len(rows)} {time.time()-t0:.0f}s", file=sys.stderr, flush=True)

if __name__ == "__main__":
    main()
