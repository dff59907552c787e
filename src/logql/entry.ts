/**
 * One log entry moving through a pipeline: its line and a copy-on-write label set over the
 * stream's labels. Stages mutate it in place; a stage never keeps a reference to it.
 */
import type { Labels } from '../world/types.js';

export const ERROR_LABEL = '__error__';
export const ERROR_DETAILS_LABEL = '__error_details__';

export class Entry {
  line = '';
  t = 0;
  base: Labels = {};
  private cur: Record<string, string> | null = null;

  reset(line: string, t: number, base: Labels): this {
    this.line = line;
    this.t = t;
    this.base = base;
    this.cur = null;
    return this;
  }

  get(name: string): string | undefined {
    return (this.cur ?? this.base)[name];
  }

  all(): Readonly<Record<string, string>> {
    return this.cur ?? this.base;
  }

  private writable(): Record<string, string> {
    if (!this.cur) this.cur = { ...this.base };
    return this.cur;
  }

  set(name: string, value: string): void {
    this.writable()[name] = value;
  }

  del(name: string): void {
    if (this.get(name) === undefined) return;
    delete this.writable()[name];
  }

  replaceAll(labels: Record<string, string>): void {
    this.cur = labels;
  }

  /** Parsers name a key that collides with a stream label `<key>_extracted`, as Loki does. */
  setExtracted(name: string, value: string): void {
    this.set(this.base[name] !== undefined ? `${name}_extracted` : name, value);
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

  /** The entry's final label set: empty values dropped, keys sorted. */
  finalLabels(): Labels {
    const src = this.cur ?? this.base;
    if (!this.cur) return src;
    const out: Record<string, string> = {};
    for (const k of Object.keys(src).sort()) if (src[k] !== '') out[k] = src[k];
    return out;
  }
}

/** Loki's label-key sanitizer: non `[A-Za-z0-9_]` → `_`, a leading digit gets a `_` prefix. */
export function sanitizeKey(key: string): string {
  const k = key.trim().replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(k) ? `_${k}` : k;
}
