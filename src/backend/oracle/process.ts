/**
 * A real Prometheus as an oracle and as an optional engine: Debian's `prometheus` package binaries
 * (installed by scripts/install-prometheus.sh into .tmp/prometheus), a TSDB backfilled from a
 * world's series through OpenMetrics and `promtool tsdb create-blocks-from openmetrics`, and the
 * server on 127.0.0.1 with a port the kernel picks (read from its log), stopped by its PID.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { watched } from '../../watchdog.js';
import { openMetricsChunks } from '../../world/openmetrics.js';
import type { Series } from '../../world/types.js';

const run = promisify(execFile);

export interface PrometheusBinaries {
  prometheus: string;
  promtool: string;
}

/** $REMATCH_PROMETHEUS_BIN, then the repo's .tmp/prometheus, then the system's /usr/bin. */
export function findPrometheusBinaries(repoRoot: string = process.cwd()): PrometheusBinaries | null {
  const dirs = [process.env.REMATCH_PROMETHEUS_BIN, resolve(repoRoot, '.tmp/prometheus/usr/bin'), '/usr/bin'];
  for (const d of dirs) {
    if (!d) continue;
    const prometheus = join(d, 'prometheus');
    const promtool = join(d, 'promtool');
    if (existsSync(prometheus) && existsSync(promtool)) return { prometheus, promtool };
  }
  return null;
}

/** Write the series as OpenMetrics and turn them into TSDB blocks under `dataDir`. */
export async function backfill(
  bin: PrometheusBinaries,
  series: readonly Series[],
  dataDir: string,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const input = join(dataDir, '..', `backfill-${process.pid}-${Date.now()}.om`);
  // Waits for 'drain': at 100× golden scale the text is over 4 GB, more than one writev takes.
  const out = createWriteStream(input);
  const failed = new Promise<never>((_, fail) => out.once('error', fail));
  failed.catch(() => {}); // observed by the races below
  for (const chunk of openMetricsChunks(series)) {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  }
  await Promise.race([new Promise<void>((ok) => out.end(ok)), failed]);
  try {
    // Two-hour blocks would split a 2 h world in two; a larger max block duration keeps it whole.
    await run(
      bin.promtool,
      ['tsdb', 'create-blocks-from', 'openmetrics', '--max-block-duration=24h', input, dataDir],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } finally {
    rmSync(input, { force: true });
  }
}

export interface RunningPrometheus {
  url: string;
  /** The watchdog's pid: the leader of the server's process group (signal `-pid`). */
  pid: number;
  dir: string;
  stop(): Promise<void>;
}

/** Start Prometheus over `dataDir` (backfilled) and resolve once it serves queries. */
export async function startPrometheus(
  bin: PrometheusBinaries,
  dataDir: string,
  opts: { lookbackDelta?: string } = {},
): Promise<RunningPrometheus> {
  const dir = resolve(dataDir, '..');
  const config = join(dir, 'prometheus.yml');
  writeFileSync(config, 'global: {}\n');
  const args = [
    `--config.file=${config}`,
    `--storage.tsdb.path=${dataDir}`,
    '--web.listen-address=127.0.0.1:0',
    '--storage.tsdb.retention.time=3650d',
    `--query.lookback-delta=${opts.lookbackDelta ?? '5m'}`,
    '--query.max-samples=200000000',
  ];
  // Under the watchdog: if the bench is killed, this server does not outlive it.
  const w = watched([bin.prometheus, ...args]);
  const child = spawn(w.file, w.args, { detached: true, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const port = await readPort(child);
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url);
  return {
    url,
    pid: child.pid ?? -1,
    dir,
    stop: () => stopChild(child),
  };
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((ok, fail) => {
    let log = '';
    const timer = setTimeout(
      () => fail(new Error(`prometheus did not start listening:\n${log.slice(-2000)}`)),
      20_000,
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (d: string) => {
      log += d;
      const m = /msg="Listening on" address=[^\s]*:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        ok(Number(m[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`prometheus exited with ${code}:\n${log.slice(-2000)}`));
    });
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`${url}/-/ready`);
      if (r.ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`prometheus at ${url} never became ready`);
}

/** Signal the watched server's whole group (the watchdog waits for the server to go). */
function signalGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, sig);
  } catch {
    // ESRCH: already gone
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const force = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      ok();
    });
    signalGroup(child, 'SIGTERM');
  });
}

/** Backfill `series` into a fresh temp folder and start a server over it. */
export async function startBackfilledPrometheus(
  bin: PrometheusBinaries,
  series: readonly Series[],
): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'rematch-prom-'));
  const data = join(dir, 'data');
  await backfill(bin, series, data);
  const p = await startPrometheus(bin, data);
  return {
    ...p,
    stop: async () => {
      await p.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
