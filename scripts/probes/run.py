#!/usr/bin/env python3
"""User-style requests written while probing the scorer (not training data, never fitted on):
each row is one request (`prompt` and/or `context`, `text`) with `label` "good" (a correct
answer) or "bad" (a wrong one); rows sharing an `id` are the same request answered both ways.
Audits each with the CLI and prints its verdict and height, marking a correct answer REFUSED
("!!") and a wrong one ACCEPTED, then the count of each and the AUROC of height, good over bad.

usage: python3 scripts/probes/run.py [--arrange=labelled|inline|context|context-first|
       context-first-line|instructed|langchain|llamaindex|xml|markdown|system|cookbook]
       [BINARY] [FILE]
       (defaults: ./target/release/epistemic-audit, scripts/probes/requests.jsonl)
--arrange sends each request that has both a prompt and a context as a client that pastes the
passage into its prompt would, with no context: "labelled" as "Context: <context>\nQuestion:
<prompt>", "inline" as "Answer using the passage below.\n<context>\n<prompt>"; "context" sends
it as a contract-only client (text and context only) that puts both in the context,
"<context>\n<prompt>", "context-first" as "<prompt>\n\n<context>", "context-first-line" as
"<prompt>\n<context>" (no blank line after a conversation); "instructed" sends that
context with the prompt "Answer the question using the context."; "langchain" and
"llamaindex" put both in the prompt as the default question-answering templates of those
libraries do, "xml", "markdown", "system" and "cookbook" as chat prompts write them (tags,
headings, "Documents:" … "User question:", the OpenAI cookbook's prompt; other rows as they
are).
Exit status 0 always: a look at real inputs, like ../shared/tools/sanity.py, not a test.
"""
import json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
args = [a for a in sys.argv[1:] if not a.startswith("--arrange=")]
arrange = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--arrange=")), None)
TEMPLATES = {
    # LangChain's default RetrievalQA ("stuff") prompt.
    "langchain": "Use the following pieces of context to answer the question at the end. If you "
                 "don't know the answer, just say that you don't know, don't try to make up an "
                 "answer.\n\n{c}\n\nQuestion: {p}\nHelpful Answer:",
    # LlamaIndex's default text QA prompt.
    "llamaindex": "Context information is below.\n---------------------\n{c}\n"
                  "---------------------\nGiven the context information and not prior knowledge, "
                  "answer the query.\nQuery: {p}\nAnswer: ",
    # Chat prompts' forms: XML-style tags, markdown headings, a system-style instruction with
    # two-word labels, and the OpenAI cookbook's question-answering prompt.
    "xml": "<context>\n{c}\n</context>\n\n<question>\n{p}\n</question>",
    "markdown": "### Context\n{c}\n\n### Question\n{p}",
    "system": "You are a helpful assistant. Answer the user's question using only the documents "
              "below.\n\nDocuments:\n{c}\n\nUser question: {p}",
    "cookbook": "Use the below article to answer the subsequent question. If the answer cannot be "
                "found, write \"I don't know.\"\n\nArticle:\n\"\"\"\n{c}\n\"\"\"\n\nQuestion: {p}",
}
if arrange not in (None, "labelled", "inline", "context", "context-first", "context-first-line",
                   "instructed", *TEMPLATES):
    sys.exit(f"--arrange must be labelled, inline, context, context-first, context-first-line, "
             f"instructed or one of "
             f"{', '.join(TEMPLATES)}, not {arrange!r}")
binary = args[0] if len(args) > 0 else "./target/release/epistemic-audit"
path = args[1] if len(args) > 1 else os.path.join(here, "requests.jsonl")


def arranged(row):
    if not (arrange and row.get("prompt") and row.get("context")):
        return row
    p, c = row["prompt"], row["context"]
    if arrange == "context":
        return {**row, "prompt": None, "context": f"{c}\n{p}"}
    if arrange == "context-first":
        return {**row, "prompt": None, "context": f"{p}\n\n{c}"}
    if arrange == "context-first-line":
        return {**row, "prompt": None, "context": f"{p}\n{c}"}
    if arrange == "instructed":
        return {**row, "prompt": "Answer the question using the context.",
                "context": f"{c}\n{p}"}
    if arrange in TEMPLATES:
        return {**row, "prompt": TEMPLATES[arrange].format(c=c, p=p), "context": None}
    prompt = (f"Context: {c}\nQuestion: {p}" if arrange == "labelled"
              else f"Answer using the passage below.\n{c}\n{p}")
    return {**row, "prompt": prompt, "context": None}


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
    row = arranged(json.loads(line))
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
