/**
 * Which stream selectors of a query read data (docs/trace.md#selection). A selector is matched
 * when one of its streams held a log entry the evaluation asked about (the query's range for a log
 * query, the steps' range windows for a range aggregation), counted before any pipeline stage
 * (select.ts noteSelected): a filter that passes no line leaves it matched, a selector naming no
 * stream (a wrong label, a typo) does not, whatever `or vector(0)` then makes of its nothing.
 */
import { normalizeQuery } from '../../evidence/query-parts.js';
import type { Selection } from '../../formats/run/index.js';
import type { LogExpr, LogQuery } from '../syntax/index.js';

export function selectionOf(expr: LogExpr, matched: ReadonlySet<LogQuery>): Selection {
  const all: LogQuery[] = [];
  walk(expr, all);
  const unmatched = all.filter((q) => !matched.has(q)).map((q) => normalizeQuery(q.text));
  return { selectors: all.length, unmatched };
}

/** Stream selectors in query order. */
function walk(e: LogExpr, out: LogQuery[]): void {
  switch (e.kind) {
    case 'log':
      out.push(e);
      return;
    case 'range':
      out.push(e.log);
      return;
    case 'vagg':
    case 'labelReplace':
      walk(e.expr, out);
      return;
    case 'binop':
      walk(e.lhs, out);
      walk(e.rhs, out);
      return;
    default:
      return;
  }
}
