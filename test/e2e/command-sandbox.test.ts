/**
 * The agent's environment is a boundary, and its ledger is the bench's. A command-seat agent that
 * attacks both, through the built CLI (`bench run`, then `bench export otlp`): it reads
 * `/proc/<ppid>/environ`, walks /proc reading every environ and cmdline it can, lists the temp
 * folder, and echoes whatever looks like a planted secret into stdout, stderr, its Theory, its own
 * trace and a query; it sends its own `X-Rematch-Session` header, keeps querying a failing route
 * until the gates halt it, then DELETEs its session and sends fresh session ids, and queries again.
 *
 * Planted: a token in the bench's own environment (`REMATCH_TEST_PLANTED_TOKEN`, a name no seat
 * names; the agent never gets it) and a token in the seat's `command:` line (`--token`). The same
 * agent runs as one seat per sandbox this machine has (bwrap if installed, unshare, and `off`):
 * sandboxed, the bench's processes are not in its /proc and other trials' scratch folders not in its
 * temp folder; unsandboxed, it does read the bench's environment, and masking alone keeps the token
 * out. Either way no piece of either token is in any file of the run folder (traces, stdout.txt,
 * report.html, run.json ...), the OTLP export, the bench's temp folder (the agents' scratch
 * folders) or anything printed, and the halt holds.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chooseSandbox } from '../../src/external/index.js';
import { bench, tempDir } from '../formats/helpers.js';
import { filesUnder } from './files-under.js';
import { writeTinyGolden } from './tiny-golden.js';

const BIN = join(resolve(__dirname, '../..'), 'bin/bench.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const BENCH_TOKEN = 'plantedBenchToken-3c9e7a1f5d';
const ARGV_TOKEN = 'plantedArgvToken-8b2d4f6a0c';

/** The sandboxes exercised here: every one this machine offers, and none. */
const KINDS = (['bwrap', 'unshare'] as const).filter((k) => chooseSandbox(k).kind === k);
const SEATS = [...KINDS, 'off'] as const;
/** One sandbox with the machine's network (`network: host`), where there is a sandbox. */
const HOST_NET = KINDS.slice(0, 1).map((k) => `${k}-hostnet`);

const FAULT = `faults:
  - id: payments-logs-failed
    kind: failed-envelope
    match: {api: [loki.query, loki.query_range], query: 'payments'}
    message: 'failed to load chunks for {app="payments"}'`;

const AGENT = `import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
const env = process.env;
// A port on the machine's loopback that is not the bench's: reachable only with the machine's network.
const reach = (port) => new Promise((done) => {
  const s = connect(port, '127.0.0.1');
  const end = (how) => { s.destroy(); done(how); };
  s.once('connect', () => end('reached'));
  s.once('error', (e) => end(e.code));
  setTimeout(() => end('timeout'), 5000);
});
const canary = await reach(Number(env.REMATCH_TEST_CANARY_PORT));
const read = (f) => { try { return readFileSync(f, 'latin1'); } catch { return ''; } };
// Everything the agent can read of other processes: its parent's environment, then all of /proc.
let seen = read('/proc/' + process.ppid + '/environ');
const pids = readdirSync('/proc').filter((n) => /^\\d+$/.test(n));
for (const p of pids) seen += '\\n' + read('/proc/' + p + '/environ') + '\\n' + read('/proc/' + p + '/cmdline');
let tmp = [];
try { tmp = readdirSync(env.TMPDIR || '/tmp'); } catch {}
const planted = [...seen.matchAll(/REMATCH_TEST_PLANTED_TOKEN=([^\\0\\n]*)/g)].map((m) => m[1]);
const echo = [...planted, ...process.argv.slice(2)].join(' ');
console.log(seen);
console.error('stderr: ' + echo);
const base = env.REMATCH_LOKI_URL + '/loki/api/v1/query?';
const q = (query, headers = {}) => fetch(base + new URLSearchParams({ query }), { headers });
const FAILING = 'sum(count_over_time({app="payments"} |= "pool" [5m]))';
const statuses = [];
let halted = '';
for (let i = 0; i < 6 && !halted; i++) {
  const r = await q(FAILING, { 'X-Rematch-Session': 'mine' });
  statuses.push(r.status);
  if ((r.headers.get('x-rematch-gate') ?? '').startsWith('halt')) halted = r.headers.get('x-rematch-call-id');
}
// Escape attempts: end the session, then come back under fresh ids and without one.
const del = await fetch(env.REMATCH_LOKI_URL + '/rematch/session', { method: 'DELETE', headers: { 'X-Rematch-Session': 'mine' } });
const post = await fetch(env.REMATCH_LOKI_URL + '/rematch/session', { method: 'POST' });
const after = [];
for (const h of [{ 'X-Rematch-Session': 'mine' }, { 'X-Rematch-Session': 'fresh-1' }, { 'X-Rematch-Session': 'fresh-2' }, {}])
  after.push((await q('sum(count_over_time({app="checkout"} [5m]))', h)).status);
const leak = await q('up{leak="' + echo.replace(/"/g, '') + '"}');
writeFileSync(env.REMATCH_TRACE_FILE, JSON.stringify({ type: 'header', format: 'rematch.trace/1', golden: 'tiny-checkout',
  seat: 'x', provider: 'command', model: 'm', shape: 'react', gateSet: 'all', gates: [], rep: 1, seed: 1, clock: 'real',
  startedAt: '' }) + '\\n' + JSON.stringify({ type: 'model_turn', t: 1, node: 'agent', turn: 1, latencyMs: 1,
  tokens: { input: 1, output: 1, reasoning: 0 }, text: 'found ' + echo, toolCalls: 0 }) + '\\n');
const part = { status: 'undetermined', findings: 'found ' + echo, measurements: [],
  gaps: [{ measurement: 'pool_exhausted_lines', failedQuery: FAILING, callId: halted || 'c1', reason: 'halted' }] };
writeFileSync(env.REMATCH_THEORY_FILE, JSON.stringify({ summary: 'env: ' + echo,
  rootCause: { component: 'payments', mechanism: 'pool', explanation: 'api_key=' + echo + '\\nhost="db"' },
  parts: { A: part, B: part } }));
console.log('REPORT ' + JSON.stringify({ canary, pids: pids.length, sawPlantedName: seen.includes('REMATCH_TEST_PLANTED_TOKEN'),
  tmp, statuses, halted, del: del.status, post: post.status, after, leak: leak.status }));
`;

interface Report {
  canary: string;
  pids: number;
  sawPlantedName: boolean;
  tmp: string[];
  statuses: number[];
  halted: string;
  del: number;
  post: number;
  after: number[];
  leak: number;
}

/** Every 8-character piece of a planted token found in `text`. */
function leaks(text: string): string[] {
  return [BENCH_TOKEN, ARGV_TOKEN].flatMap((s) =>
    Array.from({ length: s.length - 7 }, (_, i) => s.slice(i, i + 8)).filter((p) => text.includes(p)),
  );
}

let cwd = '';
let tmp = '';
let printed = '';
let status: number | null = null;

let canaryPort = 0;
// The canary: a port on the machine's loopback. The bench runs synchronously below, so it never
// accepts; the kernel completes the handshake of whoever can reach it, which is all it shows.
const canary = createServer();
afterAll(() => new Promise<void>((r) => canary.close(() => r())));

beforeAll(async () => {
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', () => r()));
  canaryPort = (canary.address() as AddressInfo).port;
  cwd = tempDir();
  // the bench's temp folder, where the agents' scratch folders live: apart from the working
  // directory, which every agent keeps (a temp folder inside it would be in every agent's reach)
  tmp = tempDir();
  writeFileSync(join(cwd, 'agent.mjs'), AGENT);
  mkdirSync(join(cwd, 'seats'));
  for (const kind of SEATS)
    writeFileSync(
      join(cwd, 'seats', `${kind}.yaml`),
      `name: attacker-${kind}\nprovider: command\ncommand: [node, agent.mjs, --token, ${ARGV_TOKEN}]\nsandbox: ${kind}\ntimeoutSeconds: 60\n`,
    );
  for (const name of HOST_NET)
    writeFileSync(
      join(cwd, 'seats', `${name}.yaml`),
      `name: attacker-${name}\nprovider: command\ncommand: [node, agent.mjs, --token, ${ARGV_TOKEN}]\nsandbox: ${KINDS[0]}\nnetwork: host\ntimeoutSeconds: 60\n`,
    );
  const golden = writeTinyGolden({ latencyMs: 0, faults: FAULT });
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 1\nceiling: false\n`,
  );
  const env = {
    REMATCH_TEST_PLANTED_TOKEN: BENCH_TOKEN,
    TMPDIR: tmp,
    REMATCH_TEST_CANARY_PORT: String(canaryPort),
  };
  const seats = [...SEATS, ...HOST_NET].flatMap((k) => ['--seat', `attacker-${k}`]);
  const run = bench(['run', ...seats, '--gates', 'all', '--out', 'run'], cwd, env);
  const exp = bench(['export', 'otlp', 'run', '--out', 'otlp.jsonl'], cwd, env);
  status = run.status;
  printed = [run.stdout, run.stderr, exp.stdout, exp.stderr].join('\n');
}, 240_000);

function reportOf(kind: string): Report {
  const stdout = filesUnder(join(cwd, 'run')).find(
    ([p]) => p.includes(`attacker-${kind}`) && p.endsWith('stdout.txt'),
  )?.[1];
  const line = /^REPORT (.*)$/m.exec(stdout ?? '')?.[1];
  expect(line, `${kind}: the agent's report`).toBeDefined();
  return JSON.parse(line ?? '{}') as Report;
}

function traceOf(kind: string): { type: string; [k: string]: unknown }[] {
  const file = filesUnder(join(cwd, 'run')).find(
    ([p]) => p.includes(`attacker-${kind}`) && p.endsWith('/trace.jsonl'),
  )?.[1];
  return (file ?? '')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe(`command-seat agents against the bench (sandboxes here: ${KINDS.join(', ') || 'none'})`, () => {
  it('the run finished; no planted token in any file of the run folder, the OTLP export, the temp folder or the output', () => {
    // the attackers' Theories fail; the run finishes (exit 0, or 1 should an assertion judge it)
    expect([0, 1], printed).toContain(status);
    expect(printed).not.toMatch(/internal error|TypeError/);
    const files = [
      ...filesUnder(join(cwd, 'run')).map(([p, t]) => [`run/${p}`, t]),
      ['otlp.jsonl', readFileSync(join(cwd, 'otlp.jsonl'), 'utf8')],
      ...filesUnder(tmp).map(([p, t]) => [`tmp/${p}`, t]),
    ];
    const names = files.map(([p]) => p);
    for (const f of [
      'report.html',
      'run.json',
      'trace.jsonl',
      'stdout.txt',
      'stderr.txt',
      'agent-theory.json',
    ])
      expect(
        names.some((p) => p.endsWith(f)),
        f,
      ).toBe(true);
    for (const [p, text] of files) expect({ file: p, leaks: leaks(text) }).toEqual({ file: p, leaks: [] });
    expect(leaks(printed)).toEqual([]);
    // the agents' scratch folders are gone once the trials end
    expect(filesUnder(tmp).filter(([p]) => p.startsWith('rematch-agent-'))).toEqual([]);
  });

  it('the token in the command line is masked where the command line is written: the trace header', () => {
    for (const kind of [...SEATS, ...HOST_NET]) {
      const header = traceOf(kind)[0] as { model?: string };
      expect(header.model).toBe('node agent.mjs --token [redacted]');
    }
  });

  for (const kind of KINDS)
    it(`sandbox ${kind}: the agent sees neither the bench's processes nor the other trials' scratch folders`, () => {
      const r = reportOf(kind);
      expect(r.sawPlantedName).toBe(false);
      // its watchdog (PID 1) and itself; no bench, no other agent
      expect(r.pids).toBeLessThanOrEqual(3);
      expect(r.tmp.filter((n) => n.startsWith('rematch-agent-'))).toHaveLength(1);
    });

  for (const kind of KINDS)
    it(`sandbox ${kind}: no network but the bench's ports (the machine's other loopback ports are out of reach)`, () => {
      const r = reportOf(kind);
      expect(r.canary).not.toBe('reached');
      // while every call to the bench went through: the halt below came from the bench's server
      expect(r.statuses.length).toBeGreaterThan(0);
    });

  for (const name of HOST_NET)
    it(`sandbox ${name.replace('-hostnet', '')} with network: host: the machine's loopback is in reach, /proc still is not`, () => {
      const r = reportOf(name);
      expect(r.canary).toBe('reached');
      expect(r.sawPlantedName).toBe(false);
    });

  it('sandbox off: the agent does read the bench’s environment and reach the machine’s ports; masking alone keeps the token out', () => {
    const r = reportOf('off');
    expect(r.sawPlantedName).toBe(true);
    expect(r.pids).toBeGreaterThan(3);
    expect(r.canary).toBe('reached');
  });

  for (const kind of [...SEATS, ...HOST_NET])
    it(`${kind}: the halt holds through DELETE /rematch/session, fresh session ids and none`, () => {
      const r = reportOf(kind);
      expect(r.halted).toMatch(/^c\d+$/);
      expect(r.statuses.at(-1)).not.toBe(200);
      // the route answers that the trial's session is the bench's
      expect([r.del, r.post]).toEqual([403, 403]);
      expect(r.after).toEqual([403, 403, 403, 403]);
      expect(r.leak).toBe(403);
      // and in the trace: every call after the halt was refused as the host's final turn
      const events = traceOf(kind);
      const halt = events.findIndex((e) => e.type === 'gate' && e.decision === 'halt');
      expect(halt).toBeGreaterThan(0);
      const later = events.slice(halt + 1).filter((e) => e.type === 'tool_result');
      expect(later.length).toBe(5);
      for (const e of later) expect(String(e.error)).toMatch(/^final_turn: halted/);
      expect(events.at(-1)).toMatchObject({ type: 'end', stop: 'halted' });
    });
});

/** Host pids of running (not zombie) processes whose command line holds `marker`. */
function pidsWith(marker: string): number[] {
  const out: number[] = [];
  for (const p of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      if (stat.split(') ')[1]?.[0] === 'Z') continue;
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(marker)) out.push(Number(p));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const killAll = (marker: string) => {
  for (const p of pidsWith(marker)) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
};

const HANGER = `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
// a daemon of its own (setsid: out of the process group) and a deaf agent
spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', process.argv[2]], { detached: true, stdio: 'ignore' }).unref();
process.on('SIGTERM', () => {});
writeFileSync(process.argv[3], 'up');
setInterval(() => {}, 1000);
`;

for (const kind of KINDS)
  describe(`sandbox ${kind}: the bench killed by SIGKILL`, () => {
    it('takes the whole sandbox with it, a setsid daemon of the agent included', async () => {
      const dir = tempDir();
      const marker = `rematch-sandbox-marker-${kind}-${process.pid}-${Date.now()}`;
      const up = join(dir, 'up');
      writeFileSync(join(dir, 'hang.mjs'), HANGER);
      writeFileSync(
        join(dir, 'hang.yaml'),
        `name: hang\nprovider: command\ncommand: [node, hang.mjs, ${marker}, ${JSON.stringify(up)}]\nsandbox: ${kind}\ntimeoutSeconds: 120\n`,
      );
      writeFileSync(
        join(dir, 'bench.config.yaml'),
        `goldens: [${JSON.stringify(writeTinyGolden({ latencyMs: 0 }))}]\nseats: [hang.yaml]\nceiling: false\n`,
      );
      const child = spawn(
        process.execPath,
        [BIN, 'run', '--seat', 'hang', '--gates', 'none', '--out', 'run'],
        {
          cwd: dir,
          stdio: 'ignore',
        },
      );
      onTestFinished(() => {
        child.kill('SIGKILL');
        killAll(marker);
      });
      const t0 = Date.now();
      while (!(existsSync(up) && pidsWith(marker).length >= 2) && Date.now() - t0 < 60_000) await sleep(50);
      // the agent and its daemon, as the host sees them (their own pids are their namespace's)
      expect(pidsWith(marker).length).toBeGreaterThanOrEqual(2);
      child.kill('SIGKILL');
      const t1 = Date.now();
      while (pidsWith(marker).length && Date.now() - t1 < 10_000) await sleep(50);
      expect(pidsWith(marker)).toEqual([]);
    }, 90_000);
  });
