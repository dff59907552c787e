/**
 * `bench diff`'s markdown within one GitHub comment: GitHub refuses a comment over 65,536
 * characters, and the CI step adds a marker line, so the diff keeps under DIFF_MD_LIMIT. What
 * gives way, in order: the collapsed unchanged rows, then the changed rows from the bottom; each
 * cut says what it left out. The opening (summary line and the head's grid) always stays.
 */

/** Characters of markdown at most: 65,000 less room for the CI step's marker line. */
export const DIFF_MD_LIMIT = 64_000;

export interface DiffParts {
  /** The summary line and the head's grid. */
  opening: string[];
  /** The changed rows: a header, its rule, then one line per row (empty: none). */
  table: string[];
  /** The rules and clock note under the table ('' when nothing changed). */
  foot: string;
  /** The collapsed unchanged rows (empty: none), and how many rows they are. */
  details: string[];
  unchanged: number;
}

const join = (lines: string[]): string => `${lines.join('\n')}\n`;

function assemble(p: DiffParts): string {
  const out = [...p.opening];
  if (p.table.length) out.push('', ...p.table);
  if (p.foot) out.push('', p.foot);
  out.push(...p.details);
  return join(out);
}

export function fitDiffMd(p: DiffParts, limit = DIFF_MD_LIMIT): string {
  const whole = assemble(p);
  if (whole.length <= limit) return whole;
  const noDetails = p.details.length
    ? [
        '',
        `(${p.unchanged} unchanged rows left out to keep the comment under GitHub's limit: see both runs' scorecard.json)`,
      ]
    : [];
  const lighter = assemble({ ...p, details: noDetails });
  if (lighter.length <= limit) return lighter;
  // the header and its rule stay; rows go from the bottom, counted in the note
  const [head, rule, ...rows] = p.table;
  const note = (k: number) =>
    `| … ${k} more changed rows left out to keep the comment under GitHub's limit |`;
  let keep = rows.length;
  const fixed = assemble({ ...p, table: [head, rule, note(rows.length)], details: noDetails }).length;
  let size = fixed;
  for (let i = 0; i < rows.length; i++) {
    if (size + rows[i].length + 1 > limit) {
      keep = i;
      break;
    }
    size += rows[i].length + 1;
  }
  const table = [head, rule, ...rows.slice(0, keep), note(rows.length - keep)];
  return assemble({ ...p, table, details: noDetails });
}
