/**
 * A command seat's agent is handed no credential it was not named, and nothing it echoes leaks.
 * Planted in the bench's environment: the seat's own key (`auth.apiKeyEnv`, a value no key-shape
 * rule would catch), a key another loaded seat names, and credentials the agent must never get
 * (`OPENAI_KEY`, a database URL with a password, an npm token, a REMATCH_ variable holding a URL
 * with a password). The agent (a node script) lists the variable names it sees, then echoes its
 * key and the other seat's key into its Theory, its own trace file, a query, stdout and stderr.
 * Through the built CLI, `bench run` and `bench trial`: no piece of either key is in any file
 * under the output folder or in anything printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { track } from '../children.js';
import { tempDir } from '../formats/helpers.js';
import { filesUnder } from './files-under.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');

const OWN_KEY = 'plantedOwnKey-4f9a1c77e2b3';
const OTHER_KEY = 'plantedOtherSeatKey-9d2e41aa06';
const WITHHELD = {
  OPENAI_KEY: 'sk-withheldFromTheAgent0123456789',
  DATABASE_URL: 'postgres://app:hunter2dbpass@db.internal:5432/shop',
  NODE_AUTH_TOKEN: 'npm_withheldNpmToken0123456789',
  REMATCH_DEBUG_URL: 'https://ops:urlPassword77@debug.internal/',
};

/**
 * Pieces of the planted values that are no secret: a URL's scheme (report.html inlines uPlot,
 * whose banner names its https:// home page).
 */
const PUBLIC = new Set(['https://']);

/** Every 8-character piece of a planted secret found in `text`. */
function leaks(text: string): string[] {
  const secrets = [OWN_KEY, OTHER_KEY, 'hunter2dbpass', 'urlPassword77', ...Object.values(WITHHELD)];
  return secrets.flatMap((s) =>
    Array.from({ length: Math.max(1, s.length - 7) }, (_, i) => s.slice(i, i + 8)).filter(
      (p) => !PUBLIC.has(p) && text.includes(p),
    ),
  );
}

const AGENT = `import { writeFileSync } from 'node:fs';
const env = process.env;
const own = env.OWN_AGENT_KEY;
const other = ${JSON.stringify(OTHER_KEY)}; // found on disk, say: another seat's key
console.log('env names: ' + JSON.stringify(Object.keys(env).sort()));
console.log('my key is ' + own + ' and theirs ' + other);
console.error('stderr: key=' + own + ' other=' + other);
const q = 'up{k="' + own + '",o="' + other + '"}';
const res = await fetch(env.REMATCH_PROMETHEUS_URL + '/api/v1/query?' + new URLSearchParams({ query: q }));
const id = res.headers.get('x-rematch-call-id');
writeFileSync(env.REMATCH_TRACE_FILE, [
  { type: 'header', format: 'rematch.trace/1', golden: 'tiny-checkout', seat: 'leaky', provider: 'command',
    model: 'm', shape: 'react', gateSet: 'none', gates: [], rep: 1, seed: 1, clock: 'real', startedAt: '' },
  { type: 'model_turn', t: 1, node: 'agent', turn: 1, latencyMs: 1,
    tokens: { input: 1, output: 1, reasoning: 0 }, text: 'thinking with ' + own + ' / ' + other, toolCalls: 0 },
].map((e) => JSON.stringify(e)).join('\\n') + '\\n');
const part = (why) => ({ status: 'undetermined', findings: why, measurements: [],
  gaps: [{ measurement: 'x', failedQuery: q, callId: id, reason: 'echo ' + own }] });
writeFileSync(env.REMATCH_THEORY_FILE, JSON.stringify({
  summary: 'my key ' + own + ', theirs ' + other,
  rootCause: { component: own, mechanism: other, explanation: own + other },
  parts: { A: part('A ' + own), B: part('B ' + other) },
}));
`;

function workspace() {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'agent.mjs'), AGENT);
  mkdirSync(join(cwd, 'seats'));
  writeFileSync(
    join(cwd, 'seats', 'leaky.yaml'),
    `name: leaky\nprovider: command\ncommand: [node, agent.mjs]\nauth: {apiKeyEnv: OWN_AGENT_KEY}\nenv: [AGENT_SETTING]\ntimeoutSeconds: 60\n`,
  );
  // Never run here: loaded, so its key is one the redactor knows.
  writeFileSync(
    join(cwd, 'seats', 'other.yaml'),
    'name: other\nprovider: openai-compatible\nmodel: m\nbaseURL: http://127.0.0.1:9/v1\nauth: {apiKeyEnv: OTHER_SEAT_KEY}\n',
  );
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(writeTinyGolden({ latencyMs: 0 }))}]\nseats: [seats]\nrepetitions: 1\nceiling: false\n`,
  );
  return cwd;
}

function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      NO_COLOR: '1',
      OWN_AGENT_KEY: OWN_KEY,
      OTHER_SEAT_KEY: OTHER_KEY,
      AGENT_SETTING: 'on',
      ...WITHHELD,
    },
  });
  return { status: r.status, printed: `${r.stdout}\n${r.stderr}` };
}

function envNames(stdout: string): string[] {
  return JSON.parse(/env names: (\[.*\])/.exec(stdout)?.[1] ?? '[]') as string[];
}

describe('command seats: environment allowlist and masking', () => {
  it('bench run: the agent sees only allowed and named variables; no key in the run folder or output', () => {
    const cwd = workspace();
    const r = cli(['run', '--seat', 'leaky', '--gates', 'none', '--out', 'run'], cwd);
    expect(r.status, r.printed).toBe(0);
    const files = filesUnder(join(cwd, 'run'));
    const stdout = files.find(([p]) => p.endsWith('stdout.txt'))?.[1] ?? '';
    expect(stdout).toContain('my key is [redacted] and theirs [redacted]');
    const names = envNames(stdout);
    expect(names).toEqual(
      expect.arrayContaining(['OWN_AGENT_KEY', 'AGENT_SETTING', 'PATH', 'REMATCH_THEORY_FILE']),
    );
    for (const n of [...Object.keys(WITHHELD), 'OTHER_SEAT_KEY']) expect(names).not.toContain(n);
    expect(
      names.every((n) =>
        /^(PATH|HOME|LANG|LC_\w+|TMPDIR|TZ|NODE_\w+|REMATCH_\w+|OWN_AGENT_KEY|AGENT_SETTING)$/.test(n),
      ),
    ).toBe(true);
    // The files that carry the agent's words are there, masked (not dropped).
    const paths = files.map(([p]) => p);
    for (const f of ['theory.json', 'agent-theory.json', 'agent-trace.jsonl', 'trace.jsonl', 'stderr.txt'])
      expect(
        paths.some((p) => p.endsWith(f)),
        f,
      ).toBe(true);
    expect(files.find(([p]) => p.endsWith('/theory.json'))?.[1]).toContain('my key [redacted]');
    for (const [p, text] of files) expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
    expect(leaks(r.printed)).toEqual([]);
  }, 120_000);

  it('bench trial: no key in the trial folder or the printed timeline', () => {
    const cwd = workspace();
    const r = cli(
      ['trial', '--seat', 'leaky', '--golden', 'tiny-checkout', '--gates', 'none', '--out', 'trial'],
      cwd,
    );
    // the leaky agent's Theory does not pass: bench trial exits 1 on that, as bench score does
    expect(r.status, r.printed).toBe(1);
    expect(r.printed).toMatch(/^verdict fail: /m);
    expect(r.printed).toContain('[redacted]');
    const files = filesUnder(join(cwd, 'trial'));
    expect(files.length).toBeGreaterThan(4);
    for (const [p, text] of files) expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
    expect(leaks(r.printed)).toEqual([]);
  }, 120_000);

  it('bench run killed by SIGKILL while the agent runs: what the agent echoed so far is in no file of the run folder', async () => {
    const cwd = workspace();
    // This agent echoes its key everywhere it can, then waits to be killed.
    writeFileSync(
      join(cwd, 'agent.mjs'),
      `${AGENT}\nwriteFileSync(${JSON.stringify(join(cwd, 'echoed'))}, '');\nsetInterval(() => {}, 1000);\n`,
    );
    const child = track(
      spawn(
        process.execPath,
        [join(ROOT, 'bin/bench.js'), 'run', '--seat', 'leaky', '--gates', 'none', '--out', 'run'],
        {
          cwd,
          stdio: 'ignore',
          env: {
            ...process.env,
            OWN_AGENT_KEY: OWN_KEY,
            OTHER_SEAT_KEY: OTHER_KEY,
            AGENT_SETTING: 'on',
            ...WITHHELD,
          },
        },
      ),
    );
    const t0 = Date.now();
    while (!existsSync(join(cwd, 'echoed')) && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(join(cwd, 'echoed'))).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    for (const [p, text] of filesUnder(join(cwd, 'run')))
      expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
  }, 120_000);
});
