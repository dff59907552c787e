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

/** Text in lines of at most `w` characters, broken at spaces (a longer word is cut into pieces). */
function wrapCell(text: string, w: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ').flatMap((x) => x.match(new RegExp(`.{1,${w}}`, 'g')) ?? [''])) {
    if (line && line.length + 1 + word.length > w) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...out, line];
}

/**
 * Plain aligned columns (no color, no box): readable in a terminal and in a CI log alike. With a
 * `width`, the `flex` columns (free text: tags, a title) share what the others leave and wrap onto
 * more lines, so no line is wider than the terminal.
 */
export function formatTable(
  header: string[],
  rows: string[][],
  opts: { width?: number; flex?: number[]; after?: (row: number) => string[] } = {},
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const flex = (opts.flex ?? []).filter((i) => i < widths.length);
  const total = widths.reduce((a, w) => a + w, 0) + 2 * (widths.length - 1);
  if (opts.width && flex.length && total > opts.width) {
    const fixed = widths.reduce((a, w, i) => a + (flex.includes(i) ? 0 : w), 0) + 2 * (widths.length - 1);
    const room = Math.max(opts.width - fixed, 10 * flex.length);
    const natural = flex.reduce((a, i) => a + widths[i], 0);
    for (const i of flex) widths[i] = Math.max(10, Math.floor((room * widths[i]) / natural));
  }
  const lines = (cells: string[]): string[] => {
    const wrapped = cells.map((c, i) => (flex.includes(i) ? wrapCell(c, widths[i]) : [c]));
    const height = Math.max(...wrapped.map((w) => w.length));
    return Array.from({ length: height }, (_, k) =>
      wrapped
        .map((w, i) => (i === cells.length - 1 ? (w[k] ?? '') : (w[k] ?? '').padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    );
  };
  const body = rows.flatMap((r, i) => [...lines(r), ...(opts.after?.(i) ?? [])]);
  return [...lines(header), ...lines(widths.map((w) => '-'.repeat(w))), ...body].join('\n');
}

/**
 * `width`: the terminal's columns. A table too wide for them puts each golden's tags on lines of
 * their own under its row, and wraps the title.
 */
export function formatGoldenRows(rows: GoldenRow[], width?: number): string {
  const parts = (p: GoldenRow['parts']['A']) =>
    `${p.measurements}${p.unobtainable ? ` (${p.unobtainable} gap)` : ''}`;
  const cells = rows.map((r) => [r.id, parts(r.parts.A), parts(r.parts.B), r.title]);
  const whole = formatTable(
    ['id', 'A', 'B', 'tags', 'title'],
    cells.map(([id, a, b, title], i) => [id, a, b, rows[i].tags.join(','), title]),
  );
  if (!width || whole.split('\n').every((l) => l.length <= width)) return whole;
  const tags = (i: number) =>
    rows[i].tags.length ? wrapCell(`tags: ${rows[i].tags.join(', ')}`, width - 4).map((l) => `    ${l}`) : [];
  return formatTable(['id', 'A', 'B', 'title'], cells, { width, flex: [3], after: tags });
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
