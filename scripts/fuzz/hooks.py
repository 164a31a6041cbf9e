"""The API fuzz's hooks (loaded through SCHEMATHESIS_HOOKS): the checks it adds to schemathesis' own,
the real ids it puts into cases, and the statuses it counts."""
import atexit
import json
import os
import re
import threading
from collections import Counter, defaultdict

import schemathesis

# A Node stack frame ("    at fn (/path/file.js:12:34)") or an error's class and message dumped
# into a body.
STACK_FRAME = re.compile(r"\bat (?:async )?[\w.$<>\[\] ]*\(?(?:/|node:|file:)[^\s)]*:\d+:\d+\)?")
ERROR_DUMP = re.compile(r"\b(?:TypeError|ReferenceError|SyntaxError|RangeError|MongoServerError|MongooseError|ValidationError|CastError):")


@schemathesis.check
def no_stack_trace(ctx, response, case):
    """No answer shows a stack trace or a raw runtime error."""
    text = response.text or ""
    if STACK_FRAME.search(text) or ERROR_DUMP.search(text):
        raise AssertionError("The answer shows a stack trace or a raw error: " + text[:300])
    return None


# Real ids per operation ("GET /api/product/{id}" -> {"path": {...}, "query": {...}, "body": {...}},
# or "/api/exchange/proposal/{id}/*" for every operation below that path), seeded by
# scripts/fuzz/accounts.js into $FUZZ_SEEDS. Generated ids find nothing, so an operation with an id
# in its path answered 404 to nearly every case and its handler was never exercised past the
# lookup. Cases generated to fit the schema get the real ids; cases generated to break it keep
# their own (malformed and unknown ids stay covered there).
def _load_seeds():
    path = os.environ.get("FUZZ_SEEDS")
    if not path or not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


SEEDS = _load_seeds()


def _takes_real_ids(case):
    generation = getattr(case.meta, "generation", None) if case.meta is not None else None
    return str(getattr(generation, "mode", "positive")) != "negative"


def _seeded(operation):
    """The operation's own entry, else that of the longest path prefix ending in "/*"."""
    own = SEEDS.get(f"{operation.method.upper()} {operation.path}")
    if own:
        return own
    prefixes = [k[:-1] for k in SEEDS if k.endswith("/*") and operation.path.startswith(k[:-1])]
    return SEEDS[max(prefixes, key=len) + "*"] if prefixes else None


@schemathesis.hook
def map_case(ctx, case):
    seeded = _seeded(case.operation)
    if not seeded or not _takes_real_ids(case):
        return case
    if seeded.get("path"):
        real = {k: v for k, v in seeded["path"].items() if f"{{{k}}}" in case.operation.path}
        case.path_parameters = {**(case.path_parameters or {}), **real}
    if seeded.get("query"):
        case.query = {**(case.query or {}), **seeded["query"]}
    if seeded.get("body") and isinstance(case.body, dict):
        case.body = {**case.body, **seeded["body"]}
    return case


# The answers' statuses per operation, written at exit to $FUZZ_STATUSES (JSON) for the figures of
# scripts/fuzz/record.js: how many operations answered 404 to most of their cases.
STATUSES = defaultdict(Counter)
_STATUSES_LOCK = threading.Lock()


@schemathesis.hook
def after_call(ctx, case, response):
    # The coverage phase also sends methods the operation does not have (the 404s of those say
    # nothing of the data behind the operation).
    if case.method.upper() != case.operation.method.upper():
        return
    with _STATUSES_LOCK:
        STATUSES[f"{case.operation.method.upper()} {case.operation.path}"][response.status_code] += 1


@atexit.register
def _write_statuses():
    path = os.environ.get("FUZZ_STATUSES")
    if not path:
        return
    with _STATUSES_LOCK:
        counts = {op: {str(k): v for k, v in c.items()} for op, c in STATUSES.items()}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(counts, f, indent=1, sort_keys=True)
