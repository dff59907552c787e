/**
 * One command-seat trial (DESIGN §10): start the agent's server, write the prompt, run the agent
 * with the endpoints and output paths in its environment, then rebuild the trace from the calls
 * the server answered (plus the agent's own trace file), read and validate the Theory, and leave
 * `trace.jsonl` (and `theory.json`) in the trial folder. An invalid Theory ends the trial with the
 * Theory rejected (scored, no Theory); a missing one means no Theory; neither is a crash.
 */

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { redact, redactAgentOutput, redactArgv, redactDeep, registerSecretValues } from '../errors.js';
import { commitAtomic, writeAtomic } from '../formats/files.js';
import type { EndEvent, HeaderEvent, Trace } from '../formats/run/index.js';
import { seatEnvNames } from '../formats/seat.js';
import { Theory } from '../formats/theory.js';
import { guidanceFor } from '../protocol/guidance.js';
import { traceHeader } from '../protocol/trace-header.js';
import { TraceWriter } from '../protocol/trace-writer.js';
import { readAgentTrace } from './agent-trace.js';
import { agentEnv } from './env.js';
import { commandPrompt } from './prompt.js';
import { openRelay, portsOf } from './relay.js';
import { agentSandbox } from './sandbox.js';
import { makeScratchDir } from './scratch.js';
import { spawnAgent } from './spawn.js';
import { callEvents } from './trace.js';
import type { CommandTrial, ServedCall, StartAgentServer } from './types.js';
import { maxFanout, wavesOf } from './usage.js';

export interface CommandTrialResult {
  traceFile: string;
  trace: Trace;
  theory: Theory | null;
}

function readTheory(file: string): { theory: Theory | null; problem?: string } {
  if (!existsSync(file)) return { theory: null, problem: 'the agent wrote no Theory' };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { theory: null, problem: `theory rejected: not JSON (${(e as Error).message})` };
  }
  const p = Theory.safeParse(raw);
  if (!p.success) {
    const issues = p.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    return { theory: null, problem: `theory rejected: ${issues}` };
  }
  return { theory: p.data };
}

function header(t: CommandTrial): HeaderEvent {
  return traceHeader({
    golden: t.golden.id,
    seat: { name: t.seat.name, provider: 'command', shape: t.seat.shape },
    // A token written into the command line is the seat's secret: the header (report.html, OTLP) shows it masked.
    model: t.seat.command ? redactArgv(t.seat.command).shown.join(' ') : t.seat.model,
    gateSet: t.gateSet,
    rep: t.rep,
    seed: t.seed,
    clock: 'real',
    faultsRecorded: true,
    selectionRecorded: true,
  });
}

/** Scratch folders of agents still running: removed on exit, whatever ends the bench. */
const scratches = new Set<string>();
let scratchHook = false;

type AgentFiles = { theory: string; agentTrace: string; stdout: string; stderr: string };

function scratchFor(final: AgentFiles): {
  dir: string;
  files: AgentFiles;
  publish(secrets: (string | undefined)[]): void;
} {
  if (!scratchHook) {
    scratchHook = true;
    process.once('exit', () => {
      for (const d of scratches) rmSync(d, { recursive: true, force: true });
    });
  }
  // With its owner's pid inside: a bench killed hard leaves it for the next one to sweep.
  const dir = makeScratchDir();
  scratches.add(dir);
  const files: AgentFiles = {
    theory: join(dir, basename(final.theory)),
    agentTrace: join(dir, basename(final.agentTrace)),
    stdout: join(dir, basename(final.stdout)),
    stderr: join(dir, basename(final.stderr)),
  };
  return {
    dir,
    files,
    publish(secrets) {
      // Masked as what each file is: JSON string by string, text as text (errors.ts), so a valid
      // Theory stays valid whatever it holds.
      for (const k of ['stdout', 'stderr', 'theory', 'agentTrace'] as const) {
        if (existsSync(files[k]))
          writeFileSync(final[k], redactAgentOutput(readFileSync(files[k], 'utf8'), secrets));
      }
      rmSync(dir, { recursive: true, force: true });
      scratches.delete(dir);
    },
  };
}

export async function runCommandSeat(t: CommandTrial, start: StartAgentServer): Promise<CommandTrialResult> {
  const argv = t.seat.command;
  if (!argv?.length) throw new Error(`seat ${t.seat.name}: a command seat needs a command`);
  // The agent may echo its own argv (or another agent may read it from /proc): its tokens are secrets.
  registerSecretValues(redactArgv(argv).secrets);
  const dir = resolve(t.dir);
  mkdirSync(dir, { recursive: true });
  const files = {
    prompt: join(dir, 'prompt.txt'),
    theory: join(dir, 'agent-theory.json'),
    agentTrace: join(dir, 'agent-trace.jsonl'),
    stdout: join(dir, 'stdout.txt'),
    stderr: join(dir, 'stderr.txt'),
    trace: join(dir, 'trace.jsonl'),
  };
  // The agent writes into a private scratch folder, never into the report folder: only masked
  // copies land there, once it is done (or failed, or was interrupted).
  const raw = scratchFor(files);
  const secrets = seatEnvNames(t.seat).map((n) => t.env[n]);
  const calls: ServedCall[] = [];
  const server = await start((c) => calls.push(c));
  const t0 = Date.now();
  // Its own PID and mount namespaces where the machine has them (sandbox.ts): the bench's /proc
  // and the other trials' scratch folders out of its reach.
  // `network: bench` (default): a network namespace of its own, only the server's ports relayed in.
  const box = agentSandbox(t.seat.sandbox, argv, tmpdir(), [raw.dir, process.cwd(), dir], t.seat.network);
  let run: Awaited<ReturnType<typeof spawnAgent>>;
  let relay: Awaited<ReturnType<typeof openRelay>> | undefined;
  try {
    if (box.sandbox?.net)
      relay = await openRelay(raw.dir, portsOf([server.promUrl, server.lokiUrl, server.grafanaUrl]));
    writeFileSync(
      files.prompt,
      `${commandPrompt(t.golden, server.shiftMs, guidanceFor(t.gateSet.prompted, t.gateSet.settings))}\n`,
    );
    run = box.refusal
      ? refusedRun(box.refusal)
      : await spawnAgent({
          argv,
          cwd: process.cwd(),
          env: {
            ...agentEnv(t.env, seatEnvNames(t.seat)),
            REMATCH_PROMPT_FILE: files.prompt,
            REMATCH_PROMETHEUS_URL: server.promUrl,
            REMATCH_LOKI_URL: server.lokiUrl,
            REMATCH_GRAFANA_URL: server.grafanaUrl,
            // Enforced at the server (docs/command-seats.md); passed too, for agents that adapt to it.
            REMATCH_GATES: JSON.stringify(t.gateSet),
            REMATCH_THEORY_FILE: raw.files.theory,
            REMATCH_TRACE_FILE: raw.files.agentTrace,
            REMATCH_NOW: new Date(t.golden.ms.now + server.shiftMs).toISOString(),
            REMATCH_TRIAL: `${t.golden.id}/${t.seat.name}/${t.gateSet.name}/r${t.rep}`,
          },
          stdoutFile: raw.files.stdout,
          stderrFile: raw.files.stderr,
          timeoutMs: (t.seat.timeoutSeconds ?? t.seat.budget.wallSeconds) * 1000,
          signal: t.signal,
          ...(box.sandbox ? { sandbox: box.sandbox } : {}),
          ...(relay ? { relay: relay.ports } : {}),
        });
  } finally {
    await relay?.close();
    // Everything the agent wrote lands in the report folder masked: any key it echoed, its own or
    // another loaded seat's (the redactor knows them all), before anything reads it.
    raw.publish(secrets);
    await server.close();
  }
  const totalMs = Date.now() - t0;

  const writer = new TraceWriter({ header: redactDeep(header(t), secrets), file: `${files.trace}.tmp` });
  let theory: ReturnType<typeof readTheory>['theory'] = null;
  // the trace's descriptor is let go whatever throws below (TraceWriter holds it open)
  try {
    const append = (e: Parameters<TraceWriter['append']>[0]) => writer.append(redactDeep(e, secrets));
    calls.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
    const waves = wavesOf(calls);
    calls.forEach((c, i) => {
      for (const e of callEvents(c, t0, waves[i])) append(e);
    });
    const own = readAgentTrace(files.agentTrace, new Set(calls.map((c) => c.id)));
    for (const e of own.events) append(e);
    const read = run.timedOut ? { theory: null, problem: undefined } : readTheory(files.theory);
    theory = read.theory && redactDeep(read.theory, secrets);
    const problem = read.problem && redact(read.problem, secrets);
    if (theory) {
      append({ type: 'theory', t: totalMs, source: 'submitted', theory });
      writeAtomic(join(dir, 'theory.json'), `${JSON.stringify(theory, null, 2)}\n`);
    }
    const events = writer.events();
    const fingerprints = new Set(
      events.flatMap((e) => (e.type === 'tool_result' && e.fingerprint ? [e.fingerprint] : [])),
    );
    // Counted as the host counts them: the gates' steer and halt decisions, the untyped answers.
    const counts = {
      steers: events.filter((e) => e.type === 'gate' && e.decision === 'steer').length,
      halts: events.filter((e) => e.type === 'gate' && e.decision === 'halt').length,
      fingerprints: fingerprints.size,
      untypedEnvelopes: events.filter((e) => e.type === 'tool_result' && e.untyped).length,
    };
    append(endEvent(run, calls, own, totalMs, theory !== null, problem, counts));
  } finally {
    writer.close();
  }
  commitAtomic(`${files.trace}.tmp`, files.trace);
  return { traceFile: files.trace, trace: writer.trace(), theory };
}

/** A trial whose agent was never started (a sandbox the seat names is missing): unscored. */
function refusedRun(why: string): Awaited<ReturnType<typeof spawnAgent>> {
  return {
    exitCode: undefined,
    signal: undefined,
    timedOut: false,
    aborted: false,
    pid: undefined,
    spawnError: why,
  };
}

function endEvent(
  run: Awaited<ReturnType<typeof spawnAgent>>,
  calls: ServedCall[],
  own: ReturnType<typeof readAgentTrace>,
  totalMs: number,
  submitted: boolean,
  problem: string | undefined,
  counts: EndEvent['counts'],
): EndEvent {
  const toolMs = calls.reduce((s, c) => s + (c.endedAt - c.startedAt), 0);
  // The backend's own queue and, gated, the fan-out cap's wait before the call ran.
  const queueMs = calls.reduce((s, c) => s + (c.res.timing?.queueMs ?? 0) + (c.res.gate?.queuedMs ?? 0), 0);
  // As the host: a session a gate halted stops `halted`, whatever the agent wrote after.
  const halted = calls.some((c) => c.res.gate?.halted);
  const why = run.timedOut
    ? `timed out after ${Math.round(totalMs / 1000)} s; the process group was killed`
    : run.aborted
      ? 'aborted'
      : run.spawnError
        ? `the agent could not start: ${run.spawnError}`
        : run.exitCode !== 0
          ? `the agent exited with ${run.signal ?? `code ${run.exitCode}`}`
          : undefined;
  const error = [why, problem, own.problem].filter(Boolean).join('; ');
  return {
    type: 'end',
    t: totalMs,
    stop: run.timedOut ? 'budget' : halted ? 'halted' : submitted ? 'submitted' : 'error',
    // A command that cannot start is the bench's configuration problem, not the agent's answer.
    unscored: run.spawnError !== undefined || run.aborted,
    ...(error ? { error } : {}),
    usage: {
      turns: own.turns,
      toolCalls: calls.length,
      waves: new Set(wavesOf(calls)).size,
      maxFanout: maxFanout(calls),
      tokens: own.tokens ?? { input: 0, output: 0, reasoning: 0 },
    },
    wall: { totalMs, modelMs: Math.max(0, totalMs - toolMs), toolMs: toolMs - queueMs, queueMs },
    counts,
  };
}
