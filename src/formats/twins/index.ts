/** Unanswerable twins (docs/twins.md): goldens derived from goldens, one fault kind each. */
import type { Golden } from '../golden/index.js';
import { hasOwnVariant, twinOf } from './derive.js';
import { TWIN_KINDS, type TwinKind } from './kinds.js';

export { hasOwnVariant, twinOf } from './derive.js';
export { parseTwinId, TWIN_KINDS, TWIN_SEP, type TwinKind, twinId } from './kinds.js';
export { answerableUnder } from './split.js';

/** Every twin of `g`, in the kinds' order (default: every kind), but a kind the golden already is. */
export const twinsOf = (g: Golden, kinds: readonly TwinKind[] = TWIN_KINDS): Golden[] =>
  kinds.filter((k) => !hasOwnVariant(g, k)).map((k) => twinOf(g, k));

/**
 * The goldens, each followed by its twins of `kinds`; a twin is never twinned again, and a list
 * that already holds a twin (twinned once before) does not get it twice.
 */
export function withTwins(goldens: Golden[], kinds: readonly TwinKind[] = []): Golden[] {
  if (!kinds.length) return goldens;
  const ids = new Set(goldens.map((g) => g.id));
  return goldens.flatMap((g) =>
    g.tags.includes('twin') ? [g] : [g, ...twinsOf(g, kinds).filter((t) => !ids.has(t.id))],
  );
}
