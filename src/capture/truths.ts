/**
 * Truths: each `--measure` query evaluated on the captured world with our engines (as `bench
 * validate` does), and the live server's own answer at the same instant, so a difference between
 * the capture and the source is listed rather than silently baked into the golden.
 */
import type { Golden } from '../formats/golden/index.js';
import { evalInstant } from '../validate/validate-query.js';
import type { World } from '../world/types.js';
import { getData } from './http.js';
import type { CaptureOptions } from './types.js';
import { InstantData } from './wire.js';

export interface TruthRow {
  id: string;
  engine?: number;
  live?: number;
  note?: string;
}

function single(d: InstantData): number | undefined {
  if (d.resultType === 'scalar') return d.result[1];
  if (d.resultType !== 'vector') return undefined;
  return d.result.length === 1 ? d.result[0].value[1] : undefined;
}

export async function truths(o: CaptureOptions, g: Golden, world: World): Promise<TruthRow[]> {
  const rows: TruthRow[] = [];
  for (const m of o.measures) {
    const a = evalInstant(g, world, m.source === 'metrics' ? 'promql' : 'logql', m.query, o.now);
    const base = m.source === 'metrics' ? o.prometheus : o.loki;
    const path = m.source === 'metrics' ? '/api/v1/query' : '/loki/api/v1/query';
    const time = m.source === 'metrics' ? String(o.now / 1000) : String(BigInt(o.now) * 1_000_000n);
    const live = base
      ? single(await getData(o, base, path, { query: m.query, time }, InstantData))
      : undefined;
    const row: TruthRow = { id: m.id, engine: a.value, live };
    if (a.value === undefined)
      row.note = `the captured world gives ${a.shape}${a.error ? ` (${a.error})` : ''}, not one value`;
    else if (live === undefined) row.note = 'the live server gives no single value';
    else if (!close(a.value, live)) row.note = `captured ${a.value} ≠ live ${live}`;
    rows.push(row);
  }
  return rows;
}

function close(a: number, b: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
