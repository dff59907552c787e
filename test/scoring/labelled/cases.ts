/**
 * Loads the hand-labelled cases of test/scoring/labelled/cases/. Each case file holds a trace (the
 * real JSONL, as a block string), a Theory and its label. The trace and Theory go through the
 * project's own loaders (readTrace, loadTheory) so a case that drifts from the formats fails loudly
 * instead of being scored as something else.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { loadTheory, readTrace } from '../../../src/index.js';

export const LABELLED_DIR = dirname(fileURLToPath(import.meta.url));
export const CASES_DIR = join(LABELLED_DIR, 'cases');
export const GOLDEN_FILE = join(LABELLED_DIR, 'golden.yaml');

const Side = z.enum(['fail', 'pass']);

const CaseFile = z
  .object({
    why: z.string().min(1),
    /** Which honesty rule the case holds the scorer to, and on which side of it. */
    exercises: z.array(z.object({ kind: z.string(), side: Side }).strict()).default([]),
    expect: z
      .object({
        verdict: z.enum(['pass', 'fail', 'unscored']),
        /** The exact set of honesty kinds (order and repeats ignored). */
        honesty: z.array(z.string()),
        coverage: z.object({ A: z.number(), B: z.number() }).strict(),
        passCorrectness: z.number().optional(),
      })
      .strict(),
    trace: z.string(),
    theory: z.unknown(),
  })
  .strict();

export type CaseLabel = z.infer<typeof CaseFile>;

export interface LabelledCase extends CaseLabel {
  name: string;
  file: string;
  parsedTrace: ReturnType<typeof readTrace>;
  parsedTheory: ReturnType<typeof loadTheory>;
}

export function caseFiles(): string[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml') || f.endsWith('.json'))
    .sort();
}

export function loadCase(name: string, scratch = mkdtempSync(join(tmpdir(), 'labelled-'))): LabelledCase {
  const file = join(CASES_DIR, name);
  const label = CaseFile.parse(parse(readFileSync(file, 'utf8')));
  const base = join(scratch, name.replace(/\.(ya?ml|json)$/, ''));
  writeFileSync(`${base}.trace.jsonl`, label.trace);
  writeFileSync(`${base}.theory.json`, JSON.stringify(label.theory, null, 2));
  return {
    ...label,
    name,
    file,
    parsedTrace: readTrace(`${base}.trace.jsonl`),
    parsedTheory: loadTheory(`${base}.theory.json`),
  };
}

/** The kinds of the honesty table of docs/scoring.md (rows `| \`kind\` | ... |` under "## Honesty"). */
export function honestyKindsOfDoc(markdown: string): string[] {
  // Without the heading (renamed?), read the whole page rather than silently find nothing.
  const start = Math.max(0, markdown.search(/^## Honesty/m));
  const rest = markdown.slice(start + 1);
  const next = rest.search(/^## /m);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^\|\s*`([a-z][a-z-]*)`\s*\|/gm)].map((m) => m[1]);
}
