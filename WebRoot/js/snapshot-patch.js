// Applies a patch event to a snapshot (the format of `PatchableSnapshot` in the Swift sources):
//   {"set": {field: value, …},
//    "lists": {field: {"upsert": [row, …], "remove": [id, …], "sort": ["-score", "id"]}}}
// `set` replaces top-level fields. In each list of rows (objects with an `id`), rows of `upsert`
// are merged into the row with the same id (the fields they carry replace that row's: a player
// who just answered comes as `{"id":7,"answered":true}`) or appended whole, rows whose id is in
// `remove` go, then the list is sorted by the keys (a leading "-" sorts that key descending;
// ties keep their order).
// The snapshot given is left as it was: a new object is returned.

/** `snapshot` with `patch` applied. */
export function applyPatch(snapshot, patch) {
  const result = { ...snapshot, ...(patch.set ?? {}) };
  for (const [field, change] of Object.entries(patch.lists ?? {})) {
    const removed = new Set(change.remove ?? []);
    const rows = (Array.isArray(result[field]) ? result[field] : []).filter((row) => !removed.has(row.id));
    const position = new Map(rows.map((row, index) => [row.id, index]));
    for (const row of change.upsert ?? []) {
      if (position.has(row.id)) {
        rows[position.get(row.id)] = { ...rows[position.get(row.id)], ...row };
      } else {
        position.set(row.id, rows.length);
        rows.push(row);
      }
    }
    if (Array.isArray(change.sort) && change.sort.length > 0) rows.sort(comparing(change.sort));
    result[field] = rows;
  }
  return result;
}

function comparing(keys) {
  const order = keys.map((key) => (key.startsWith("-") ? [key.slice(1), -1] : [key, 1]));
  return (a, b) => {
    for (const [field, direction] of order) {
      if (a[field] < b[field]) return -direction;
      if (a[field] > b[field]) return direction;
    }
    return 0; // Array.prototype.sort is stable
  };
}
