/**
 * Null baselines, scored in every scorecard like any seat: what a score looks like with no
 * investigation at all. Both get an empty trace (no calls), so no evidence can back anything.
 */

import type { Golden } from '../formats/golden/index.js';
import type { EndEvent, HeaderEvent, Trace } from '../formats/run/index.js';
import type { Theory } from '../formats/theory.js';
import { traceHeader } from '../protocol/trace-header.js';
import { scoreTrial } from './score-trial.js';
import type { RowKind, ScoreOptions, TrialRecord } from './types.js';

export const BASELINE_SEATS = ['baseline/constant', 'baseline/alert-only'] as const;

/**
 * The honest ceiling (DESIGN §11): the built-in reference seat a run adds once per golden, under
 * every gate. Unlike the baselines it really runs; its name holds a `/`, which seat files cannot,
 * so it never collides with a user's seat.
 */
export const CEILING_SEAT = 'ceiling/reference';

/** What a scorecard row (or trial) stands for, from its seat name alone (old scorecards too). */
export function rowKind(seat: string): RowKind {
  if ((BASELINE_SEATS as readonly string[]).includes(seat)) return 'baseline';
  return seat === CEILING_SEAT ? 'ceiling' : 'seat';
}

/** Fixed text, no measurements, whatever the incident. */
export function constantTheory(): Theory {
  const part = {
    status: 'undetermined' as const,
    findings: 'Investigation pending.',
    measurements: [],
    gaps: [],
  };
  return {
    summary: 'An incident occurred; the cause was not investigated.',
    rootCause: { component: 'unknown', mechanism: 'unknown', explanation: '' },
    parts: { A: { ...part }, B: { ...part } },
  };
}

/** Restates the alert; Part A "resolved" on the alert's word alone, with no evidence. */
export function alertOnlyTheory(golden: Golden): Theory {
  const a = golden.alert;
  return {
    summary: `${a.name} fired: ${a.summary}`,
    rootCause: { component: a.labels.service ?? a.name, mechanism: a.name, explanation: a.summary },
    parts: {
      A: { status: 'resolved', findings: a.summary, measurements: [], gaps: [] },
      B: { status: 'undetermined', findings: '', measurements: [], gaps: [] },
    },
  };
}

export function emptyTrace(golden: Golden, seat: string): Trace {
  const header: HeaderEvent = traceHeader({
    golden: golden.id,
    seat: { name: seat, provider: 'baseline', shape: 'react' },
    model: 'baseline',
    gateSet: { name: 'none', gates: [] },
    rep: 0,
    seed: 0,
    clock: 'virtual',
    startedAt: '1970-01-01T00:00:00.000Z',
  });
  const end: EndEvent = {
    type: 'end',
    t: 0,
    stop: 'submitted',
    unscored: false,
    usage: { turns: 0, toolCalls: 0, waves: 0, maxFanout: 0, tokens: { input: 0, output: 0, reasoning: 0 } },
    wall: { totalMs: 0, modelMs: 0, toolMs: 0, queueMs: 0 },
    counts: { steers: 0, halts: 0, fingerprints: 0, untypedEnvelopes: 0 },
  };
  return { header, events: [header, end] };
}

export function baselineTrials(golden: Golden, opts: ScoreOptions = {}): TrialRecord[] {
  const theories: Record<(typeof BASELINE_SEATS)[number], Theory> = {
    'baseline/constant': constantTheory(),
    'baseline/alert-only': alertOnlyTheory(golden),
  };
  return BASELINE_SEATS.map((seat) => ({
    id: `${golden.id}/${seat}/none/r0`,
    golden: golden.id,
    seat,
    gateSet: 'none',
    rep: 0,
    seed: 0,
    dir: '',
    score: scoreTrial(golden, emptyTrace(golden, seat), theories[seat], opts),
  }));
}
