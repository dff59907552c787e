/**
 * The bad-input table: each case is a tiny folder of files, a `bench` command run in it, and what
 * the message must point at (a flag name, or `file:line:col: field`). Every one must exit 2 with
 * no stack trace; `absent` names paths that must not exist afterwards (no half-made run folder).
 */
import { encodeLine } from '../../src/runlog/journal-line.js';
import type { TrialRecord } from '../../src/scoring/index.js';
import {
  ALIAS_BOMB,
  CONFIG,
  edit,
  GENERATED,
  HEADER,
  json,
  MANIFEST,
  MINI,
  SCORECARD,
  SEAT,
  THEORY,
  TRACE,
  TREE,
  withFields,
} from './bad-inputs.fixtures.js';

export interface BadInput {
  name: string;
  files?: Record<string, string>;
  args: string[];
  /** What stderr must say: the flag, or the file, position and field. */
  says: RegExp;
  absent?: string[];
}

const G = 'goldens/mini/golden.yaml';
const at = (file: string, field: string) =>
  new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: ${field.replace(/\./g, '\\.')}`);
const flag = (name: string) => new RegExp(`^bench: ${name} `, 'm');

/** `bench validate` of the mini golden with one edit. */
const golden = (name: string, from: string, to: string, field: string, base = MINI): BadInput => ({
  name: `golden: ${name}`,
  files: { [G]: edit(base, from, to) },
  args: ['validate', G],
  says: at(G, field),
});

const seat = (name: string, text: string, field: string): BadInput => ({
  name: `seat: ${name}`,
  files: { 'seat.yaml': text },
  args: ['validate', 'seat.yaml'],
  says: at('seat.yaml', field),
});

const config = (name: string, text: string, field: string): BadInput => ({
  name: `config: ${name}`,
  files: { ...TREE, 'bench.config.yaml': text },
  args: ['validate'],
  says: at('bench.config.yaml', field),
});

const score = (name: string, files: Record<string, string>, extra: string[], says: RegExp): BadInput => ({
  name,
  files: { [G]: MINI, 'trace.jsonl': TRACE, ...files },
  args: ['score', '--golden', G, '--trace', 'trace.jsonl', ...extra],
  says,
});

const diff = (name: string, head: unknown, says: RegExp, extra: string[] = []): BadInput => ({
  name: `scorecard: ${name}`,
  files: { 'base.json': json(SCORECARD), 'head.json': typeof head === 'string' ? head : json(head) },
  args: ['diff', 'base.json', 'head.json', ...extra],
  says,
});

const SETS = Array.from({ length: 120 }, (_, i) => `g${i}`);
const ROW = {
  golden: 'mini-checkout',
  seat: 'sim-diligent',
  gateSet: 'none',
  n: 1,
  unscored: 0,
  passRate: 1,
};
const TRIAL = {
  id: 't',
  golden: 'mini-checkout',
  seat: 'sim-diligent',
  gateSet: 'none',
  rep: 1,
  seed: 1,
  dir: 't',
};

const FLAGS: BadInput[] = [
  ...['1e9', '0', '-1', '1.5', 'abc', '1001', '99999999999999999999'].map((v) => ({
    name: `--reps ${v}`,
    args: ['plan', '--reps', v],
    says: flag('--reps'),
  })),
  { name: 'run --reps 1e9', args: ['run', '--reps', '1e9'], says: flag('--reps') },
  ...['1.5', 'abc', '1e300', '-3', '0x10'].map((v) => ({
    name: `--seed ${v}`,
    args: ['plan', '--seed', v],
    says: flag('--seed'),
  })),
  ...['0', '100000', 'x'].map((v) => ({
    name: `--concurrency ${v}`,
    args: ['run', '--concurrency', v],
    says: flag('--concurrency'),
  })),
  ...['2', 'abc', '-0.1', ''].map((v) => ({
    name: `--min-correctness "${v}"`,
    args: ['run', '--min-correctness', v],
    says: flag('--min-correctness'),
  })),
  ...['abc', '7', '-1', '1.5', '0x1', '1e-1x'].map((v) => ({
    name: `--pass-correctness ${v}`,
    args: ['score', '--golden', G, '--trace', 't', '--pass-correctness', v],
    says: flag('--pass-correctness'),
  })),
  {
    name: 'trial --seed 1.5',
    args: ['trial', '--golden', 'g', '--seat', 's', '--seed', '1.5'],
    says: flag('--seed'),
  },
  {
    name: 'trial --rep 0',
    args: ['trial', '--golden', 'g', '--seat', 's', '--rep', '0'],
    says: flag('--rep'),
  },
  ...['70000', '-1', 'abc'].map((v) => ({
    name: `serve --port ${v}`,
    args: ['serve', 'g', '--port', v],
    says: /--port/,
  })),
  { name: 'mcp --port 65536', args: ['mcp', 'g', '--http', '--port', '65536'], says: /--port/ },
  { name: '--shard 3/2', args: ['plan', '--shard', '3/2'], says: flag('--shard') },
  {
    name: '--fail-on correctness:x',
    args: ['diff', 'a', 'b', '--fail-on', 'correctness:x'],
    says: flag('--fail-on'),
  },
  // --fail-on adds to the defaults: `none` there would add nothing, silently
  { name: '--fail-on none', args: ['diff', 'a', 'b', '--fail-on', 'none'], says: flag('--fail-on') },
  {
    name: '--fail-on-only speed:3',
    args: ['diff', 'a', 'b', '--fail-on-only', 'speed:3'],
    says: flag('--fail-on-only'),
  },
  { name: '--pair all', args: ['diff', 'a', 'b', '--pair', 'all'], says: flag('--pair') },
];

const GOLDENS: BadInput[] = [
  // Faults are a union on `kind`: a field of another kind, or a missing one the kind needs.
  golden(
    'a status on an empty fault',
    'kind: failed-envelope',
    'kind: empty\n    status: 503',
    'faults.0.status: unknown field',
  ),
  golden(
    'an http-error fault without status',
    'kind: failed-envelope',
    'kind: http-error',
    'faults.0.status: required',
  ),
  golden('a fault of no known kind', 'kind: failed-envelope', 'kind: flaky', 'faults.0.kind:'),
  golden(
    'a 100-year window',
    'end: 2026-03-14T15:00:00Z',
    'end: 2126-03-14T15:00:00Z',
    'time.end: a window of',
  ),
  golden(
    'a log rate of 1e9',
    'rate: { base: 0.1 }',
    'rate: { base: 1e9 }',
    'world.logs.0.generate.rate',
    GENERATED,
  ),
  golden(
    'a 1 ms scrape interval',
    'interval: 15s',
    'interval: 1ms',
    'world.metrics.1.generate.interval',
    GENERATED,
  ),
  golden(
    'a 0 s scrape interval',
    'interval: 15s',
    'interval: 0s',
    'world.metrics.1.generate.interval',
    GENERATED,
  ),
  // Log field generators are a union on their kind, named by the settings key.
  ...(
    [
      ['of no known generator', '{ n: { ints: [1, 5] } }', 'fields.n: unknown generator "ints"'],
      [
        'with two generators',
        '{ n: { int: [1, 5], hex: 4 } }',
        'fields.n: one generator a field, not int and hex',
      ],
      [
        'with a setting of another kind',
        '{ n: { int: [1, 5], digits: 2 } }',
        'fields.n.digits: unknown field',
      ],
    ] as const
  ).map(([name, fields, says]) =>
    golden(
      `a log field ${name}`,
      'templates: [{ text: hello }]',
      `templates: [{ text: hello, fields: ${fields} }]`,
      `world.logs.0.generate.templates.0.${says}`,
      GENERATED,
    ),
  ),
  // Authoring traps (issue 15): each is refused where the author wrote it.
  golden('a load sample after time.end', '0x255 600+30x224', '0x255 600+30x300', 'world.metrics.0.series'),
  golden(
    'a load block starting after time.end',
    'load: 15s',
    'load: 15s\n      at: 3h',
    'world.metrics.0.at',
  ),
  golden(
    'a measurement the prompt does not name',
    'Report error_rate (per second), ',
    'Report the error rate, ',
    'parts.A.measurements.0.id',
  ),
  golden(
    'a metrics measurement in Part B',
    'source: logs\n        route',
    'source: metrics\n        route',
    'parts.B.measurements.0.source',
  ),
  golden(
    'a log line after time.end',
    '{ at: 1h30m, line: "pool exhausted',
    '{ at: 2h30m, line: "pool exhausted',
    'world.logs.0.lines.2.at',
  ),
  golden('an activeAt after the rule first fires', 'activeAt: 1h04m', 'activeAt: 1h10m', 'alert.activeAt'),
  golden('a 10^12-slot load line', '0x255 600+30x224', '0+30x1000000000000', 'world.metrics.0.series'),
  golden('a blank run of 10^11 slots', '0x255 600+30x224', '0 _x99999999999', 'world.metrics.0.series'),
  golden(
    'a label matrix of 10^6 series',
    'labels: { job: api }',
    `labels: { ${['a', 'b', 'c', 'd', 'e', 'f'].map((k) => `${k}: ['0','1','2','3','4','5','6','7','8','9']`).join(', ')} }`,
    'world.metrics.1.generate.labels',
    GENERATED,
  ),
  golden(
    'a burst of 1e9 lines a second',
    'templates: [{ text: hello }]',
    'templates: [{ text: hello }]\n        bursts: [{ from: 0s, to: 1h, rate: 1e9, template: 0 }]',
    'world.logs.0.generate.rate',
    GENERATED,
  ),
  {
    name: 'golden: an alias bomb',
    files: { [G]: `${ALIAS_BOMB}${MINI}` },
    args: ['validate', G],
    says: at(G, 'YAML: aliases'),
  },
  {
    name: 'golden: a 5 MiB document',
    files: { [G]: `${MINI}#${'x'.repeat(5 * 1024 * 1024)}\n` },
    args: ['validate', G],
    says: /golden\.yaml:1:1: YAML document too large/,
  },
  golden(
    'a missing title',
    'title: A tiny checkout incident for loader tests\n',
    '',
    'title: required field',
  ),
  golden('a truth that is text', 'truth: 2', 'truth: two', 'parts.A.measurements.0.truth'),
  golden('an unknown field', 'seed: 7', 'seed: 7\n  colour: red', 'world.colour: unknown field'),
  golden('a YAML syntax error', 'summary: checkout errors', 'summary: [checkout errors', 'YAML syntax error'),
  golden(
    'a key given twice',
    'summary: checkout errors',
    'summary: checkout errors\n  summary: again',
    'YAML syntax error',
  ),
  golden('time.end before time.start', 'end: 2026-03-14T15:00:00Z', 'end: 2026-03-14T12:00:00Z', 'time.end'),
  golden(
    'a burst naming no template',
    'templates: [{ text: hello }]',
    'templates: [{ text: hello }]\n        bursts: [{ from: 0s, to: 1h, rate: 1, template: 3 }]',
    'world.logs.0.generate.bursts.0.template',
    GENERATED,
  ),
  {
    name: 'golden: bench run with a 1e9 log rate leaves no run folder',
    files: { ...TREE, [G]: edit(GENERATED, 'rate: { base: 0.1 }', 'rate: { base: 1e9 }') },
    args: ['run'],
    says: at(G, 'world.logs.0.generate.rate'),
    absent: ['reports'],
  },
  {
    name: 'golden: bench trial with a 100-year window',
    files: { ...TREE, [G]: edit(MINI, 'end: 2026-03-14T15:00:00Z', 'end: 2126-03-14T15:00:00Z') },
    args: ['trial', '--golden', G, '--seat', 'seats/sim.yaml'],
    says: at(G, 'time.end'),
    absent: ['reports'],
  },
];

const SEATS: BadInput[] = [
  seat('a wall budget past the timer limit', `${SEAT}budget: { wallSeconds: 1e10 }\n`, 'budget.wallSeconds'),
  seat('a timeout past the timer limit', `${SEAT}timeoutSeconds: 1e12\n`, 'timeoutSeconds'),
  seat('an unknown provider', SEAT.replace('provider: sim', 'provider: openia'), 'provider'),
  seat('a name with capitals', SEAT.replace('sim-diligent', 'Sim Diligent'), 'name'),
  seat('a sim seat without policy', SEAT.replace('policy: diligent\n', ''), 'provider: a sim seat needs'),
  seat('an alias bomb', `${ALIAS_BOMB}${SEAT}`, 'YAML: aliases'),
  // Seats are a union on `provider`: a field another provider uses is refused where it stands.
  seat(
    'a policy on a command seat',
    'name: c\nprovider: command\ncommand: [node, a.js]\npolicy: tweaker\n',
    'policy: `policy` is for sim seats only',
  ),
  seat(
    'a baseURL on a hosted seat',
    `${SEAT.replace('provider: sim', 'provider: xai')}baseURL: http://x\n`,
    'baseURL:',
  ),
];

const CONFIGS: BadInput[] = [
  config('5,000 repetitions', CONFIG.replace('repetitions: 1', 'repetitions: 5000'), 'repetitions'),
  config('100,000 in flight', CONFIG.replace('concurrency: 2', 'concurrency: 100000'), 'concurrency'),
  config('an unknown field', `${CONFIG}colour: red\n`, 'colour: unknown field'),
  config(
    'a pass threshold of 7',
    `${CONFIG}thresholds: { passCorrectness: 7 }\n`,
    'thresholds.passCorrectness',
  ),
  config('an alias bomb', `${ALIAS_BOMB}`, 'YAML: aliases'),
  config('redefining the built-in all', `${CONFIG}gateSets:\n  all: { gates: [ledger] }\n`, 'gateSets.all'),
  config(
    'a gate mode that does not exist',
    `${CONFIG}gateSets:\n  t: { gates: [{ ledger: maybe }] }\n`,
    'gateSets.t.gates.0.ledger',
  ),
  config(
    'a gate with two modes in one item',
    `${CONFIG}gateSets:\n  t: { gates: [{ ledger: prompt, fanout: prompt }] }\n`,
    'gateSets.t.gates.0',
  ),
  config(
    'a gate both enforced and prompted',
    `${CONFIG}gateSets:\n  t: { gates: [ledger, { ledger: prompt }] }\n`,
    'gateSets.t.gates.1.ledger',
  ),
  config(
    'redefining the built-in none',
    `${CONFIG}gateSets:\n  none: { gates: [fanout] }\n`,
    'gateSets.none',
  ),
  {
    name: 'config: outDir naming a file',
    files: {
      ...TREE,
      'bench.config.yaml': CONFIG.replace('outDir: reports', 'outDir: taken'),
      taken: 'a file\n',
    },
    args: ['run'],
    says: at('bench.config.yaml', 'outDir'),
  },
  {
    name: 'config: a plan of 120,000 trials',
    files: {
      ...TREE,
      'bench.config.yaml': `${CONFIG}gateSets:\n${SETS.map((n) => `  ${n}: { gates: [] }`).join('\n')}\ndefaultGateSets: [${SETS.join(', ')}]\n`,
    },
    args: ['plan', '--reps', '1000'],
    says: /the plan would hold 120,000 trials, over the cap of 100,000/,
  },
  config(
    'defining a derived set',
    `${CONFIG}gateSets:\n  only-ledger: { gates: [fanout] }\n`,
    'gateSets.only-ledger',
  ),
  config('ablating a misspelt gate', `${CONFIG}ablate: [ledgr]\n`, 'ablate'),
  config('a loopHaltAt of 1', `${CONFIG}gateSettings: { loopHaltAt: 1 }\n`, 'gateSettings.loopHaltAt'),
  {
    name: 'run --ablate with an unknown gate',
    files: TREE,
    args: ['run', '--ablate', 'ledgr'],
    says: flag('--ablate: unknown gate "ledgr"'),
    absent: ['reports'],
  },
  {
    name: 'run --effect naming no two sets',
    files: TREE,
    args: ['run', '--effect', 'all-nope'],
    says: flag('--effect all-nope:'),
    absent: ['reports'],
  },
  {
    name: 'plan --gates with an out-of-order derived set',
    files: TREE,
    args: ['plan', '--gates', 'only-fanout-ledger'],
    says: /gate set "only-fanout-ledger" lists its gates out of order: write "only-ledger-fanout"/,
  },
  {
    name: 'run --out naming a file',
    files: { ...TREE, taken: 'x' },
    args: ['run', '--out', 'taken'],
    says: flag('--out'),
  },
  {
    name: 'run --out under a file',
    files: { ...TREE, taken: 'x' },
    args: ['run', '--out', 'taken/run'],
    says: flag('--out'),
    absent: ['reports'],
  },
  {
    name: 'merge --out naming a file',
    files: { taken: 'x', 'r/run.json': json(MANIFEST) },
    args: ['merge', 'r', '--out', 'taken'],
    says: flag('--out'),
  },
  {
    name: 'trial --out naming a file',
    files: { ...TREE, taken: 'x' },
    args: ['trial', '--golden', G, '--seat', 'seats/sim.yaml', '--out', 'taken'],
    says: flag('--out'),
  },
];

const TRACES_AND_THEORIES: BadInput[] = [
  score(
    'trace: a line that is not JSON',
    { 'trace.jsonl': `${TRACE}{"type": "end",\n` },
    [],
    /trace\.jsonl:2:\d+: JSON syntax error/,
  ),
  score(
    'trace: a header without seat',
    { 'trace.jsonl': `${JSON.stringify(withFields(HEADER, { seat: undefined }))}\n` },
    [],
    at('trace.jsonl', 'seat'),
  ),
  score(
    'trace: a header with rep "1"',
    { 'trace.jsonl': `${JSON.stringify(withFields(HEADER, { rep: '1' }))}\n` },
    [],
    at('trace.jsonl', 'rep'),
  ),
  score(
    'trace: an event of no known type',
    { 'trace.jsonl': `${TRACE}{"type":"dance"}\n` },
    [],
    /trace\.jsonl:2:\d+: type/,
  ),
  score(
    'theory: not JSON',
    { 'theory.json': '{"summary": ' },
    ['--theory', 'theory.json'],
    /theory\.json:1:\d+: JSON syntax error/,
  ),
  score(
    'theory: no rootCause',
    { 'theory.json': json(withFields(THEORY, { rootCause: undefined })) },
    ['--theory', 'theory.json'],
    at('theory.json', 'rootCause'),
  ),
  score(
    'theory: a measurement value that is text',
    { 'theory.json': json(THEORY).replace('"value": 2', '"value": "2"') },
    ['--theory', 'theory.json'],
    at('theory.json', 'parts.A.measurements.0.value'),
  ),
  score(
    'theory: status "done"',
    { 'theory.json': json(THEORY).replace('"resolved"', '"done"') },
    ['--theory', 'theory.json'],
    at('theory.json', 'parts.A.status'),
  ),
];

const SCORECARDS: BadInput[] = [
  diff(
    'a row without correctness',
    withFields(SCORECARD, { rows: [ROW] }),
    at('head.json', 'rows.0.correctness'),
  ),
  diff(
    'a trial without score',
    withFields(SCORECARD, { trials: [TRIAL] }),
    at('head.json', 'trials.0.score'),
  ),
  diff('no rows', withFields(SCORECARD, { rows: undefined }), at('head.json', 'rows')),
  // every field of the scorecard is its schema's (formats/run/scorecard.ts), not only those the diff reads
  diff('no ceilings', withFields(SCORECARD, { ceilings: undefined }), at('head.json', 'ceilings')),
  diff(
    'a seed that is text',
    withFields(SCORECARD, { run: { ...SCORECARD.run, seed: '1' } }),
    at('head.json', 'run.seed'),
  ),
  diff(
    'a worst trial whose correctness is text',
    withFields(SCORECARD, {
      worst: [{ id: 't', correctness: 'low', verdict: 'fail', honesty: 0, dir: 't' }],
    }),
    at('head.json', 'worst.0.correctness'),
  ),
  diff(
    'a worst trial of no known verdict',
    withFields(SCORECARD, { worst: [{ id: 't', correctness: 0, verdict: 'meh', honesty: 0, dir: 't' }] }),
    at('head.json', 'worst.0.verdict'),
  ),
  diff(
    'a run id that is a number',
    withFields(SCORECARD, { meta: { ...SCORECARD.meta, runId: 7 } }),
    at('head.json', 'meta.runId'),
  ),
  diff(
    'format 3',
    withFields(SCORECARD, { format: 'rematch.scorecard/3' }),
    /head\.json: scorecard format "rematch\.scorecard\/3"/,
  ),
  diff('not JSON', '{"format": "rematch.scorecard/2",', /head\.json:1:\d+: JSON syntax error/),
  diff('--out naming a folder', SCORECARD, flag('--out'), ['--out', '.']),
  // valid, but every seat skipped: a diff of nothing must not pass as "no regression"
  diff('no scored trial of any seat', SCORECARD, /^bench: base\.json: no scored trial of any seat/m),
  {
    name: 'run folder: bench diff of a folder without journal.jsonl',
    files: { 'r/run.json': json(MANIFEST) },
    args: ['diff', 'r', 'r'],
    says: /r\/journal\.jsonl: not found/,
  },
  {
    name: 'run folder: bench diff of a run that did not finish (torn journal tail)',
    files: {
      'r/run.json': json(MANIFEST),
      'r/journal.jsonl': '{"id":"mini-checkout/sim-diligent/none/r1","rec',
    },
    args: ['diff', 'r', 'r'],
    says: /r\/journal\.jsonl:1: torn last record .*bench run --resume r/,
  },
  {
    name: 'run folder: bench diff of a folder whose scorecard.json has a field of the wrong type',
    files: {
      'r/run.json': json(MANIFEST),
      'r/scorecard.json': json(
        withFields(SCORECARD, { assertions: [{ id: 'a', rule: 'r', passed: 'yes', detail: '', cells: [] }] }),
      ),
    },
    args: ['diff', 'r', 'r'],
    says: at('r/scorecard.json', 'assertions.0.passed'),
  },
  {
    name: 'run folder: --resume with a run.json whose input hashes are not a record',
    files: { ...TREE, 'r/run.json': json(withFields(MANIFEST, { inputs: { goldens: 'all' } })) },
    args: ['run', '--resume', 'r'],
    says: at('r/run.json', 'inputs.goldens'),
  },
  {
    name: 'run folder: --resume with a run.json missing its plan',
    files: { ...TREE, 'r/run.json': json(withFields(MANIFEST, { plan: undefined })) },
    args: ['run', '--resume', 'r'],
    says: at('r/run.json', 'plan'),
  },
  {
    name: 'run folder: a journal record missing its score',
    files: {
      ...TREE,
      'r/run.json': json(MANIFEST),
      // a well-formed, checksummed line (a tool that writes journals itself) whose record lacks fields
      'r/journal.jsonl': `${encodeLine(TRIAL as unknown as TrialRecord)}\n`,
    },
    args: ['report', 'r'],
    says: at('r/journal.jsonl', 'record.score'),
  },
  {
    name: 'run folder: baselines.json that is not a list',
    files: { ...TREE, 'r/run.json': json(MANIFEST), 'r/baselines.json': '{}\n' },
    args: ['report', 'r'],
    says: /r\/baselines\.json:1:1:/,
  },
];

/** Edges that once exited 3 or passed (issue 23 item 9): each names its flag, argument or field. */
const EDGES: BadInput[] = [
  {
    name: 'new golden with a 300-character id',
    args: ['new', 'golden', 'a'.repeat(300)],
    says: /^bench: bench new golden: the id is 300 characters long/m,
    absent: ['goldens'],
  },
  {
    name: 'new golden --dir naming a file',
    files: { afile: 'not a folder\n' },
    args: ['new', 'golden', 'x', '--dir', 'afile'],
    says: /^bench: --dir afile: .*afile is a file, not a folder/m,
  },
  {
    name: "run --reporter ''",
    files: TREE,
    args: ['run', '--reporter', ''],
    says: flag('--reporter'),
    absent: ['reports'],
  },
  {
    name: "report --reporter ','",
    files: TREE,
    args: ['report', 'r', '--reporter', ','],
    says: flag('--reporter'),
  },
  config(
    'goldens naming a missing path',
    CONFIG.replace('goldens: [goldens]', 'goldens: [goldens, nope]'),
    'goldens.1',
  ),
  config('seats naming a missing path', CONFIG.replace('seats: [seats]', 'seats: [nope-seats]'), 'seats.0'),
  {
    name: 'config: bench validate of an outDir naming a file',
    files: { ...TREE, reports: 'a file\n' },
    args: ['validate'],
    says: at('bench.config.yaml', 'outDir'),
  },
];

export const CASES: BadInput[] = [
  ...FLAGS,
  ...GOLDENS,
  ...SEATS,
  ...CONFIGS,
  ...TRACES_AND_THEORIES,
  ...SCORECARDS,
  ...EDGES,
];
