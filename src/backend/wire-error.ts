/**
 * A request the engine backend refuses, in the vocabulary both wire formats share. Prometheus sends
 * it as a JSON error envelope; Loki as a plain-text body (see prometheus/wire.ts / loki/wire.ts).
 */

import { TypedError } from '../errors.js';
import type { PromErrorType } from '../promql/api.js';

export class WireError extends TypedError<PromErrorType> {}

/** Prometheus' wording for a parameter it cannot read: `invalid parameter "start": ...`. */
export function invalidParam(name: string, message: string): WireError {
  return new WireError('bad_data', `invalid parameter "${name}": ${message}`);
}
