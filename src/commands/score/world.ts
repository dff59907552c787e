/**
 * `--against-world` (docs/import.md, Against the golden's world): a trace whose calls were
 * answered by its agent's own backend, answered again by the golden's world. One backend stack for
 * the trace, built as a live trial builds it (engines → the servers' limits → the golden's faults →
 * capacity, on a virtual clock, the trace's seed), is asked every recorded query in trace order, so
 * a fault that counts its calls sees them as it would have live; each answer replaces the call's
 * observation, and that trace is scored as a native one (the same scorer, evidence and verdict).
 * Beside the score: per call, where the recorded answer and the world's differ, and both verdicts.
 */
import { createBackendStack, withSelection } from '../../backend/index.js';
import { VirtualClock } from '../../clock.js';
import { InputError } from '../../errors.js';
import type { Golden } from '../../formats/golden/index.js';
import type { ToolCallEvent, ToolResultEvent, Trace, TraceEvent } from '../../formats/run/index.js';
import type { Theory } from '../../formats/theory.js';
import { TOOL } from '../../protocol/tools.js';
import { scoreTrial, type TrialScore } from '../../scoring/index.js';
import { buildWorld } from '../../world/build.js';
import type { World } from '../../world/types.js';
import { absoluteTime, shiftedArgs, timeMapOf } from './agent-time.js';
import { ask, planOf } from './ask.js';
import { type AnswerFigures, differences, figuresOf } from './differ.js';

export interface AgainstWorldOptions {
  /** The agent's "now" (RFC 3339 or unix seconds); default: the trace header's `agentNow`, else the golden's now. */
  agentNow?: string;
  /** Default 0.8 (the config's `thresholds.passCorrectness` from the CLI). */
  passCorrectness?: number;
}

/** Names a call in a message: the CLI passes `file:line` of a trace or the OTLP trace's id. */
export type WhereOf = (call: ToolCallEvent, eventIndex: number) => string;

export interface WorldCall {
  id: string;
  tool: string;
  /** `same`, `differs`, or `not asked` (with `reason`). */
  status: 'same' | 'differs' | 'not asked';
  reason?: string;
  /** The recorded answer (absent: the call recorded none). */
  recorded?: AnswerFigures;
  world?: AnswerFigures;
  differences: string[];
}

export interface WorldSection {
  golden: string;
  /** ISO times: the agent's now, where it came from, and the golden's now it is mapped onto. */
  agentNow: string;
  agentNowFrom: 'flag' | 'trace' | 'golden';
  goldenNow: string;
  shiftMs: number;
  recorded: { verdict: TrialScore['verdict']; correctness: number };
  world: { verdict: TrialScore['verdict']; correctness: number };
  counts: { same: number; differs: number; notAsked: number };
  calls: WorldCall[];
}

export interface AgainstWorldResult {
  /** The trace scored on the world's answers. */
  score: TrialScore;
  /** The same trace scored on its recorded answers (what `bench score` gives). */
  recordedScore: TrialScore;
  world: WorldSection;
  /** The trace with the world's answers in it (header: faults and selection recorded). */
  trace: Trace;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Worlds are deterministic from the golden, and big: each golden object's is built once. */
const worlds = new WeakMap<Golden, World>();
function worldOf(golden: Golden): World {
  let w = worlds.get(golden);
  if (!w) worlds.set(golden, (w = buildWorld(golden)));
  return w;
}

/** The time range a wire request reads ([time − nothing, time] for an instant), epoch ms. */
function readRange(params: Record<string, unknown>): [number, number] | undefined {
  const t = (k: string) => {
    const v = params[k];
    return typeof v === 'string' ? absoluteTime(v) : undefined;
  };
  const time = t('time');
  if (time !== undefined) return [time, time];
  const start = t('start');
  const end = t('end');
  if (start !== undefined && end !== undefined) return [start, end];
  return undefined;
}

export async function againstWorldTrace(
  golden: Golden,
  trace: Trace,
  theory: Theory | null,
  opts: AgainstWorldOptions = {},
  whereOf: WhereOf = (c) => `call ${c.id} (${c.tool})`,
): Promise<AgainstWorldResult> {
  const map = timeMapOf(golden, trace.header, opts.agentNow);
  const clock = new VirtualClock();
  const stack = createBackendStack(golden, worldOf(golden), {
    faults: true,
    clock,
    seed: trace.header.seed,
  });
  const results = new Map<string, ToolResultEvent>();
  for (const e of trace.events) if (e.type === 'tool_result') results.set(e.id, e);
  const world = new Map<string, ToolResultEvent>();
  const movedArgs = new Map<string, unknown>();
  const calls: WorldCall[] = [];
  const faults = trace.header.faultsRecorded === true;
  const { start, end } = golden.ms;
  try {
    for (const [i, e] of trace.events.entries()) {
      if (e.type !== 'tool_call') continue;
      // The world's clock follows the trace's, so what a fault decides by time (a stale catalog's
      // `refreshAfter`) it decides at the same point of the investigation.
      if (e.t > clock.now()) await clock.sleep(e.t - clock.now());
      // A catalog refresh the agent asked for (search_tools refresh: true, a context tool, so never
      // asked again) still refreshes the world's catalog: the calls after it meet the working tools.
      if (e.tool === TOOL.searchTools && isRefresh(e.args)) stack.catalog?.refresh('request');
      const recorded = results.get(e.id);
      const row: WorldCall = { id: e.id, tool: e.tool, status: 'not asked', differences: [] };
      if (recorded) row.recorded = figuresOf(recorded);
      calls.push(row);
      const plan = planOf(e, recorded);
      if (plan.form === 'none') {
        row.reason = plan.reason;
        continue;
      }
      const where = whereOf(e, i);
      const args = shiftedArgs(e.args, map.shiftMs, where);
      if (args !== e.args) movedArgs.set(e.id, args);
      const asked = await ask(plan.form, e, args, recorded, { golden, backend: stack.backend, clock });
      for (const req of asked.requests) {
        const r = readRange(req.params);
        if (r && (r[1] < start || r[0] > end))
          throw new InputError(
            `${where}: reads ${iso(r[0])} … ${iso(r[1])}, outside the golden's window ${iso(start)} … ${iso(end)} ` +
              `(the agent's now ${iso(map.agentNowMs)} is mapped onto the golden's now ${iso(golden.ms.now)}; --agent-now sets it)`,
          );
      }
      const w = asked.result;
      // The agent's backend answered with data, and the world will not evaluate the call at all.
      if (asked.refused && (recorded?.outcome === 'ok' || recorded?.outcome === 'empty'))
        throw new InputError(`${where}: ${asked.refused} (recorded: ${recorded.outcome})`);
      world.set(e.id, w);
      row.world = figuresOf(w, asked.body);
      row.differences = recorded
        ? differences(row.recorded as AnswerFigures, row.world, faults)
        : ['no recorded answer'];
      row.status = row.differences.length ? 'differs' : 'same';
    }
  } finally {
    await stack.close();
  }
  const header = { ...trace.header, faultsRecorded: true, selectionRecorded: true };
  const answered = new Set<string>();
  const events: TraceEvent[] = [];
  for (const e of trace.events) {
    if (e.type === 'header') events.push(header);
    else if (e.type === 'tool_call') {
      events.push(movedArgs.has(e.id) ? { ...e, args: movedArgs.get(e.id) } : e);
    } else if (e.type === 'tool_result' && world.has(e.id)) {
      events.push(world.get(e.id) as ToolResultEvent);
      answered.add(e.id);
    } else events.push(e);
  }
  // a call that recorded no answer gets the world's right after it
  for (const [id, r] of world) {
    if (answered.has(id)) continue;
    const at = events.findIndex((e) => e.type === 'tool_call' && e.id === id);
    events.splice(at + 1, 0, r);
  }
  const replayed: Trace = { header, events };
  const sopts = opts.passCorrectness !== undefined ? { passCorrectness: opts.passCorrectness } : {};
  const score = scoreTrial(golden, replayed, theory, sopts);
  const recordedScore = scoreTrial(golden, withSelection(golden, trace), theory, sopts);
  const count = (s: WorldCall['status']) => calls.filter((c) => c.status === s).length;
  return {
    score,
    recordedScore,
    trace: replayed,
    world: {
      golden: golden.id,
      agentNow: iso(map.agentNowMs),
      agentNowFrom: map.from,
      goldenNow: iso(golden.ms.now),
      shiftMs: map.shiftMs,
      recorded: { verdict: recordedScore.verdict, correctness: recordedScore.correctness },
      world: { verdict: score.verdict, correctness: score.correctness },
      counts: { same: count('same'), differs: count('differs'), notAsked: count('not asked') },
      calls,
    },
  };
}

const isRefresh = (args: unknown): boolean =>
  typeof args === 'object' && args !== null && (args as { refresh?: unknown }).refresh === true;
