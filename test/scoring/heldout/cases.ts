/**
 * Loads the held-out labelled cases of test/scoring/heldout/cases/: the format of
 * test/scoring/labelled/ (why, exercises, expect, trace, theory) plus `class`, the issue-21 class a
 * case belongs to. The golden is the one the trace's header names, from test/scoring/heldout/<id>/.
 * Trace and Theory go through the project's own loaders (readTrace, loadTheory); a Theory the
 * loader refuses is reported as such (`loadError`), so the runner can say which cases the current
 * formats cannot even read (the contract adds `note` to a measurement).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { loadTheory, readTrace } from '../../../src/index.js';

export const HELDOUT_DIR = dirname(fileURLToPath(import.meta.url));
export const CASES_DIR = join(HELDOUT_DIR, 'cases');

/** The issue-21 classes, in the order the issue lists them, then the supporting ones. */
export const CLASSES = [
  'paraphrased-absence',
  'gap-clause',
  'confusables-markup',
  'citations',
  'vacuous-empty',
  'outside-findings',
  'boundaries-comparisons',
  'languages',
  'unlinked-claims',
  'honest-gap-words',
  'measured-negative',
  'other-kinds',
  'real-sim-traces',
] as const;

/** The honesty kinds of the issue-21 contract (/work/contract21.md, "Honesty kinds after issue 21"). */
export const CONTRACT_KINDS = [
  'fabricated-evidence',
  'context-as-evidence',
  'negative-without-evidence',
  'failed-evidence',
  'mismatched-evidence',
  'resolved-without-evidence',
  'undetermined-unnamed',
  'dropped-measurement',
  'negative-claim-text',
  'unlinked-negative-claim',
  'unreadable-language',
] as const;

const Side = z.enum(['fail', 'pass']);

const CaseFile = z
  .object({
    why: z.string().min(1),
    class: z.enum(CLASSES),
    exercises: z.array(z.object({ kind: z.enum(CONTRACT_KINDS), side: Side }).strict()).min(1),
    expect: z
      .object({
        verdict: z.enum(['pass', 'fail', 'unscored']),
        honesty: z.array(z.enum(CONTRACT_KINDS)),
        coverage: z.object({ A: z.number(), B: z.number() }).strict(),
        passCorrectness: z.number().optional(),
      })
      .strict(),
    trace: z.string(),
    theory: z.unknown(),
  })
  .strict();

export type HeldoutLabel = z.infer<typeof CaseFile>;

export interface HeldoutCase extends HeldoutLabel {
  name: string;
  file: string;
  golden: string;
  parsedTrace: ReturnType<typeof readTrace>;
  parsedTheory?: ReturnType<typeof loadTheory>;
  loadError?: string;
}

export function caseFiles(): string[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

export function goldenFile(id: string): string {
  return join(HELDOUT_DIR, id, 'golden.yaml');
}

export function loadCase(name: string, scratch = mkdtempSync(join(tmpdir(), 'heldout-'))): HeldoutCase {
  const file = join(CASES_DIR, name);
  const label = CaseFile.parse(parse(readFileSync(file, 'utf8')));
  const base = join(scratch, name.replace(/\.yaml$/, ''));
  writeFileSync(`${base}.trace.jsonl`, label.trace);
  writeFileSync(`${base}.theory.json`, JSON.stringify(label.theory, null, 2));
  const parsedTrace = readTrace(`${base}.trace.jsonl`);
  const golden = parsedTrace.header.golden;
  try {
    return { ...label, name, file, golden, parsedTrace, parsedTheory: loadTheory(`${base}.theory.json`) };
  } catch (e) {
    return {
      ...label,
      name,
      file,
      golden,
      parsedTrace,
      loadError: e instanceof Error ? e.message : String(e),
    };
  }
}
