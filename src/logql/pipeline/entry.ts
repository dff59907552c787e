/**
 * One log entry moving through a pipeline: its line and a copy-on-write label set over the
 * stream's labels. Stages mutate it in place; a stage never keeps a reference to it.
 */
import type { Labels } from '../../world/types.js';

export const ERROR_LABEL = '__error__';
export const ERROR_DETAILS_LABEL = '__error_details__';

export class Entry {
  line = '';
  t = 0;
  base: Labels = {};
  /** Written labels (a Map: adding keys to plain objects per line is slow in V8). */
  private cur: Map<string, string> | null = null;
  private snapshot: Record<string, string> | null = null;

  reset(line: string, t: number, base: Labels): this {
    this.line = line;
    this.t = t;
    this.base = base;
    this.cur = null;
    this.snapshot = null;
    return this;
  }

  get(name: string): string | undefined {
    return this.cur ? this.cur.get(name) : this.base[name];
  }

  readonly getter = (name: string): string | undefined => this.get(name);

  /** A plain-object view, rebuilt only after a write. */
  all(): Readonly<Record<string, string>> {
    if (!this.cur) return this.base;
    if (!this.snapshot) this.snapshot = Object.fromEntries(this.cur);
    return this.snapshot;
  }

  private writable(): Map<string, string> {
    this.snapshot = null;
    if (!this.cur) {
      const base = this.base;
      const cur = new Map<string, string>();
      for (const k of Object.keys(base)) cur.set(k, base[k]);
      this.cur = cur;
    }
    return this.cur;
  }

  set(name: string, value: string): void {
    this.writable().set(name, value);
  }

  del(name: string): void {
    if (this.get(name) === undefined) return;
    this.writable().delete(name);
  }

  replaceAll(labels: Record<string, string>): void {
    this.snapshot = null;
    this.cur = new Map(Object.entries(labels));
  }

  /** Parsers name a key that collides with a stream label `<key>_extracted`, as Loki does. */
  setExtracted(name: string, value: string): void {
    const key = this.base[name] !== undefined ? `${name}_extracted` : name;
    // "If an extracted key appears twice, only the first label value will be kept."
    if (this.cur?.has(key) && this.base[key] === undefined) return;
    this.set(key, value);
  }

  /** The first error wins; later stages do not overwrite it. */
  setError(kind: string, details: string): void {
    if (this.get(ERROR_LABEL) !== undefined) return;
    this.set(ERROR_LABEL, kind);
    if (details) this.set(ERROR_DETAILS_LABEL, details);
  }

  hasError(): boolean {
    return this.get(ERROR_LABEL) !== undefined;
  }

  /** Whether a stage wrote labels: finalLabels() is then a new, sorted set. */
  written(): boolean {
    return this.cur !== null;
  }

  /** One label of finalLabels(), without building the set. */
  finalValue(name: string): string | undefined {
    return this.cur ? this.cur.get(name) : this.base[name];
  }

  /**
   * The entry's final label set, keys sorted. A label a stage set to the empty string stays, as
   * Loki keeps it (`logfmt --keep-empty`, a json path that is missing: `{…, name=""}`).
   */
  finalLabels(): Labels {
    if (!this.cur) return this.base;
    const keys = [...this.cur.keys()].sort();
    const out: Record<string, string> = {};
    for (const k of keys) out[k] = this.cur.get(k)!;
    return out;
  }
}

/**
 * Loki's label-key sanitizer (sanitizeLabelKey): blanks trimmed, every code point outside
 * `[A-Za-z0-9_]` (`:` and `.` included) becomes one `_`, and a leading digit gets a `_` prefix.
 * `first` false: a later part of a json key path, which gets no prefix.
 */
export function sanitizeKey(key: string, first = true): string {
  const k = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : key.trim().replace(/[^A-Za-z0-9_]/gu, '_');
  return first && /^[0-9]/.test(k) ? `_${k}` : k;
}

/** A cheap identity for a label set (sorted keys); equal label sets give equal keys. */
export function keyOf(labels: Labels): string {
  let out = '';
  for (const k of Object.keys(labels).sort()) out += `${k}\u0001${labels[k]}\u0002`;
  return out;
}
