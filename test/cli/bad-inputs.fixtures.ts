/**
 * Valid files for the bad-input table (bad-inputs.cases.ts) to break one field at a time: the
 * loader tests' mini golden, a sim seat, a config, a trace of the golden, a run manifest and a
 * scorecard. Each case edits one of them as text, so the field it breaks is the only problem.
 */
import { edit, MINI } from '../formats/helpers.js';

export { edit, MINI };

export const SEAT = 'name: sim-diligent\nprovider: sim\nshape: react\npolicy: diligent\n';

export const CONFIG = 'goldens: [goldens]\nseats: [seats]\nrepetitions: 1\nconcurrency: 2\noutDir: reports\n';

/** A golden folder, a seat folder and a config in one tree: what `bench run` needs. */
export const TREE = { 'goldens/mini/golden.yaml': MINI, 'seats/sim.yaml': SEAT, 'bench.config.yaml': CONFIG };

/** The mini golden with a generated metric and a generated log stream to break. */
export const GENERATED = edit(
  MINI,
  '  logs:\n',
  [
    '    - generate:',
    '        metric: up',
    '        type: gauge',
    '        interval: 15s',
    '        labels: { job: api }',
    '        value: { base: 1 }',
    '  logs:',
    '    - stream: { app: api }',
    '      generate:',
    '        rate: { base: 0.1 }',
    '        templates: [{ text: hello }]',
    '',
  ].join('\n'),
);

export const HEADER = {
  type: 'header',
  format: 'rematch.trace/1',
  golden: 'mini-checkout',
  seat: 'sim-diligent',
  provider: 'sim',
  model: 'sim',
  shape: 'react',
  gateSet: 'none',
  gates: [],
  rep: 1,
  seed: 1,
  clock: 'virtual',
  startedAt: '2026-03-14T13:00:00Z',
};

export const TRACE = `${JSON.stringify(HEADER)}\n`;

export const THEORY = {
  summary: 'pool exhausted',
  rootCause: { component: 'payments-db', mechanism: 'pool exhaustion' },
  parts: {
    A: { status: 'resolved', measurements: [{ id: 'error_rate', value: 2 }] },
    B: { status: 'undetermined' },
  },
};

const THRESHOLDS = { passCorrectness: 0.8, steerHaltAlert: 1, junitMinCorrectness: 0.5 };

export const MANIFEST = {
  format: 'rematch.run/1',
  runId: 'r',
  createdAt: '2026-03-14T13:00:00Z',
  configFile: 'bench.config.yaml',
  goldenPaths: ['goldens'],
  seatPaths: ['seats'],
  plan: {
    seed: 1,
    repetitions: 1,
    goldens: ['mini-checkout'],
    seats: ['sim-diligent'],
    gateSets: ['none'],
    shard: null,
  },
  thresholds: THRESHOLDS,
  contended: false,
  skipped: [],
};

export const SCORECARD = {
  format: 'rematch.scorecard/2',
  run: {
    seed: 1,
    goldens: ['mini-checkout'],
    seats: ['sim-diligent'],
    gateSets: ['none'],
    repetitions: 1,
    clock: 'virtual',
    thresholds: THRESHOLDS,
  },
  rows: [],
  gateEffects: [],
  seatGateEffects: [],
  ceilings: [],
  alerts: [],
  skipped: [],
  worst: [],
  trials: [],
  meta: { runId: 'r', generatedAt: '2026-03-14T13:00:00Z', dir: 'reports/r' },
};

export const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

/** `v` with `patch` merged in at the top level (a value of undefined drops the key). */
export function withFields(v: object, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...v, ...patch };
  for (const [k, x] of Object.entries(patch)) if (x === undefined) delete out[k];
  return out;
}

/** A YAML alias bomb: each level is ten aliases of the one before (10^6 leaves unexpanded). */
export const ALIAS_BOMB = [
  'a: &a [x, x, x, x, x, x, x, x, x, x]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
  'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]',
  'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]',
  '',
].join('\n');
