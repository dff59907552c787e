/**
 * A Theory's free text as atomic claims. Every free-text field (summary, root cause, each part's
 * findings, gap reasons, measurement notes) is normalized (normalize.ts), cut into units (lines,
 * bullets, table rows and cells), units into sentences, sentences into clauses (`;`, `, but`,
 * ` while `, ` whereas `, dashes, parentheses, and ` and ` / `, ` where a new subject starts).
 * Each claim keeps where it stands (`parts.B.findings, bullet 2`) for the report.
 */
import type { Theory } from '../../formats/theory.js';
import { fold } from './fold.js';
import { detectLanguage, type Language } from './language.js';
import { LEXICONS, type Lexicon } from './lexicon/index.js';
import { normalizeText } from './normalize.js';

export type FieldKind = 'summary' | 'rootCause' | 'findings' | 'gapReason' | 'note';

export interface FieldRef {
  kind: FieldKind;
  /** The part a part's field belongs to; undefined for summary and root cause. */
  part?: 'A' | 'B';
  /** The dot path of the field (`parts.B.gaps[0].reason`). */
  path: string;
}

export interface Field extends FieldRef {
  raw: string;
  /** The field's language (language.ts). */
  language: Language;
  recognised?: string;
}

export interface Clause {
  field: Field;
  /** The clause as read (normalized). */
  text: string;
  /** Matching form (fold.ts). */
  folded: string;
  /** `parts.B.findings, bullet 2, table row 1 cell 2`. */
  where: string;
  /** Position in the field, in order: subject inheritance follows it. */
  index: number;
  /** The sentence of the field it stands in, counted from 0 (clauses of one sentence share it). */
  sentence: number;
  /** For a table cell: its row (`parts.B.findings, table row 2`); subjects carry across it. */
  row?: string;
  /** The sentence's language (its own when it is long enough to tell, else its field's). */
  language: Language;
  recognised?: string;
}

/** Every free-text field of a Theory, in reading order. */
export function fieldsOf(theory: Theory): Field[] {
  const out: Omit<Field, 'language'>[] = [];
  out.push({ kind: 'summary', path: 'summary', raw: theory.summary });
  for (const k of ['component', 'mechanism', 'explanation'] as const) {
    out.push({ kind: 'rootCause', path: `rootCause.${k}`, raw: theory.rootCause[k] ?? '' });
  }
  for (const part of ['A', 'B'] as const) {
    const p = theory.parts[part];
    out.push({ kind: 'findings', part, path: `parts.${part}.findings`, raw: p.findings });
    p.measurements.forEach((m, i) => {
      if (m.note)
        out.push({ kind: 'note', part, path: `parts.${part}.measurements[${i}].note`, raw: m.note });
    });
    p.gaps.forEach((g, i) => {
      out.push({ kind: 'gapReason', part, path: `parts.${part}.gaps[${i}].reason`, raw: g.reason });
    });
  }
  return out
    .filter((f) => f.raw.trim() !== '')
    .map((f) => {
      const d = detectLanguage(normalizeText(f.raw));
      return { ...f, language: d.language, ...(d.recognised ? { recognised: d.recognised } : {}) };
    });
}

/** The lexicons a clause is read with: English (technical text is English everywhere) and the field's own. */
export function lexiconsOf(language: Language): Lexicon[] {
  return language === 'unreadable' || language === 'en' ? [LEXICONS.en] : [LEXICONS.en, LEXICONS[language]];
}

const BULLET = /^\s*(?:[-*+\u2022\u25E6\u2023]|\d{1,3}[.)])\s+/;
const ABBREVIATIONS = /\b(?:e\.g|i\.e|vs|approx|etc|ca|cf|incl|no|nr|fig|min|max|avg|p\.m|a\.m)\.$/i;

interface Unit {
  text: string;
  where: string;
}

/** Lines into units: a bullet, a table cell (with its header), or a paragraph line. */
function unitsOf(text: string, path: string): Unit[] {
  const units: Unit[] = [];
  const lines = text.split(/\r?\n/);
  let bullet = 0;
  let header: string[] | undefined;
  let row = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') {
      header = undefined;
      continue;
    }
    if (line.startsWith('|') || (line.includes(' | ') && line.split('|').length >= 3)) {
      const cells = line
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-{2,}:?$/.test(c) || c === '')) continue;
      const next = lines[i + 1]?.trim() ?? '';
      if (header === undefined && /^\|?\s*:?-{2,}/.test(next)) {
        header = cells;
        continue;
      }
      row++;
      cells.forEach((cell, c) => {
        if (cell === '') return;
        const h = header?.[c];
        units.push({
          text: h && h !== '' ? `${h}: ${cell}` : cell,
          where: `${path}, table row ${row} cell ${c + 1}`,
        });
      });
      continue;
    }
    header = undefined;
    if (BULLET.test(line)) {
      bullet++;
      units.push({ text: line.replace(BULLET, ''), where: `${path}, bullet ${bullet}` });
    } else units.push({ text: line, where: path });
  }
  return units;
}

/** Sentences of a unit: at `.`, `!`, `?` before a space, not after an abbreviation or inside a number. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  // CJK full stops end a sentence with no space after them.
  for (const m of text.matchAll(/[.!?]+(?=\s+\S|$)|[\u3002\uff01\uff1f]+\s*/g)) {
    const end = (m.index ?? 0) + m[0].length;
    const piece = text.slice(start, end);
    if (ABBREVIATIONS.test(piece.trimEnd())) continue;
    out.push(piece);
    start = end;
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A parenthetical of a few words is a clause of its own; a query's parentheses are not. */
function parentheticals(sentence: string): string[] {
  const inner: string[] = [];
  const outer = sentence.replace(/(^|\s)\(([^(){}]*)\)/g, (whole, pre: string, body: string) => {
    if (body.trim().split(/\s+/).length < 3) return whole;
    inner.push(body);
    return pre;
  });
  return [outer.replace(/\s+([.,;:!?])/g, '$1'), ...inner];
}

const words = (s: string): number => s.trim().split(/\s+/).filter(Boolean).length;

function splitBy(text: string, re: RegExp): string[] {
  return text.split(new RegExp(re.source, `${re.flags.replace('g', '')}g`));
}

/** Clauses of a sentence, by the field's lexicons. */
function clausesOf(sentence: string, lexicons: Lexicon[]): string[] {
  let parts = parentheticals(sentence);
  for (const lex of lexicons) {
    for (const re of lex.clauseBreaks) parts = parts.flatMap((p) => splitBy(p, re));
  }
  // A list of `name=value` items is one claim per item ("measured a=1, b=0").
  parts = parts.flatMap((p) => p.split(/,\s+(?=[\w.-]+\s*[=:]\s*[-+]?\d)/));
  // Joins split only where what follows starts a subject of its own (or claims absence by itself)
  // and what precedes is a clause, not a list item ("errors, timeouts and panics were absent").
  for (const lex of lexicons) {
    for (const join of lex.joins) {
      parts = parts.flatMap((p) => {
        // Split keeping the separators, so a join that does not split is put back as written.
        const pieces = p.split(new RegExp(`(${join.source})`, 'gi'));
        if (pieces.length === 1) return [p];
        const out: string[] = [pieces[0]];
        for (let i = 1; i + 1 < pieces.length; i += 2) {
          const sep = pieces[i];
          const piece = pieces[i + 1];
          const left = out[out.length - 1];
          const right = piece.trim().replace(/^(?:but|yet|so|then|also|pero|aber|mais|mas)\s+/i, '');
          // A comma after an opening phrase ("Per the runbook, ...", "In the last hour, ...") is not a join.
          const opener =
            /^\s*(?:per|according|from|based|as|in|on|at|after|before|during|since|with|by|for|over|under|if|when|because|although|though|while|within|across|between|segun|laut|selon|segundo|de\s+acuerdo|durante|wahrend|pendant)\b/i.test(
              left,
            );
          const own =
            lex.ownPredicate !== undefined &&
            /\band\b/.test(sep) &&
            lex.ownPredicate.left.test(fold(left)) &&
            lex.ownPredicate.right.test(fold(right));
          // "unknown, not zero": a bare contrast of two words belongs to the clause it qualifies.
          const contrast = /^not\s+\S+\s*[.!?]?$/i.test(right.trim());
          if (
            words(left) >= 3 &&
            words(right) >= 2 &&
            !opener &&
            !contrast &&
            (lex.newSubject.test(fold(right)) || own)
          )
            out.push(piece);
          else out[out.length - 1] = `${left}${sep}${piece}`;
        }
        return out;
      });
    }
  }
  return parts
    .map((p) => p.trim().replace(/^[,.;:\s]+|[,;:\s]+$/g, ''))
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
}

const clauseMemo = new Map<string, Clause[]>();

/**
 * Every clause of a field, in reading order. Memoised by the field's text and place: scoring a
 * run, or a mutation suite, reads the same text many times.
 */
export function clausesOfField(field: Field): Clause[] {
  const key = `${field.path}\u0000${field.raw}`;
  const hit = clauseMemo.get(key);
  if (hit) return hit;
  const out = readField(field);
  if (clauseMemo.size > 20000) clauseMemo.clear();
  clauseMemo.set(key, out);
  return out;
}

function readField(field: Field): Clause[] {
  const out: Clause[] = [];
  let sentenceNo = 0;
  for (const unit of unitsOf(normalizeText(field.raw), field.path)) {
    for (const sentence of sentencesOf(unit.text)) {
      // A field may change language mid-way ("… Keine Fehler in den Logs."): each sentence is read
      // in its own when it tells (function words need a few words; a script or a letter no read
      // language uses tells at once: "cert-manager のログにエラーはありません。").
      const own = detectLanguage(sentence);
      const language = own.language !== 'en' || field.language === 'unreadable' ? own : field;
      const sentenceIndex = sentenceNo++;
      for (const text of clausesOf(sentence, lexiconsOf(language.language))) {
        out.push({
          field,
          text,
          folded: fold(text),
          where: unit.where,
          ...(/, table row \d+ cell \d+$/.test(unit.where)
            ? { row: unit.where.replace(/ cell \d+$/, '') }
            : {}),
          index: out.length,
          sentence: sentenceIndex,
          language: language.language,
          ...(language.recognised ? { recognised: language.recognised } : {}),
        });
      }
    }
  }
  return out;
}
