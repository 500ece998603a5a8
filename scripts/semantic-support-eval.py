#!/usr/bin/env python3
"""Does semantic support add to the grounded models' lexical support features? (issue 13, item 2;
README "Semantic model"). Two steps around the semantic crate's `grounded_support` example:

  python3 scripts/semantic-support-eval.py sample DUMP > SAMPLE   # whole groups, a sixth of the rows
  cargo run --release -p epistemic-audit-semantic --example grounded_support -- SAMPLE SEM
  python3 scripts/semantic-support-eval.py eval SEM                 # needs numpy and scikit-learn

DUMP is what `cargo run --release -p epistemic-audit-train -- --dump DUMP` writes. `sample` keeps
the rows of groups whose CRC-32 is divisible by 10 (QA), 5 (dialogue) or 3 (summaries). `eval`
fits, per kind, a logistic regression (standardised features, C = 1) on the style-controlled rows
in 10 folds grouped by item (fold = Adler-32 of the group + "f", mod 10) and prints the
out-of-fold AUROC for "hallucinated" on the style-controlled and on the original rows, for: the 15
support features of the grounded models; those plus `sem_min`, `sem_mean`, `sem_answer`; the three
alone; and the shipped model's out-of-fold height. It also prints each semantic statistic's own
AUROC (negated: lower cosine = more doubt) and the fitted per-SD weights of the three.
"""
import json, sys, zlib

SUPPORT = ['log_novel_numbers', 'novel_number_share', 'log_novel_names', 'novel_name_share',
           'content_support_share', 'claim_support_min', 'claim_support_mean',
           'aligned_support_min', 'contradicted_claim_share', 'novel_conflict_share',
           'negation_mismatch_share', 'new_support_share', 'answer_question_alignment',
           'answer_type_match', 'entity_anchor_mean', 'answer_question_proximity']
KEEP = {'qa': 10, 'dialogue': 5, 'summarization': 3}
SEM = ['sem_min', 'sem_mean', 'sem_answer']


def sample(path):
    for line in open(path):
        r = json.loads(line)
        if zlib.crc32(r['group'].encode()) % KEEP[r['kind']] == 0:
            sys.stdout.write(line)


def evaluate(path):
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.preprocessing import StandardScaler

    rows = [json.loads(l) for l in open(path)]
    for kind in KEEP:
        R = [r for r in rows if r['kind'] == kind]
        if not R:
            continue
        X = np.array([[r['x'][k] for k in SUPPORT] for r in R])
        S = np.array([[r[k] for k in SEM] for r in R])
        y = np.array([1 if r['wrong'] else 0 for r in R])
        h = np.array([min(max(r['height'], 1e-4), 1 - 1e-4) for r in R])
        ctl = np.array([r['origin'] == 'Controlled' for r in R])
        fold = np.array([zlib.adler32((r['group'] + 'f').encode()) % 10 for r in R])
        print(f"== {kind}: style-controlled {ctl.sum()}, original {(~ctl).sum()}, "
              f"aligned {np.mean([r['ran'] for r in R]):.3f}")
        for name, m in (('style-controlled', ctl), ('original', ~ctl)):
            cells = [f"shipped height {roc_auc_score(y[m], -h[m]):.4f}"]
            cells += [f"-{k} {roc_auc_score(y[m], -S[m, j]):.4f}" for j, k in enumerate(SEM)]
            print(f"  {name:16} " + "  ".join(cells))
        for label, F in (('support', X), ('support + semantic', np.hstack([X, S])),
                         ('semantic alone', S)):
            oof = np.zeros(len(R))
            for f in range(10):
                tr, te = (fold != f) & ctl, fold == f
                sc = StandardScaler().fit(F[tr])
                lr = LogisticRegression(C=1.0, max_iter=2000).fit(sc.transform(F[tr]), y[tr])
                oof[te] = lr.decision_function(sc.transform(F[te]))
            print(f"  fit on style-controlled, {label:18}: AUROC style-controlled "
                  f"{roc_auc_score(y[ctl], oof[ctl]):.4f}, original {roc_auc_score(y[~ctl], oof[~ctl]):.4f}")
        F = np.hstack([X, S])
        sc = StandardScaler().fit(F[ctl])
        lr = LogisticRegression(C=1.0, max_iter=2000).fit(sc.transform(F[ctl]), y[ctl])
        print("  weights per SD (sem_min, sem_mean, sem_answer):",
              " ".join(f"{w:+.3f}" for w in lr.coef_[0][-3:]))


if __name__ == '__main__':
    if len(sys.argv) != 3 or sys.argv[1] not in ('sample', 'eval'):
        sys.exit(__doc__)
    (sample if sys.argv[1] == 'sample' else evaluate)(sys.argv[2])
