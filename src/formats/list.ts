/**
 * `bench list`: rows describing the goldens and seats on disk. A seat row says whether its key
 * variable is set, never what it holds.
 */
import type { Golden } from './golden/index.js';
import type { Seat } from './seat.js';

export interface GoldenRow {
  id: string;
  title: string;
  tags: string[];
  /** Per part: measurements in total and how many are declared unobtainable. */
  parts: {
    A: { measurements: number; unobtainable: number };
    B: { measurements: number; unobtainable: number };
  };
  file: string;
}

export interface SeatRow {
  name: string;
  provider: string;
  model: string;
  shape: string;
  policy?: string;
  /** The variable that holds the key, when the seat needs one. */
  keyEnv?: string;
  /** `set` / `unset` for seats with a key variable; `n/a` for seats that need none. */
  key: 'set' | 'unset' | 'n/a';
  file: string;
}

export function goldenRows(goldens: Golden[]): GoldenRow[] {
  const part = (p: Golden['parts']['A']) => ({
    measurements: p.measurements.length,
    unobtainable: p.measurements.filter((m) => !m.obtainable).length,
  });
  return goldens.map((g) => ({
    id: g.id,
    title: g.title,
    tags: g.tags,
    parts: { A: part(g.parts.A), B: part(g.parts.B) },
    file: g.file,
  }));
}

export function seatRows(seats: Seat[], env: Record<string, string | undefined>): SeatRow[] {
  return seats.map((s) => {
    const keyEnv = s.auth?.apiKeyEnv;
    const row: SeatRow = {
      name: s.name,
      provider: s.provider,
      model: s.model,
      shape: s.shape,
      key: keyEnv ? (env[keyEnv] ? 'set' : 'unset') : 'n/a',
      file: s.file,
    };
    if (s.policy) row.policy = s.policy;
    if (keyEnv) row.keyEnv = keyEnv;
    return row;
  });
}

/** Plain aligned columns (no color, no box): readable in a terminal and in a CI log alike. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function formatGoldenRows(rows: GoldenRow[]): string {
  const parts = (p: GoldenRow['parts']['A']) =>
    `${p.measurements}${p.unobtainable ? ` (${p.unobtainable} gap)` : ''}`;
  return formatTable(
    ['id', 'A', 'B', 'tags', 'title'],
    rows.map((r) => [r.id, parts(r.parts.A), parts(r.parts.B), r.tags.join(','), r.title]),
  );
}

export function formatSeatRows(rows: SeatRow[]): string {
  return formatTable(
    ['name', 'provider', 'model', 'shape', 'policy', 'key'],
    rows.map((r) => [
      r.name,
      r.provider,
      r.model,
      r.shape,
      r.policy ?? '-',
      r.keyEnv ? `${r.keyEnv} ${r.key}` : r.key,
    ]),
  );
}
