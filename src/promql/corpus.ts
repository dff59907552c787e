/** The real-world corpus figures: how many expressions parse, and how many evaluate without "unsupported". */
import { PromQLError } from './api.js';
import { CORPUS_POINTS, CORPUS_START_MS, CORPUS_STEP_MS, worldForExpressions } from './corpus-world.js';
import { parsePromQL } from './parser/index.js';
import { instantQuery, rangeQuery } from './query.js';

export interface CorpusReport {
  total: number;
  parsed: number;
  /** Parsed expressions whose instant and range evaluation raised no "unsupported" error. */
  evaluated: number;
  parseFailures: { expr: string; error: string }[];
  unsupported: { expr: string; error: string }[];
  /** Other evaluation errors (e.g. many-to-many matching on the synthetic data); not unsupported. */
  otherErrors: { expr: string; error: string }[];
  line: string;
}

export function corpusReport(exprs: readonly string[]): CorpusReport {
  const store = worldForExpressions(exprs);
  const parseFailures: CorpusReport['parseFailures'] = [];
  const unsupported: CorpusReport['unsupported'] = [];
  const otherErrors: CorpusReport['otherErrors'] = [];
  const end = CORPUS_START_MS + (CORPUS_POINTS - 1) * CORPUS_STEP_MS;
  let parsed = 0;
  let evaluated = 0;
  for (const expr of exprs) {
    try {
      parsePromQL(expr);
      parsed++;
    } catch (e) {
      parseFailures.push({ expr, error: (e as Error).message });
      continue;
    }
    try {
      instantQuery(store, expr, end - 7 * 60_000 - 7_000);
      rangeQuery(store, expr, end - 30 * 60_000, end, 60_000);
      evaluated++;
    } catch (e) {
      const error = (e as Error).message;
      if (!(e instanceof PromQLError) || /unsupported/i.test(error)) unsupported.push({ expr, error });
      else {
        otherErrors.push({ expr, error });
        evaluated++;
      }
    }
  }
  const pct = (n: number): string => ((100 * n) / Math.max(1, exprs.length)).toFixed(1);
  const line = `corpus: ${parsed}/${exprs.length} parsed (${pct(parsed)}%), ${evaluated}/${exprs.length} evaluated without unsupported (${pct(evaluated)}%)`;
  return { total: exprs.length, parsed, evaluated, parseFailures, unsupported, otherErrors, line };
}
