/**
 * Everything report.html puts into markup passes through here. Text from a run (agent text, query
 * strings, gate reasons, Theory prose) is the user's data: in HTML it is escaped, in a JSON block
 * every `<`, `>` and `&` is written as a \u escape, so `</script>` or `<!--` inside a string can never
 * end or change the block. The page reads the block with JSON.parse, which undoes the escapes.
 */
import { InternalError, maskJsonText } from '../../errors.js';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => HTML[c]);

const JSON_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * A `<script type="application/json">` block; what an agent wrote is masked like every report file,
 * string by string (masked as text, a secret next to an escape broke the page's JSON).
 */
export function jsonBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${esc(id)}">${safeJson(value)}</script>`;
}

/** JSON masked and escaped as a JSON block's: also a safe expression in a script file (timelines.ts). */
export function safeJson(value: unknown): string {
  return safeJsonText(JSON.stringify(value) ?? 'null');
}

/**
 * `safeJson` of valid JSON text: masked against the secrets known now and escaped. A text this made
 * before (a trial's stored detail, trial-view.ts) comes back the same unless a secret known now is in it.
 */
export function safeJsonText(json: string): string {
  return maskJsonText(json).replace(/[<>&\u2028\u2029]/g, (c) => JSON_UNSAFE[c]);
}

/** A script or style body written by us or a pinned library: refuse one that would end its tag early. */
export function rawBlock(tag: 'script' | 'style', body: string): string {
  if (body.toLowerCase().includes(`</${tag}`))
    throw new InternalError(`report.html: an inline ${tag} contains </${tag}`);
  return `<${tag}>${body}</${tag}>`;
}
