/**
 * Every function of the public API (src/index.ts, rematch/vitest) that takes an options object
 * checks it strictly (issue 16): an unknown option, nested ones included, is an InputError (exit 2)
 * under the function's own name, listing its own known options, before anything runs. The walk
 * covers every exported function: each either is called here with an unknown option or is listed
 * as taking none (its arguments are data: paths, ids, goldens, a config).
 */
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { InputError } from '../../src/index.js';
import { runMatrix, runTrial } from '../../src/vitest/index.js';

const sink = { write: () => true };
const io = { stdout: () => {}, stderr: () => {} };
const X = undefined as never;

/** A call of each option-taking function with `bad` as (or in) its options. */
const CALLS: Record<string, (bad: Record<string, unknown>) => unknown> = {
  runBench: (bad) => api.runBench({ ...bad, stdout: sink, stderr: sink }),
  exportOtlp: (bad) => api.exportOtlp('no-such-run', bad, io),
  importOtlp: (bad) => api.importOtlp('no-such-file', { out: 'x', ...bad }, io),
  importOtlpFile: (bad) => api.importOtlpFile('no-such-file', { golden: 'g', note: () => {}, ...bad }),
  replayRun: (bad) => api.replayRun({ dir: 'no-such-run', ...bad }),
  reportRun: (bad) => api.reportRun('no-such-run', () => {}, bad),
  mergeRuns: (bad) => api.mergeRuns([], 'no-such-out', bad),
  diffRuns: (bad) => api.diffRuns('a', 'b', bad),
  showTrace: (bad) => api.showTrace('no-such-trace', () => {}, bad),
  validate: (bad) => api.validate([], bad),
  startView: (bad) => api.startView('no-such-run', bad),
  planRun: (bad) => api.planRun(X, [], [], bad),
  scoreTrial: (bad) => api.scoreTrial(X, X, null, bad),
  againstWorld: (bad) => api.againstWorld(X, X, null, bad),
  compareScorecards: (bad) => api.compareScorecards(X, X, undefined, bad),
  judgeAssertions: (bad) => api.judgeAssertions(X, [], bad),
  otlpRequestOf: (bad) => api.otlpRequestOf(X, { runId: 'r', id: 't', ...bad }),
  runTrial: (bad) => runTrial({ golden: 'g', seat: 's', ...bad }),
  runMatrix: (bad) => runMatrix(bad),
};

/** Exported functions whose arguments are data, not an options object. */
const NO_OPTIONS = [
  'aggregate',
  'answerableUnder',
  'checkConfig',
  'checkGolden',
  'checkGoldens',
  'checkSeat',
  'checkSeats',
  'formatIssue',
  'gateEffects',
  'hasOwnVariant',
  'loadConfig',
  'loadGolden',
  'loadGoldens',
  'loadSeat',
  'loadSeats',
  'loadTheory',
  'looksLikeSecret',
  'parseFailOn',
  'parseTwinId',
  'readTrace',
  'recordSelection',
  'isSecretName',
  'knownSecrets',
  'maskJsonText',
  'redact',
  'redactAgentOutput',
  'redactArgv',
  'redactDeep',
  'redactJson',
  'registerSecretValues',
  'registerSecretEnv',
  'renderHtmlReport',
  'resolveGoldens',
  'resolveOneGolden',
  'resolveOneSeat',
  'resolveSeats',
  'twinOf',
  'twinsOf',
  'withTwins',
];

async function refusal(call: () => unknown): Promise<InputError> {
  let e: unknown;
  try {
    await call();
  } catch (x) {
    e = x;
  }
  expect(e).toBeInstanceOf(InputError);
  return e as InputError;
}

describe('the public API checks every options object strictly', () => {
  it('walks every exported function: each is checked here or takes no options object', () => {
    const functions = Object.entries(api)
      .filter(([k, v]) => typeof v === 'function' && /^[a-z]/.test(k))
      .map(([k]) => k);
    expect(functions.filter((f) => !(f in CALLS) && !NO_OPTIONS.includes(f))).toEqual([]);
  });

  for (const [name, call] of Object.entries(CALLS))
    it(`${name}: an unknown option is an InputError naming the function, the option and its known ones`, async () => {
      const e = await refusal(() => call({ notAnOption: 1 }));
      expect(e.message).toMatch(new RegExp(`^${name}: unknown option "notAnOption"\\n  known options: \\w`));
      expect(e.exitCode).toBe(2);
    });

  it('exportOtlp: a misspelt endpoint is refused, not exported to stdout', async () => {
    const e = await refusal(() => api.exportOtlp('no-such-run', { endpoit: 'http://x' } as never, io));
    expect(e.message).toMatch(
      /^exportOtlp: unknown option "endpoit"\n {2}known options: out, endpoint, header$/,
    );
  });

  it('runBench: nested options are strict too, with their path and their own known keys', async () => {
    const cache = await refusal(() => api.runBench({ cache: { cacheonly: true }, stdout: sink } as never));
    expect(cache.message).toMatch(
      /^runBench: unknown option "cache.cacheonly" \(did you mean "cache.cacheOnly"\?\) \(known in cache: cache, cacheOnly, cacheDir, ci, replayOf, replaySkipped\)/,
    );
    const display = await refusal(() => api.runBench({ display: { colour: true }, stdout: sink } as never));
    expect(display.message).toMatch(
      /unknown option "display.colour" \(known in display: color, width, full\)/,
    );
    const inputs = await refusal(() => api.runBench({ inputs: { golden: [] }, stdout: sink } as never));
    expect(inputs.message).toMatch(/unknown option "inputs.golden" \(did you mean "inputs.goldens"\?\)/);
  });

  it('replayRun names itself and its own options, not runBench', async () => {
    const e = await refusal(() => api.replayRun({ dir: 'x', cacheOnly: true } as never));
    expect(e.message).toMatch(
      /^replayRun: unknown option "cacheOnly"\n {2}known options: dir, out, cacheDir, /,
    );
  });

  it('compareScorecards checks its fail-on rules too (a misspelt rule would judge nothing)', async () => {
    const e = await refusal(() => api.compareScorecards(X, X, { corectness: 0.1 } as never));
    expect(e.message).toMatch(/^compareScorecards: unknown option "corectness"/);
  });
});
