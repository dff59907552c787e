/**
 * Command seats end to end: the example agent (examples/agent.mjs) runs under `bench run`
 * through the built CLI against a tiny golden and is scored; a hanging agent that spawned a child
 * is killed with its whole process group on timeout; a bad Theory is rejected, not a crash; its
 * trace, answered again by the golden's world (`againstWorld`), agrees call for call.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAgentServer } from '../../src/backend/index.js';
import { runCommandSeat } from '../../src/external/index.js';
import { loadGolden, loadSeat } from '../../src/formats/load.js';
import { againstWorld } from '../../src/index.js';
import { scoreTrial } from '../../src/scoring/index.js';
import { buildWorld } from '../../src/world/build.js';
import { bench, tempDir } from '../formats/helpers.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');

function findFile(dir: string, name: string): string | undefined {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const hit = findFile(p, name);
      if (hit) return hit;
    } else if (e.name === name) return p;
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function runSeat(seatYaml: string, dir: string) {
  const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));
  const seatFile = join(dir, 'seat.yaml');
  writeFileSync(seatFile, seatYaml);
  const seat = loadSeat(seatFile);
  const world = buildWorld(golden);
  const r = await runCommandSeat(
    {
      golden,
      seat,
      gateSet: { name: 'none', gates: [], settings: { steerAt: 2, haltAt: 3, fanoutCap: 8 } },
      rep: 1,
      seed: 1,
      dir: join(dir, 'trial'),
      env: process.env,
    },
    (observe) => startAgentServer(golden, world, { seed: 1, observe }),
  );
  return { ...r, golden };
}

describe('command seats', () => {
  it('runs the example agent in bench run and scores it end to end', () => {
    const cwd = tempDir();
    const golden = writeTinyGolden({ latencyMs: 0 });
    const seats = join(cwd, 'seats');
    mkdirSync(seats);
    writeFileSync(
      join(seats, 'example-command.yaml'),
      `name: example-command\nprovider: command\ncommand: [node, ${JSON.stringify(join(ROOT, 'examples/agent.mjs'))}]\ntimeoutSeconds: 60\n`,
    );
    // no ceiling trial: the files found below are the command seat's
    writeFileSync(
      join(cwd, 'bench.config.yaml'),
      `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nceiling: false\n`,
    );
    const out = join(cwd, 'run');
    const r = bench(['run', '--seat', 'example-command', '--gates', 'all', '--reps', '1', '--out', out], cwd);
    expect(r.stderr).not.toMatch(/Error|error:/);
    expect(r.status).toBe(0);
    const theory = JSON.parse(readFileSync(findFile(out, 'theory.json') ?? '', 'utf8'));
    expect(theory.parts.A.measurements[0]).toMatchObject({ id: 'errors_per_second', evidence: ['c1'] });
    expect(theory.parts.A.measurements[0].value).toBeCloseTo(1, 6);
    expect(theory.parts.B.measurements[0]).toMatchObject({ id: 'pool_exhausted_lines', value: 30 });
    expect(readFileSync(findFile(out, 'stdout.txt') ?? '', 'utf8')).toContain('theory written');
    const scorecard = readFileSync(findFile(out, 'scorecard.json') ?? '', 'utf8');
    expect(scorecard).toContain('example-command');
  }, 120_000);

  it('scores the trace rebuilt from the query log: cited calls are ok live observations', async () => {
    const dir = tempDir();
    const r = await runSeat(
      `name: ex\nprovider: command\ncommand: [node, ${JSON.stringify(join(ROOT, 'examples/agent.mjs'))}]\n`,
      dir,
    );
    const calls = r.trace.events.filter((e) => e.type === 'tool_call');
    expect(calls[0]).toMatchObject({ id: 'c1', tool: 'query_metrics', class: 'live', source: 'metrics' });
    const score = scoreTrial(r.golden, r.trace, r.theory);
    expect(score.verdict).toBe('pass');
    expect(score.parts.A.coverage).toBe(1);
    expect(score.parts.B.coverage).toBe(1);
    // its calls are wire requests in golden time: answered again by the same world, all agree
    const again = await againstWorld(r.golden, r.trace, r.theory);
    expect(again.world.counts.differs).toBe(0);
    expect(again.world.counts.same).toBe(calls.filter((c) => c.class !== 'context').length);
    expect(again.score).toEqual(score);
  }, 60_000);

  it('kills the whole process tree on timeout and leaves nothing behind', async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'child.pid');
    const agent = join(dir, 'hang.mjs');
    writeFileSync(
      agent,
      `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const c = spawn('sleep', ['300'], { stdio: 'ignore' });
writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
setInterval(() => {}, 1000);
`,
    );
    const r = await runSeat(
      // sandbox off: the child's pid it writes is then the bench's (command-sandbox.test.ts kills a sandbox)
      `name: hang\nprovider: command\ncommand: [node, ${JSON.stringify(agent)}]\ntimeoutSeconds: 1\nsandbox: off\n`,
      dir,
    );
    const childPid = Number(readFileSync(pidFile, 'utf8'));
    expect(childPid).toBeGreaterThan(0);
    // SIGKILL is immediate for sleep; give the kernel a moment to reap.
    for (let i = 0; i < 50 && alive(childPid); i++) await new Promise((res) => setTimeout(res, 100));
    expect(alive(childPid)).toBe(false);
    const end = r.trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'budget', unscored: false });
    expect(r.theory).toBeNull();
  }, 30_000);

  it('reports a command that cannot start (through the watchdog) as unscored, with the reason', async () => {
    const dir = tempDir();
    const r = await runSeat('name: nope\nprovider: command\ncommand: [no-such-agent-binary, -u]\n', dir);
    const end = r.trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'error', unscored: true });
    expect((end as { error?: string }).error).toMatch(/the agent could not start: .*ENOENT/);
  }, 30_000);

  it('rejects an invalid Theory as data: no Theory, scored, the reason in the end event', async () => {
    const dir = tempDir();
    const agent = join(dir, 'bad.mjs');
    writeFileSync(
      agent,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.REMATCH_THEORY_FILE, '{"summary": 3}');\n`,
    );
    const r = await runSeat(`name: bad\nprovider: command\ncommand: [node, ${JSON.stringify(agent)}]\n`, dir);
    expect(r.theory).toBeNull();
    const end = r.trace.events.at(-1);
    expect(end).toMatchObject({ type: 'end', stop: 'error', unscored: false });
    expect((end as { error?: string }).error).toMatch(/theory rejected/);
    expect(scoreTrial(r.golden, r.trace, r.theory).verdict).toBe('fail');
    expect(existsSync(join(dir, 'trial', 'trace.jsonl'))).toBe(true);
  }, 30_000);
});
