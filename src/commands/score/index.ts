/**
 * `bench score`: judge an external trace offline, from files. Bad files are bad input (exit 2); a
 * verdict other than pass is exit 1, with the rule that fired and why (scoring/explain.ts). With
 * `--against-world` the trace's queries are answered again by the golden's world first (world.ts).
 */

import { withSelection } from '../../backend/index.js';
import { InputError, ThresholdError } from '../../errors.js';
import type { Golden } from '../../formats/golden/index.js';
import { loadConfig, loadTheory, readTrace } from '../../formats/load.js';
import type { Trace } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import { explainScore, scoreTrial, type TrialScore } from '../../scoring/index.js';
import { pickTrial } from '../import/index.js';
import { resolveOneGolden } from '../resolve.js';
import { type AgainstWorldResult, againstWorldTrace } from './world.js';
import { worldTable } from './world-table.js';

export {
  type AgainstWorldOptions,
  type AgainstWorldResult,
  againstWorldTrace,
  type WorldCall,
  type WorldSection,
} from './world.js';

export interface ScoreFilesOptions {
  /** A golden reference (commands/resolve.ts): a path, an id, a glob or tag naming exactly one. */
  golden: string;
  /** A trace.jsonl; or, instead, `otlp`. */
  trace?: string;
  /** An OTLP file (JSON or protobuf; docs/import.md) whose trace is scored instead of `trace`. */
  otlp?: string;
  /** With `otlp` holding several traces: the one to score (its rematch.trial.id or trace id). */
  trial?: string;
  /** Theory JSON; default: the last `theory` event in the trace. */
  theory?: string;
  /** Default: the config's thresholds.passCorrectness. */
  passCorrectness?: number;
  /** Config file for golden ids and the pass threshold (default bench.config.yaml, if present). */
  config?: string;
  /** Answer every recorded query again from the golden's world and score that (docs/import.md). */
  againstWorld?: boolean;
  /** With againstWorld: the agent's "now" (RFC 3339 or unix seconds), instead of the detected one. */
  agentNow?: string;
}

interface Loaded {
  golden: Golden;
  trace: Trace;
  theory: Theory | null;
  file: string;
}

function loadScored(opts: ScoreFilesOptions, warn: (s: string) => void): Loaded {
  const config = () => loadConfig(opts.config).config;
  const golden = resolveOneGolden(opts.golden, config);
  if ((opts.trace === undefined) === (opts.otlp === undefined))
    throw new InputError('bench score: give --trace FILE or --otlp FILE (one of them)');
  if (opts.trial !== undefined && opts.otlp === undefined)
    throw new InputError('bench score: --trial names a trace of an --otlp file');
  if (opts.agentNow !== undefined && !opts.againstWorld)
    throw new InputError("bench score: --agent-now maps the agent's times for --against-world; give both");
  const file = opts.trace ?? opts.otlp ?? '';
  const trace = opts.otlp ? pickTrial(opts.otlp, golden, opts.trial, warn) : readTrace(file);
  if (trace.header.golden !== golden.id) {
    throw new InputError(
      `${file}: the trace is of golden "${trace.header.golden}", not "${golden.id}" (${opts.golden})`,
    );
  }
  let theory: Theory | null = null;
  if (opts.theory) theory = loadTheory(opts.theory);
  else {
    for (const e of trace.events) if (e.type === 'theory') theory = e.theory;
  }
  return { golden, trace, theory, file };
}

export function scoreFiles(opts: ScoreFilesOptions, warn: (s: string) => void = () => {}): TrialScore {
  const { golden, trace, theory } = loadScored(opts, warn);
  // A trace from elsewhere (or an older one) gets its selection record first: judged as ours are.
  return scoreTrial(golden, withSelection(golden, trace), theory, { passCorrectness: passThreshold(opts) });
}

/** `bench score --against-world`: the files read as `scoreFiles` reads them, then answered by the world. */
export async function scoreAgainstWorld(
  opts: ScoreFilesOptions,
  warn: (s: string) => void = () => {},
): Promise<AgainstWorldResult> {
  const { golden, trace, theory, file } = loadScored(opts, warn);
  // a trace.jsonl names a call by its line (the header is line 1); an OTLP file by its trace
  const where = opts.otlp
    ? (c: { id: string; tool: string }) =>
        `${file}: ${opts.trial ? `trace ${opts.trial}: ` : ''}call ${c.id} (${c.tool})`
    : (c: { id: string; tool: string }, i: number) => `${file}:${i + 1}: call ${c.id} (${c.tool})`;
  return againstWorldTrace(
    golden,
    trace,
    theory,
    {
      passCorrectness: passThreshold(opts),
      ...(opts.agentNow !== undefined ? { agentNow: opts.agentNow } : {}),
    },
    where,
  );
}

const passThreshold = (opts: ScoreFilesOptions): number =>
  opts.passCorrectness ?? loadConfig(opts.config).config.thresholds.passCorrectness;

/**
 * The CLI's side: the TrialScore as JSON on stdout (what scripts read, as before), the verdict and
 * its reasons for people on stderr, and exit 1 (ThresholdError) unless the verdict is pass. With
 * `againstWorld`: the score on the world's answers, its `world` section (per call, where the
 * answers differ; both verdicts) beside it in the JSON, and the same as a table on stderr.
 */
export async function scoreCommand(
  opts: ScoreFilesOptions,
  out: { stdout: (s: string) => void; stderr: (s: string) => void },
): Promise<TrialScore> {
  let score: TrialScore;
  if (opts.againstWorld) {
    const r = await scoreAgainstWorld(opts, out.stderr);
    score = r.score;
    // the world-answered score, with the comparison beside it
    out.stdout(`${JSON.stringify({ ...score, world: r.world }, null, 2)}\n`);
    out.stderr(worldTable(r.world));
  } else {
    score = scoreFiles(opts, out.stderr);
    out.stdout(`${JSON.stringify(score, null, 2)}\n`);
  }
  const why = explainScore(score, { passCorrectness: passThreshold(opts) });
  const text = [why.headline, ...why.reasons.map((r) => `  ${r}`)].join('\n');
  if (score.verdict !== 'pass') throw new ThresholdError(`score: ${text}`);
  out.stderr(`score: ${text}\n`);
  return score;
}
