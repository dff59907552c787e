/**
 * `bench diff`'s markdown within one GitHub comment: GitHub refuses a comment over 65,536
 * characters, and the CI step adds a marker line, so the diff keeps under DIFF_MD_LIMIT. What
 * gives way, in order: the collapsed part (HEAD's grid, the unchanged rows), then the changed rows
 * of the table from the bottom; each cut says what it left out. The opening (the verdict, the
 * failed assertions, the removals and the regressions with their causes, itself bounded by
 * lead.ts) always stays.
 */

/** Characters of markdown at most: 65,000 less room for the CI step's marker line. */
export const DIFF_MD_LIMIT = 64_000;

export interface DiffParts {
  /** What a reviewer reads first (lead.ts). */
  opening: string[];
  /** The changed rows' table: what stands above its rows (title, header and rule), then the rows (empty: none). */
  tableHead: string[];
  rows: string[];
  /** The rules and clock note under the table ('' when nothing changed). */
  foot: string;
  /** The collapsed part (empty: none), and how many unchanged rows it holds. */
  details: string[];
  unchanged: number;
}

const join = (lines: string[]): string => `${lines.join('\n')}\n`;

function assemble(p: DiffParts): string {
  const out = [...p.opening];
  if (p.rows.length) out.push('', ...p.tableHead, ...p.rows);
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
        `(HEAD's grid and the ${p.unchanged} unchanged rows left out to keep the comment under GitHub's limit: see both runs' scorecard.md and scorecard.json)`,
      ]
    : [];
  const lighter = assemble({ ...p, details: noDetails });
  if (lighter.length <= limit) return lighter;
  // the table's head stays; rows go from the bottom, counted in the note
  const note = (k: number) =>
    `| … ${k} more changed rows left out to keep the comment under GitHub's limit |`;
  let keep = p.rows.length;
  let size = assemble({ ...p, rows: [note(p.rows.length)], details: noDetails }).length;
  for (let i = 0; i < p.rows.length; i++) {
    if (size + p.rows[i].length + 1 > limit) {
      keep = i;
      break;
    }
    size += p.rows[i].length + 1;
  }
  const rows = [...p.rows.slice(0, keep), note(p.rows.length - keep)];
  return assemble({ ...p, rows, details: noDetails });
}
