/**
 * `runBench({ env })` is the environment of the whole run, not only of its pre-run key check: a
 * key given there and nowhere in this process's environment reaches the seat's provider, a command
 * seat's agent, and the redactor, which masks it in every file and line the run writes. The keys'
 * variable names are set nowhere else (the test checks), and their values have no key shape, so
 * only the seat's own environment can mask them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/commands/run/index.js';
import { redact } from '../../src/errors.js';
import { ConfigFile } from '../../src/formats/config.js';
import { loadSeat } from '../../src/formats/load.js';
import { playModel, seatFor, tinyGolden, tmp } from '../providers/ai/harness.js';
import { investigatorStep } from '../providers/ai/scripted.js';
import { WIRES } from '../providers/ai/wire.js';
import { filesUnder } from './files-under.js';

const AGENT_KEY_ENV = 'RUN_ENV_ONLY_AGENT_KEY';
const AGENT_KEY = 'agentKeyOnlyInRunEnv4c1d9e';
const LLM_KEY_ENV = 'RUN_ENV_ONLY_LLM_KEY';
const LLM_KEY = 'llmKeyOnlyInRunEnv7b2f30';

/** The agent echoes the key it was handed to stdout and into its Theory. */
const AGENT = `import { writeFileSync } from 'node:fs';
const key = process.env.${AGENT_KEY_ENV};
console.log('saw key: ' + (key === ${JSON.stringify(AGENT_KEY)} ? 'yes' : 'no'));
console.log('key=' + key);
const part = { status: 'undetermined', findings: 'echo ' + key, measurements: [], gaps: [] };
writeFileSync(process.env.REMATCH_THEORY_FILE, JSON.stringify({
  summary: 'my key ' + key,
  rootCause: { component: 'payments', mechanism: 'pool', explanation: key },
  parts: { A: part, B: part },
}));
`;

const config = () => ConfigFile.parse({ repetitions: 1, defaultGateSets: ['none'], ceiling: false });
const quiet = { write: () => true };

function leaked(out: string, key: string): string[] {
  return filesUnder(out).flatMap(([p, text]) => (text.includes(key) ? [p] : []));
}

describe('runBench({ env }) reaches the trials', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('the variables are set only in the env option', () => {
    expect(process.env[AGENT_KEY_ENV]).toBeUndefined();
    expect(process.env[LLM_KEY_ENV]).toBeUndefined();
  });

  it('a command seat gets its key from env, and what it echoes is masked', async () => {
    const cwd = tmp();
    mkdirSync(join(cwd, 'seats'));
    writeFileSync(join(cwd, 'agent.mjs'), AGENT);
    writeFileSync(
      join(cwd, 'seats', 'env-agent.yaml'),
      `name: env-agent\nprovider: command\ncommand: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(cwd, 'agent.mjs'))}]\nauth: {apiKeyEnv: ${AGENT_KEY_ENV}}\ntimeoutSeconds: 60\n`,
    );
    const seat = loadSeat(join(cwd, 'seats', 'env-agent.yaml'));
    const out = join(cwd, 'run');
    let printed = '';
    const sink = { write: (s: string) => Boolean((printed += s)) };
    const r = await runBench({
      inputs: { config: config(), goldens: [tinyGolden()], seats: [seat] },
      seats: ['env-agent'],
      out,
      stdout: sink,
      stderr: sink,
      tty: false,
      env: { ...process.env, [AGENT_KEY_ENV]: AGENT_KEY },
    });
    expect(r.skipped).toEqual([]);
    expect(r.executed).toBe(1);
    const stdout = filesUnder(out).find(([p]) => p.endsWith('stdout.txt'))?.[1] ?? '';
    expect(stdout).toContain('saw key: yes');
    expect(stdout).toContain('key=[redacted]');
    expect(leaked(out, AGENT_KEY)).toEqual([]);
    expect(printed).not.toContain(AGENT_KEY);
    // the redactor every report goes through knows the run's key too
    expect(redact(`echo ${AGENT_KEY}`)).toBe('echo [redacted]');
  }, 60_000);

  it('an OpenAI-compatible seat is not skipped: its key from env is sent, and masked in errors', async () => {
    const wire = WIRES.find((w) => w.provider === 'openai-compatible')!;
    const seat = { ...seatFor(wire, { retryAttempts: 1 }), auth: { apiKeyEnv: LLM_KEY_ENV } };
    const auth: (string | null)[] = [];
    // the first trial's three turns pass; the second trial's first turn is a 500 echoing the key
    playModel(server, wire, (text, n, headers) => {
      auth.push(headers.get('authorization'));
      return n <= 3
        ? investigatorStep(text)
        : { status: 500, body: { error: { message: `bad key ${LLM_KEY}`, type: 'server_error' } } };
    });
    const out = tmp();
    const r = await runBench({
      inputs: {
        config: ConfigFile.parse({
          repetitions: 2,
          concurrency: 1,
          defaultGateSets: ['none'],
          ceiling: false,
        }),
        goldens: [tinyGolden()],
        seats: [seat],
      },
      seats: [seat.name],
      out,
      stdout: quiet,
      stderr: quiet,
      tty: false,
      env: { [LLM_KEY_ENV]: LLM_KEY },
    });
    expect(r.skipped).toEqual([]);
    expect(r.executed).toBe(2);
    expect(auth[0]).toBe(`Bearer ${LLM_KEY}`);
    const trials = r.scorecard?.trials.filter((t) => t.seat === seat.name) ?? [];
    expect(trials.map((t) => t.score.verdict).sort()).toEqual(['pass', 'unscored']);
    const lost = trials.find((t) => t.score.verdict === 'unscored');
    expect(lost?.score.unscoredReason).toContain('bad key [redacted]');
    expect(leaked(out, LLM_KEY)).toEqual([]);
  }, 60_000);
});
