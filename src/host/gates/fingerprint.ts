/**
 * The host's fingerprints (DESIGN §6): the definition is protocol/fingerprint.ts, the query shape
 * backend/query-shape.ts; this binds the two and adds the route key the ledger closes routes by.
 */
import { queryShape } from '../../backend/query-shape.js';
import type { Source } from '../../formats/vocabulary.js';
import { type FingerprintInput, fingerprintOf as fingerprintWith } from '../../protocol/fingerprint.js';

export { queryShape } from '../../backend/query-shape.js';
export {
  type FingerprintInput,
  isTerminalFailure,
  maskMessage,
  regexShape,
} from '../../protocol/fingerprint.js';

/** A 12-hex-digit fingerprint, or undefined for outcomes the ledger does not track. */
export function fingerprintOf(o: FingerprintInput): string | undefined {
  return fingerprintWith(o, queryShape);
}

/** A route: the tool and the query shape. Exhausted routes are blocked after a halt. */
export function routeKey(tool: string, query: string | undefined, source?: Source): string {
  return `${tool}:${queryShape(query ?? '', source)}`;
}
