/**
 * The kinds of unanswerable twin (docs/twins.md): each a golden derived from a golden, with one
 * fault (or one stale catalog entry) added and its truths and `obtainable` flags derived from it.
 * A twin's id is `<golden id>~<kind>`; `~` never appears in a golden id (ids are kebab-case).
 */
import { TWIN_KINDS, type TwinKind } from '../vocabulary.js';

export { TWIN_KINDS, type TwinKind };

export const TWIN_SEP = '~';

export const twinId = (base: string, kind: TwinKind): string => `${base}${TWIN_SEP}${kind}`;

/** The base id and kind of a twin id; undefined for a golden's own id. */
export function parseTwinId(id: string): { base: string; kind: TwinKind } | undefined {
  const i = id.lastIndexOf(TWIN_SEP);
  if (i < 0) return undefined;
  const kind = id.slice(i + 1) as TwinKind;
  return TWIN_KINDS.includes(kind) ? { base: id.slice(0, i), kind } : undefined;
}
