/**
 * `bench serve`: one golden's backend stack on the real clock, served over HTTP until SIGINT or
 * SIGTERM. Queries default to the golden's "now" (`time.now`), not the wall clock.
 */
import { RealClock } from '../clock.js';
import type { FaultSpec, Golden } from '../formats/golden/index.js';
import { loadGolden } from '../formats/load.js';
import { buildWorld } from '../world/build.js';
import type { Backend } from './api.js';
import { DEFAULT_CACHE_BYTES } from './engines/index.js';
import { type HttpServerHandle, startHttpServer } from './http/index.js';
import { DEFAULT_QUERY_LOG_BYTES, DEFAULT_QUERY_LOG_SIZE, type QueryLog } from './query-log.js';
import { createBackendStack, type ServerLimits, serverStackOptions } from './stack.js';
import { withTimeShift } from './time-shift.js';

export interface ServeOptions extends ServerLimits {
  port?: number;
  faults?: boolean;
  /** Shift the world so the wall clock's now (at start) is the golden's now (docs/backend.md). */
  shiftToNow?: boolean;
  /** Where the banner goes (default stdout). */
  write?: (line: string) => void;
  /** Serve until this aborts (the CLI's interrupt), else until SIGINT/SIGTERM. */
  signal?: AbortSignal;
  /** A gate set in front of the stack (`--gates`): the decorator, handed in from above, and its name. */
  gates?: ServedGates;
}

/** A gated surface as this layer sees it: a Backend decorator and what to call it in the banner. */
export interface ServedGates {
  /** Absent for a set with no gates (`none`): the stack is served as it is, unwrapped. */
  wrap?(backend: Backend): SessionBackend;
  describe: string;
  /**
   * The set's prompt-mode gates as text (docs/gates.md, "Gates versus prompts"): over MCP the
   * server's instructions and the telemetry tools' descriptions; over HTTP, which has no channel for
   * text, the banner prints it for whoever sets up the agent.
   */
  guidance?: { instructions: string[]; telemetry: string[] };
}

/**
 * A backend that keeps per-session state: `open()` makes a session (`POST /rematch/session`),
 * `close(key)` ends one (a DELETE, an MCP close), `halted(key)` says a session is halted.
 */
export interface SessionBackend extends Backend {
  open(): string | undefined;
  close(key: string): boolean;
  halted(key: string): boolean;
}

export interface ServeHandle extends HttpServerHandle {
  queryLog: QueryLog;
}

/** `golden`: loaded, or a golden.yaml (or its folder); ids are resolved above, in commands/resolve.ts. */
export async function startServe(arg: string | Golden, opts: ServeOptions = {}): Promise<ServeHandle> {
  const golden = typeof arg === 'string' ? loadGolden(arg) : arg;
  const world = buildWorld(golden);
  const faults = opts.faults ?? true;
  const limits = serverStackOptions(opts);
  const stack = createBackendStack(golden, world, {
    faults,
    clock: new RealClock(),
    seed: golden.world.seed,
    ...limits,
  });
  await stack.ready();
  const shiftMs = opts.shiftToNow ? Date.now() - golden.ms.now : 0;
  const gated = opts.gates?.wrap?.(stack.backend);
  const http = await startHttpServer(withTimeShift(gated ?? stack.backend, shiftMs), {
    port: opts.port ?? 0,
    golden,
    ...(gated ? { sessions: { open: () => gated.open(), end: (key: string) => gated.close(key) } } : {}),
    ...(opts.shiftToNow ? { nowMs: () => Date.now() } : {}),
  });
  const server: ServeHandle = {
    ...http,
    queryLog: stack.queryLog,
    close: async () => {
      await http.close();
      await stack.close();
    },
  };
  const write = opts.write ?? ((l: string) => process.stdout.write(`${l}\n`));
  const mib = (n: number) => `${Math.round((n / 2 ** 20) * 10) / 10} MiB`;
  const limitsLine = `limits: query timeout ${(limits.queryTimeoutMs ?? 0) / 1000} s, ${limits.workers} engine worker(s), query log keeps ${limits.queryLogSize ?? DEFAULT_QUERY_LOG_SIZE} entries / ${mib(limits.queryLogBytes ?? DEFAULT_QUERY_LOG_BYTES)}, engine cache ${mib(limits.cacheBytes ?? DEFAULT_CACHE_BYTES)}`;
  const lines = banner(
    golden,
    server,
    faults,
    world.metrics.size.series,
    world.logs.size.lines,
    shiftMs,
    limitsLine,
  );
  // Before the last line ("serving until interrupted"), which clients wait for.
  if (opts.gates) {
    const how = gated
      ? `, one per session the bench opens: POST ${server.url}/rematch/session answers its X-Rematch-Session id (DELETE with it ends it); requests without it get the typed failure class only (no ledger, fan-out or halt)`
      : '';
    lines.splice(-1, 0, `gates: ${opts.gates.describe}${how}`);
    const g = opts.gates.guidance;
    if (g && g.instructions.length + g.telemetry.length) {
      // HTTP carries no text to an agent: the prompt-mode gates' guidance is for whoever writes its prompt.
      lines.splice(
        -1,
        0,
        'prompt-mode gates: not enforced and not sent over HTTP; give your agent this text:',
        ...[...g.instructions, ...g.telemetry].map((t) => `  ${t}`),
      );
    }
  }
  for (const line of lines) write(line);
  return server;
}

/** Resolves when `signal` aborts; without one, at the first SIGINT or SIGTERM. */
export function untilSignal(signal?: AbortSignal): Promise<void> {
  if (signal) {
    return new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Serve until SIGINT/SIGTERM, then close the server and return. */
export async function serveCommand(arg: string | Golden, opts: ServeOptions = {}): Promise<void> {
  const server = await startServe(arg, opts);
  await untilSignal(opts.signal);
  await server.close();
  (opts.write ?? ((l: string) => process.stdout.write(`${l}\n`)))('stopped');
}

function banner(
  g: Golden,
  s: HttpServerHandle,
  faults: boolean,
  series: number,
  lines: number,
  shiftMs: number,
  limits: string,
): string[] {
  const out = [
    `golden ${g.id}: ${series} series, ${lines} log lines; queries default to now = ${new Date(g.ms.now).toISOString()}`,
    `Prometheus: ${s.promUrl}`,
    `Loki:       ${s.lokiUrl}`,
    `Grafana:    ${s.grafanaUrl} (datasources rematch-prometheus, rematch-loki)`,
  ];
  if (shiftMs !== 0) {
    out.push(`time: shifted by ${Math.round(shiftMs / 1000)} s: wall-clock now is the golden's now`);
    out.push(`try: promtool query instant ${s.promUrl} 'up'`);
  } else {
    // promtool sends the wall-clock time unless told otherwise; the world ends before it.
    out.push(`try: promtool query instant --time ${g.ms.now / 1000} ${s.promUrl} 'up'`);
  }
  if (!faults) out.push('faults: off (--no-faults)');
  else if (g.faults.length === 0) out.push('faults: none in this golden');
  else {
    out.push(`faults: ${g.faults.length} active`);
    for (const f of g.faults) out.push(`  ${describeFault(f)}`);
  }
  out.push(limits);
  out.push('serving until interrupted (Ctrl-C)');
  return out;
}

export function describeFault(f: FaultSpec): string {
  const m = f.match;
  const parts = [`${f.id}: ${f.kind}`];
  if (m.api?.length) parts.push(`api=${m.api.join(',')}`);
  if (m.query !== undefined) parts.push(`query=/${m.query}/`);
  if (m.from !== undefined || m.to !== undefined) parts.push(`time=[${m.from ?? '-'}, ${m.to ?? '-'}]`);
  if (m.calls) {
    const c = Object.entries(m.calls).map(([k, v]) => `${k} ${v}`);
    parts.push(`calls=${c.join(', ')}`);
  }
  if (m.rangeOver !== undefined) parts.push(`range>${m.rangeOver}`);
  if (m.stepsOver !== undefined) parts.push(`steps>${m.stepsOver}`);
  if (m.seriesOver !== undefined) parts.push(`series>${m.seriesOver}`);
  if (m.samplesOver !== undefined) parts.push(`samples>${m.samplesOver}`);
  if ('limit' in f && f.limit !== undefined) parts.push(`limit=${f.limit}`);
  if ('status' in f && f.status !== undefined) parts.push(`status=${f.status}`);
  return parts.join(' ');
}
