/**
 * `bench import otlp FILE --out DIR` (docs/import.md): every trace of an OTLP file (OTLP/JSON or
 * protobuf; `bench export otlp`'s own, or any agent's GenAI or OpenInference spans) as a bench
 * trace, written to DIR/<n>/trace.jsonl (and theory.json when it has a Theory), for `bench score`,
 * `bench show` and the trajectory checks. `bench score --otlp FILE` reads it the same way
 * (`pickTrial`). What the importer could not read goes to stderr, one line each.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../errors.js';
import { writeAtomic } from '../../formats/files.js';
import type { Golden } from '../../formats/golden/index.js';
import { loadConfig } from '../../formats/load.js';
import type { Trace } from '../../formats/run/index.js';
import { resolveOneGolden } from '../resolve.js';
import { type ImportedTrial, importOtlpFile } from './otlp/index.js';

export type { ImportedTrial, ImportOptions } from './otlp/index.js';
export { answerResult, importOtlpFile, type MappedTool, mapTool, type ToolAnswer } from './otlp/index.js';

export interface ImportOtlpOptions {
  out: string;
  /** The golden a foreign trace is of (default: none named; `bench score --golden` names it later). */
  golden?: string;
  config?: string;
}

export interface ImportIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const traceText = (t: Trace): string => `${t.events.map((e) => JSON.stringify(e)).join('\n')}\n`;

/** Each trace as DIR/<i>/trace.jsonl (1-based, file order); the index printed, one trial a line. */
export function importOtlp(file: string, o: ImportOtlpOptions, io: ImportIo): ImportedTrial[] {
  const golden = o.golden ? resolveOneGolden(o.golden, () => loadConfig(o.config).config).id : 'unknown';
  const trials = importOtlpFile(file, { golden, note: (s) => io.stderr(`import otlp: ${s}\n`) });
  trials.forEach((t, i) => {
    const dir = join(o.out, String(i + 1));
    mkdirSync(dir, { recursive: true });
    writeAtomic(join(dir, 'trace.jsonl'), traceText(t.trace));
    const theory = [...t.trace.events].reverse().find((e) => e.type === 'theory');
    if (theory?.type === 'theory')
      writeAtomic(join(dir, 'theory.json'), `${JSON.stringify(theory.theory, null, 2)}\n`);
    const calls = t.trace.events.filter((e) => e.type === 'tool_call').length;
    io.stdout(
      `${join(dir, 'trace.jsonl')}\t${t.kind}\t${t.id}\t${calls} calls${theory ? '' : '\tno Theory'}\n`,
    );
  });
  return trials;
}

/**
 * The one trial of the file `bench score --otlp` scores: the only one, or the one named by
 * `--trial` (its `rematch.trial.id` or its trace id). Several without `--trial` is bad input
 * listing them.
 */
export function pickTrial(
  file: string,
  golden: Golden,
  trial: string | undefined,
  warn: (s: string) => void,
): Trace {
  const trials = importOtlpFile(file, { golden: golden.id, note: (s) => warn(`score: ${s}\n`) });
  if (trial !== undefined) {
    const hit = trials.find((t) => t.id === trial || t.traceId === trial);
    if (!hit) throw new InputError(`${file}: no trace ${trial} (it has ${listOf(trials)})`);
    return hit.trace;
  }
  if (trials.length > 1)
    throw new InputError(`${file}: ${trials.length} traces; name one with --trial (${listOf(trials)})`);
  return trials[0].trace;
}

const listOf = (ts: ImportedTrial[]): string =>
  ts.length <= 5
    ? ts.map((t) => t.id).join(', ')
    : `${ts
        .slice(0, 5)
        .map((t) => t.id)
        .join(', ')} …`;
