/** Prometheus-style parse errors: `1:13: parse error: unexpected end of input`. */
import { PromQLError } from '../api.js';

/** `line:col` (both 1-based) of a character offset, as Prometheus' PositionRange prints it. */
export function lineCol(query: string, offset: number): string {
  let line = 1;
  let col = 1;
  for (let i = 0; i < offset && i < query.length; i++) {
    if (query[i] === '\n') {
      line++;
      col = 1;
    } else {
      col++;
    }
  }
  return `${line}:${col}`;
}

export function parseError(query: string, offset: number, message: string): PromQLError {
  return new PromQLError('bad_data', `${lineCol(query, offset)}: parse error: ${message}`);
}
