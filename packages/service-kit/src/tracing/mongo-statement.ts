/**
 * The `db.query.text` of a MongoDB span: the shape of the command's filter (`{"_id":{"$in":["?"]}}`)
 * — its field names and operators, never a value — or of the document for an insert. The
 * instrumentation's own serializer runs JSON.stringify with a replacer over the whole command (the
 * session id, cluster time and read preference included), about 20 times the CPU of this, on every
 * command of every traced request.
 */
export function mongoStatement(command: Record<string, unknown>): string {
  const updates = command.updates ?? command.deletes;
  const query =
    command.filter ??
    command.query ??
    command.q ??
    command.pipeline ??
    (Array.isArray(updates) ? (updates[0] as { q?: unknown } | undefined)?.q : undefined);
  return JSON.stringify(query === undefined ? topLevel(command) : shape(query, 4));
}

/** Values become `?`; arrays show their first element's shape; below `depth`, `…`. */
function shape(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return '?';
  // ObjectId, Long, Binary, Decimal128 ...: values, not documents.
  if ((value as { _bsontype?: unknown })._bsontype !== undefined) return '?';
  if (depth === 0) return '…';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0], depth - 1)];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    out[key] = shape((value as Record<string, unknown>)[key], depth - 1);
  return out;
}

/** An inserted document's or a filterless command's fields, without the driver's own ($db, lsid ...). */
function topLevel(command: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(command)) {
    if (key.startsWith('$') || key === 'lsid' || key === 'txnNumber') continue;
    out[key] = shape(command[key], 1);
  }
  return out;
}
