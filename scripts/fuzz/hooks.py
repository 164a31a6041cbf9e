"""Checks the API fuzz adds to schemathesis' own (loaded through SCHEMATHESIS_HOOKS)."""
import re

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
