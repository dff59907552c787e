/**
 * Each trajectory check as a pure function of the trial's steps (and, for a gap, its Theory and
 * evidence): passed or not, and why in words that name the calls it went by.
 */
import { callNamedByGap, type EvidenceSet } from '../../evidence/index.js';
import type { TrajectoryCheck } from '../../formats/golden/index.js';
import type { Theory } from '../../formats/theory.js';
import { callText, describe, matches, type Step } from './steps.js';

export interface CheckInput {
  steps: readonly Step[];
  theory: Theory | null;
  evidence: EvidenceSet;
}

export interface Judged {
  passed: boolean;
  reason: string;
}

type Of<K extends TrajectoryCheck['check']> = Extract<TrajectoryCheck, { check: K }>;

/** One judge per kind: a kind added to the schema without its judge here does not compile. */
export const JUDGES: { [K in TrajectoryCheck['check']]: (c: Of<K>, x: CheckInput) => Judged } = {
  'must-call': (c, { steps }) => {
    const first = steps.find((s) => matches(c.call, s));
    if (!first) return { passed: false, reason: `no ${describe(c.call)} among ${steps.length} calls` };
    if (!c.before) return { passed: true, reason: `first at ${callText(first)}` };
    const other = steps.find((s) => matches(c.before, s));
    if (!other || first.index < other.index)
      return {
        passed: true,
        reason: `first at ${callText(first)}${other ? `, before ${callText(other)}` : `; no ${describe(c.before)}`}`,
      };
    return {
      passed: false,
      reason: `first ${describe(c.call)} at ${callText(first)}, after ${callText(other)} (${describe(c.before)})`,
    };
  },
  'must-not-call': (c, { steps }) => {
    const hits = steps.filter((s) => matches(c.call, s));
    if (!hits.length) return { passed: true, reason: `no ${describe(c.call)}` };
    return { passed: false, reason: `${hits.length} ${describe(c.call)}, first at ${callText(hits[0])}` };
  },
  'max-calls': (c, { steps }) => {
    const hits = steps.filter((s) => matches(c.call, s));
    if (c.perFingerprint) {
      const worst = mostRepeated(hits);
      if (!worst || worst.count <= c.max)
        return { passed: true, reason: `at most ${worst?.count ?? 0} per fingerprint (max ${c.max})` };
      return {
        passed: false,
        reason: `fingerprint ${worst.fingerprint} on ${worst.count} ${describe(c.call)} (max ${c.max}), first at ${callText(worst.first)}`,
      };
    }
    const said = `${hits.length} ${describe(c.call)} (max ${c.max})`;
    return hits.length <= c.max
      ? { passed: true, reason: said }
      : { passed: false, reason: `${said}; the ${ordinal(c.max + 1)} at ${callText(hits[c.max])}` };
  },
  'max-repeats-of-failed': (c, { steps }) => {
    const worst = mostRepeated(steps.filter((s) => s.ran));
    if (!worst || worst.count <= c.max)
      return {
        passed: true,
        reason: worst
          ? `a failed fingerprint at most ${worst.count}× (max ${c.max})`
          : 'no failed or empty call repeated',
      };
    return {
      passed: false,
      reason: `fingerprint ${worst.fingerprint} ${worst.count}× (max ${c.max}): ${worst.calls.map((s) => s.id).join(', ')}`,
    };
  },
  'must-name-gap-for': (c, { theory, evidence }) => {
    if (!theory) return { passed: false, reason: 'no Theory' };
    const gaps = (['A', 'B'] as const).flatMap((p) =>
      theory.parts[p].gaps.filter((g) => g.measurement === c.measurement),
    );
    if (!gaps.length) return { passed: false, reason: `the Theory names no gap for ${c.measurement}` };
    for (const g of gaps) {
      const call = callNamedByGap(evidence, g, 'really-failed');
      if (call)
        return { passed: true, reason: `gap for ${c.measurement} names ${call.id}, which really failed` };
    }
    return {
      passed: false,
      reason: `the gap for ${c.measurement} names no call of the trace that really failed`,
    };
  },
  'step-order': (c, { steps }) => {
    let after = -1;
    let last: Step | undefined;
    for (const [i, m] of c.steps.entries()) {
      const s = steps.find((x) => x.index > after && matches(m, x));
      if (!s) {
        const where = last ? ` after ${callText(last)}` : '';
        return { passed: false, reason: `step ${i + 1}: no ${describe(m)}${where}` };
      }
      after = s.index;
      last = s;
    }
    return { passed: true, reason: `in order, last at ${last ? callText(last) : '-'}` };
  },
};

interface Repeat {
  fingerprint: string;
  count: number;
  first: Step;
  calls: Step[];
}

/** The fingerprint on the most steps (the first such, in trace order), among steps that have one. */
function mostRepeated(steps: readonly Step[]): Repeat | undefined {
  const by = new Map<string, Step[]>();
  for (const s of steps) if (s.fingerprint) by.set(s.fingerprint, [...(by.get(s.fingerprint) ?? []), s]);
  let worst: Repeat | undefined;
  for (const [fingerprint, calls] of by)
    if (!worst || calls.length > worst.count)
      worst = { fingerprint, count: calls.length, first: calls[0], calls };
  return worst;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}
