/**
 * The server an external agent (a command seat) talks to: the golden's full stack on the real
 * clock (faults on unless told otherwise), call ids on every answer, and by default the world
 * shifted so that the agent's wall-clock "now" is the golden's now at the moment the server starts.
 */
import { RealClock } from '../clock.js';
import type { Golden } from '../formats/golden/index.js';
import type { World } from '../world/types.js';
import type { Backend } from './api.js';
import { type HttpServerHandle, type ObservedCall, startHttpServer, withCallIds } from './http/index.js';
import type { QueryLog } from './query-log.js';
import { createBackendStack, type ServerLimits, serverStackOptions } from './stack.js';
import { withTimeShift } from './time-shift.js';

export interface AgentServerOptions extends ServerLimits {
  seed: number;
  /** Default true. */
  faults?: boolean;
  /** Default true: wall-clock now = the golden's now at start. */
  shiftToNow?: boolean;
  observe?: (call: ObservedCall) => void;
  /**
   * Decorates the stack before call ids and the time shift are added: the trial's gated surface
   * (host/surface/), handed in from above so this layer knows nothing of gates.
   */
  wrap?: (backend: Backend) => Backend;
}

export interface AgentServer extends HttpServerHandle {
  /** The newest entries and running counters; `observe` sees every call. */
  queryLog: QueryLog;
  /** Add to a golden time to get the time the agent sees (0 when not shifted). */
  shiftMs: number;
}

export async function startAgentServer(
  golden: Golden,
  world: World,
  opts: AgentServerOptions,
): Promise<AgentServer> {
  const stack = createBackendStack(golden, world, {
    faults: opts.faults ?? true,
    clock: new RealClock(),
    seed: opts.seed,
    ...serverStackOptions(opts),
  });
  const { backend, queryLog } = stack;
  await stack.ready();
  const shifted = opts.shiftToNow ?? true;
  const shiftMs = shifted ? Date.now() - golden.ms.now : 0;
  const gated = opts.wrap ? opts.wrap(backend) : backend;
  const served = withTimeShift(withCallIds(gated, opts.observe), shiftMs);
  const server = await startHttpServer(served, {
    golden,
    nowMs: shifted ? () => Date.now() : () => golden.ms.now,
    // gated, the trial's one session is the bench's: the agent can neither end it nor open another
    ...(opts.wrap ? { sessions: 'fixed' as const } : {}),
  });
  return {
    ...server,
    close: async () => {
      await server.close();
      await stack.close();
    },
    queryLog,
    shiftMs,
  };
}
