/**
 * The identity of a call's arguments, as two gates compare them: the tool and its arguments
 * normalised (object keys sorted, undefined fields dropped, whitespace in strings trimmed and
 * collapsed), so two calls are "identical" when they would ask the backend the same thing in the
 * same words. fanout blocks an identical twin within one wave; loopDetector counts identical
 * calls across the session. Nothing subtler: a changed label value or range is another call.
 */

function canonical(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.trim().replace(/\s+/g, ' '));
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** `tool` and the normalised arguments: equal keys mean identical calls. */
export function callKey(tool: string, args: unknown): string {
  return `${tool}\u0000${canonical(args)}`;
}
