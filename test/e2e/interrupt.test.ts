/**
 * Nothing left running, nothing lost: `bench run` (the built CLI) with a command seat whose agent
 * hangs, ignores SIGTERM and has a child of its own, is stopped by SIGINT, SIGTERM, SIGHUP and
 * SIGKILL. In every case the agent and its child are gone within ~5 s (checked by pid); on
 * SIGINT/SIGTERM/SIGHUP the bench exits 130/143/129 (128 + the signal's number, as a shell reports
 * it: SIGHUP, a closed terminal, is handled as SIGTERM is), names the resume command, removes the
 * agent's scratch folder, the interrupted trial is not journaled, and the resume runs it. After a
 * SIGKILL the scratch folder (the agent's unmasked output) is left, and the next `bench run` sweeps
 * it, and only the folders whose owner is dead. A second Ctrl-C exits at once. `bench trial` exits
 * 130 the same way.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { track } from '../children.js';
import { bench, tempDir } from '../formats/helpers.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');
const BIN = join(ROOT, 'bin/bench.js');

/**
 * Whether `pid` still runs. A zombie (dead, not yet reaped: orphans wait for init, which some
 * containers run slowly) answers `kill(pid, 0)` but runs no code, so it counts as dead.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return !existsSync('/proc/self');
  }
}

/**
 * How long the agent and its child may take to go: about 2 s (the SIGTERM grace, or the
 * watchdog's check and grace). The bound is generous, for a loaded machine: what it catches is an
 * agent left running (its child sleeps 300 s).
 */
const GONE_MS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A workspace: a tiny golden and a command seat whose agent answers like the example agent, except
 * for rep 2 (REMATCH_TRIAL ends in /r2) while `hang` exists: then it writes its pid and its child's pid, ignores SIGTERM and
 * waits forever.
 */
function workspace() {
  const cwd = tempDir();
  const hang = join(cwd, 'hang');
  const pids = join(cwd, 'pids');
  const agent = join(cwd, 'agent.mjs');
  writeFileSync(hang, '');
  writeFileSync(
    agent,
    `import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
if (process.env.REMATCH_TRIAL.endsWith('/r2') && existsSync(${JSON.stringify(hang)})) {
  const c = spawn('sleep', ['300'], { stdio: 'ignore' });
  process.on('SIGTERM', () => {});
  writeFileSync(${JSON.stringify(pids)}, JSON.stringify([process.pid, c.pid]));
  setInterval(() => {}, 1000);
} else {
  await import(${JSON.stringify(join(ROOT, 'examples/agent.mjs'))});
}
`,
  );
  mkdirSync(join(cwd, 'seats'));
  writeFileSync(
    join(cwd, 'seats', 'sleeper.yaml'),
    // no sandbox: the pids the agent writes are then the bench's (in a sandbox they are its PID
    // namespace's); the sandboxed kill is tested in command-sandbox.test.ts
    `name: sleeper\nprovider: command\ncommand: [node, ${JSON.stringify(agent)}]\ntimeoutSeconds: 120\nsandbox: off\n`,
  );
  writeFileSync(
    join(cwd, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(writeTinyGolden({ latencyMs: 0 }))}]\nseats: [seats]\nconcurrency: 1\nceiling: false\n`,
  );
  // The bench's temp folder (TMPDIR), where the agents' scratch folders go.
  const tmp = join(cwd, 'tmp');
  mkdirSync(tmp);
  return { cwd, hang, pids, tmp, out: join(cwd, 'run') };
}

/** Agent scratch folders in `tmp` (src/external/scratch.ts), by name, with their owner pid. */
function scratches(tmp: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(tmp).filter((n) => n.startsWith('rematch-agent-'))) {
    const owner = join(tmp, name, 'rematch-owner.pid');
    out[name] = existsSync(owner) ? readFileSync(owner, 'utf8').trim() : '';
  }
  return out;
}

interface Started {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

function start(args: string[], cwd: string, env: Record<string, string> = {}): Started {
  const child = track(
    spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', ...env } }),
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('close', (code, signal) => done({ code, signal })),
  );
  return { child, exited, output: () => out };
}

async function agentPids(file: string): Promise<number[]> {
  await until('the agent to start', () => existsSync(file) && readFileSync(file, 'utf8').length > 0, 60_000);
  const pids = JSON.parse(readFileSync(file, 'utf8')) as number[];
  for (const p of pids) expect(alive(p)).toBe(true);
  return pids;
}

function journalIds(out: string): string[] {
  const f = join(out, 'journal.jsonl');
  if (!existsSync(f)) return [];
  return readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
}

const RUN = ['run', '--seat', 'sleeper', '--gates', 'none', '--reps', '2', '--out', 'run'];

describe('interrupting bench run with a command seat', () => {
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    it(`${sig}: kills the agent's group, keeps finished trials, exits ${code}, and resumes`, async () => {
      const w = workspace();
      const run = start(RUN, w.cwd, { TMPDIR: w.tmp });
      const pids = await agentPids(w.pids);
      expect(Object.values(scratches(w.tmp))).toEqual([String(run.child.pid)]);
      run.child.kill(sig);
      const r = await run.exited;
      expect(r.code, run.output()).toBe(code);
      expect(run.output()).toContain('interrupted: 1 of 2 trials done; continue with bench run --resume run');
      expect(scratches(w.tmp)).toEqual({});
      await until('the agent and its child to die', () => pids.every((p) => !alive(p)), GONE_MS);
      // The finished trial is journaled; the interrupted one is not, so a resume runs it.
      expect(journalIds(w.out)).toEqual(['tiny-checkout/sleeper/none/r1']);
      rmSync(w.hang);
      const again = bench(['run', '--resume', 'run'], w.cwd);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stderr).toContain('1 of 2 trials already done');
      expect(journalIds(w.out).sort()).toEqual([
        'tiny-checkout/sleeper/none/r1',
        'tiny-checkout/sleeper/none/r2',
      ]);
    }, 120_000);
  }

  it('SIGKILL: no handler runs, yet the watchdog kills the agent and its child within seconds', async () => {
    const w = workspace();
    const run = start(RUN, w.cwd, { TMPDIR: w.tmp });
    const pids = await agentPids(w.pids);
    run.child.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    // The watchdog sends SIGTERM (ignored by this agent), then SIGKILL a second later.
    await until('the orphaned agent and its child to die', () => pids.every((p) => !alive(p)), GONE_MS);
    expect(journalIds(w.out)).toEqual(['tiny-checkout/sleeper/none/r1']);
  }, 120_000);

  it('after a SIGKILL, the next bench run sweeps the scratch folders whose owner is dead, only those', async () => {
    const w = workspace();
    const run = start(RUN, w.cwd, { TMPDIR: w.tmp });
    const pids = await agentPids(w.pids);
    run.child.kill('SIGKILL');
    await run.exited;
    await until('the orphaned agent and its child to die', () => pids.every((p) => !alive(p)), GONE_MS);
    // Left behind by the killed bench, its agent's unmasked output inside.
    const left = scratches(w.tmp);
    expect(Object.values(left)).toEqual([String(run.child.pid)]);
    // Beside it: one a live bench owns (this test's process), one of a dead pid, one without an owner.
    const plant = (name: string, owner?: number) => {
      mkdirSync(join(w.tmp, name));
      if (owner !== undefined) writeFileSync(join(w.tmp, name, 'rematch-owner.pid'), `${owner}\n`);
    };
    const dead = Number(spawnSync(process.execPath, ['-p', 'process.pid'], { encoding: 'utf8' }).stdout);
    plant('rematch-agent-live', process.pid);
    plant('rematch-agent-dead', dead);
    plant('rematch-agent-unowned');
    rmSync(w.hang);
    const again = bench(['run', '--resume', 'run'], w.cwd, { TMPDIR: w.tmp });
    expect(again.status, again.stderr).toBe(0);
    expect(scratches(w.tmp)).toEqual({
      'rematch-agent-live': String(process.pid),
      'rematch-agent-unowned': '',
    });
  }, 120_000);

  it('a second SIGINT exits at once, still killing the agent that ignores SIGTERM', async () => {
    const w = workspace();
    const run = start(RUN, w.cwd);
    const pids = await agentPids(w.pids);
    run.child.kill('SIGINT');
    await sleep(200);
    run.child.kill('SIGINT');
    const r = await run.exited;
    expect(r.code).toBe(130);
    expect(run.output()).toContain('SIGINT again');
    // The first signal's path waits out the 2 s SIGTERM grace of the agent, which ignores it, and
    // then says what finished. Exiting at once, the second never gets there: read from the output,
    // not from a clock a loaded machine can stretch.
    expect(run.output()).not.toContain('interrupted: 1 of 2 trials done');
    await until('the agent and its child to die', () => pids.every((p) => !alive(p)), GONE_MS);
  }, 120_000);

  it('bench trial: SIGINT aborts the trial, kills the agent and exits 130', async () => {
    const w = workspace();
    const trial = start(
      [
        'trial',
        '--seat',
        'seats/sleeper.yaml',
        '--golden',
        'tiny-checkout',
        '--rep',
        '2',
        '--out',
        'trial/r2',
      ],
      w.cwd,
    );
    const pids = await agentPids(w.pids);
    trial.child.kill('SIGINT');
    const r = await trial.exited;
    expect(r.code, trial.output()).toBe(130);
    expect(trial.output()).toContain('interrupted: the trial did not finish');
    await until('the agent and its child to die', () => pids.every((p) => !alive(p)), GONE_MS);
  }, 120_000);
});
