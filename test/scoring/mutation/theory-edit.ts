/**
 * Writing a claim into a Theory at a place the contract names: a field (`summary`,
 * `rootCause.explanation`, `parts.B.findings`, `parts.B.gaps[0].reason`,
 * `parts.A.measurements[1].note`) and a form inside it (a new sentence, a clause, a bullet, a
 * table row, the whole field). Every edit is on a copy; the seed is never changed.
 */
import type { Theory, TheoryMeasurement } from '../../../src/formats/theory.js';
import type { PartKey } from './facts.js';

export type Loc =
  | { at: 'summary' }
  | { at: 'rootCause'; key: 'component' | 'mechanism' | 'explanation' }
  | { at: 'findings'; part: PartKey }
  | { at: 'gap'; part: PartKey; i: number }
  | { at: 'note'; part: PartKey; i: number };

export type Form = 'sentence' | 'clause' | 'bullet' | 'table' | 'replace' | 'line';

/** A measurement with the contract's free-text `note` (TheoryMeasurement gains it in issue 21). */
type Noted = TheoryMeasurement & { note?: string };

export function fieldOf(loc: Loc): string {
  switch (loc.at) {
    case 'summary':
      return 'summary';
    case 'rootCause':
      return `rootCause.${loc.key}`;
    case 'findings':
      return `parts.${loc.part}.findings`;
    case 'gap':
      return `parts.${loc.part}.gaps[${loc.i}].reason`;
    case 'note':
      return `parts.${loc.part}.measurements[${loc.i}].note`;
  }
}

export function textAt(t: Theory, loc: Loc): string {
  switch (loc.at) {
    case 'summary':
      return t.summary;
    case 'rootCause':
      return t.rootCause[loc.key];
    case 'findings':
      return t.parts[loc.part].findings;
    case 'gap':
      return t.parts[loc.part].gaps[loc.i].reason;
    case 'note':
      return (t.parts[loc.part].measurements[loc.i] as Noted).note ?? '';
  }
}

/** The Theory with the field at `loc` set to `text` (a copy). */
export function withTextAt(t: Theory, loc: Loc, text: string): Theory {
  const c = structuredClone(t);
  switch (loc.at) {
    case 'summary':
      c.summary = text;
      break;
    case 'rootCause':
      c.rootCause[loc.key] = text;
      break;
    case 'findings':
      c.parts[loc.part].findings = text;
      break;
    case 'gap':
      c.parts[loc.part].gaps[loc.i].reason = text;
      break;
    case 'note':
      c.parts[loc.part].measurements[loc.i] = Object.assign({}, c.parts[loc.part].measurements[loc.i], {
        note: text,
      });
      break;
  }
  return c;
}

/** Every place of this Theory a claim can stand (gaps and notes only where the part has some). */
export function locations(t: Theory): Loc[] {
  const out: Loc[] = [
    { at: 'summary' },
    { at: 'rootCause', key: 'explanation' },
    { at: 'rootCause', key: 'mechanism' },
    { at: 'findings', part: 'A' },
    { at: 'findings', part: 'B' },
  ];
  for (const part of ['A', 'B'] as const) {
    if (t.parts[part].gaps.length) out.push({ at: 'gap', part, i: 0 });
    if (t.parts[part].measurements.length) out.push({ at: 'note', part, i: 0 });
  }
  return out;
}

/** The part a location belongs to (undefined for the summary and the root cause). */
export const partOf = (loc: Loc): PartKey | undefined =>
  loc.at === 'summary' || loc.at === 'rootCause' ? undefined : loc.part;

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function sentenceAfter(old: string, claim: string): string {
  const o = old.trim();
  if (!o) return claim;
  return /[.!?]$/.test(o) ? `${o} ${claim}` : `${o}. ${claim}`;
}

export interface Placed {
  theory: Theory;
  where: string;
  field: string;
  /** The claim as written. */
  text: string;
  /** The whole field after the edit. */
  fieldText: string;
}

/**
 * `claim` placed at `loc` in `form`. A table row takes [subject cell, observation cell] and goes
 * under a two-column header (rows counted from the header, row 1); a bullet follows the field's
 * old text as bullet 1.
 */
export function place(t: Theory, loc: Loc, claim: string | readonly [string, string], form: Form): Placed {
  const field = fieldOf(loc);
  const old = textAt(t, loc).trim();
  let text: string;
  let where = field;
  if (form === 'table') {
    const [a, b] = typeof claim === 'string' ? ['', claim] : claim;
    const table = `| subject | observation |\n| --- | --- |\n| ${a} | ${b} |`;
    text = old ? `${old}\n\n${table}` : table;
    where = `${field}, table row 2 cell 2`;
  } else {
    const c = typeof claim === 'string' ? claim : `${claim[0]}: ${claim[1]}`;
    if (form === 'bullet') {
      text = old ? `- ${old}\n- ${c}` : `- ${c}`;
      where = `${field}, bullet ${old ? 2 : 1}`;
    } else if (form === 'clause') {
      text = old ? `${old.replace(/[.]$/, '')}; ${c.charAt(0).toLowerCase()}${c.slice(1)}` : c;
    } else if (form === 'line') {
      text = old ? `${old}\n\n${c}` : c;
    } else if (form === 'replace') {
      text = c;
    } else {
      text = sentenceAfter(old, c);
    }
  }
  return {
    theory: withTextAt(t, loc, text),
    where,
    field,
    text: typeof claim === 'string' ? claim : claim.join(' | '),
    fieldText: text,
  };
}
