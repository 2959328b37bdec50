/** One field of an audit entry's record, before and after the change. */
export interface DiffRow {
  path: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

/** The path of a record that is a single value, not fields (shown in words by AuditDiff). */
export const WHOLE_VALUE = '(value)';

const show = (value: unknown): string =>
  value === null ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);

/** Nested objects and arrays of objects become dotted paths; other values are compared whole. */
function flatten(value: unknown, prefix: string, into: Map<string, string>) {
  if (value === undefined) return;
  const isRecord = value !== null && typeof value === 'object' && !Array.isArray(value);
  const isObjectList =
    Array.isArray(value) && value.length > 0 && value.every((v) => v !== null && typeof v === 'object');
  if ((isRecord || isObjectList) && Object.keys(value as object).length > 0) {
    for (const [key, inner] of Object.entries(value as object)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
    return;
  }
  into.set(prefix || WHOLE_VALUE, show(value));
}

/** Every field of the record before and after, changed ones marked and listed first. */
export function diffOf(before: unknown, after: unknown): DiffRow[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  flatten(before ?? undefined, '', a);
  flatten(after ?? undefined, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) =>
    x.localeCompare(y, undefined, { numeric: true }),
  );
  const rows = paths.map((path) => ({
    path,
    before: a.get(path),
    after: b.get(path),
    changed: a.get(path) !== b.get(path),
  }));
  // changed fields first, each group in name order
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
