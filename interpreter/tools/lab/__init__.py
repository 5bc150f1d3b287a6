"""The balance lab: simulate many bot games, summarise them with confidence intervals, and
compare two packs (or a pack with one item blanked) on paired seeds.

spec.py (what to play and the seed of every game) → run.py (one `run_batch(spec) -> rows`
used by the local process pool and by Ray) → rows.py (the row schema, Parquet/CSV) →
stats.py (intervals, paired comparisons) → figures.py (balance figures from rows) →
report.py / plots.py (terminal, Markdown, JSON, HTML) → bands.py (CI gates), compare.py
(paired diff and ablation), packsrc.py (pack folders and git revisions).
"""
