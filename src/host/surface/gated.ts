/**
 * The gated surface: a Backend decorator that puts a gate set in front of any agent. Each session
 * key (`ApiRequest.session`: the `X-Rematch-Session` header, the MCP session id; one key for a
 * whole command-seat trial) gets its own SurfaceSession, so one agent's ledger never touches
 * another's. A request with no key (Grafana, promtool, curl) belongs to no session: it gets the
 * typed failure class only (no ledger, no fan-out, no halt), so one client's failures never
 * halt another's.
 *
 * Who names a session is the bench, never the client: a command-seat trial has one session
 * (`single`), whatever header its agent sends, and it cannot be closed from outside; with `issued`
 * (`bench serve --gates`) a key is valid only once `open()` made it (`POST /rematch/session`: 128
 * random bits), so one local client can neither end nor pre-halt another's session by guessing its
 * name, and a key nobody issued is refused; MCP keys are its transport's own random ids. Sessions
 * end on `close(key)` (the MCP transport's close, `DELETE /rematch/session`), after `idleMs`
 * without a call, or when more than `maxSessions` are open (least recently used first). Neither a
 * session with a call in flight nor a halted one is dropped for room: a flood of new sessions
 * cannot wash a halt away (only `idleMs` without a call ends a halted session); when only such
 * sessions remain, `open()` refuses. The HTTP adapter and the MCP server below it need to know
 * nothing of gates: they pass the key in and render the answer's `gate` note (docs/gates.md, At
 * the surfaces).
 */
import { randomBytes } from 'node:crypto';
import type { ApiRequest, ApiResponse, Backend } from '../../backend/api.js';
import type { Golden } from '../../formats/golden/index.js';
import type { GateSetSpec } from '../types.js';
import { SurfaceSession } from './session.js';
import { GATE_HEADER, refusal, SESSION_HEADER, SESSION_PATH } from './wire.js';

export interface GatedOptions {
  golden: Golden;
  gateSet: GateSetSpec;
  /** One session for every request, whatever key it carries, or none (a command-seat trial). */
  single?: boolean;
  /** Keys only from `open()`: a request naming any other key is refused (`bench serve --gates`). */
  issued?: boolean;
  /** Sessions kept at most (least recently used dropped first): a long-running server stays bounded. */
  maxSessions?: number;
  /** A session without a call for this long is dropped (default 30 min). */
  idleMs?: number;
  /** The waves' windows (waves.ts). */
  settleMs?: number;
  freshMs?: number;
  now?: () => number;
}

export interface GatedBackend extends Backend {
  /** The session of a key (created on first use). */
  session(key?: string): SurfaceSession;
  /** A new session under a key nobody can guess; undefined when no session may be dropped for it. */
  open(): string | undefined;
  /** End a key's session (its ledger and halt are forgotten); false when there was none. */
  close(key: string): boolean;
  /** The key's session is halted (an MCP server keeps it through a flood, as this does). */
  halted(key: string): boolean;
  /** Sessions open now. */
  readonly size: number;
  readonly gateSet: GateSetSpec;
}

const SINGLE_KEY = 'trial';
export const IDLE_MS = 30 * 60_000;

export function gatedBackend(inner: Backend, opts: GatedOptions): GatedBackend {
  const sessions = new Map<string, SurfaceSession>();
  const max = opts.maxSessions ?? 1000;
  const idle = opts.idleMs ?? IDLE_MS;
  const now = opts.now ?? Date.now;
  const make = (gateSet: GateSetSpec) =>
    new SurfaceSession({
      golden: opts.golden,
      gateSet,
      now: opts.now,
      settleMs: opts.settleMs,
      freshMs: opts.freshMs,
    });
  // Oldest use first (a used session is moved to the end): drop idle ones, then, over the cap
  // (`room` more to come), the oldest that is neither busy nor halted.
  const sweep = (keep: string, room = 0) => {
    const t = now();
    for (const [k, s] of sessions) {
      const stale = s.lastUsed + idle <= t;
      if (!stale && sessions.size + room <= max) break;
      if (s.busy || k === keep || (s.stopping && !stale)) continue;
      sessions.delete(k);
    }
  };
  const session = (key?: string): SurfaceSession => {
    const k = opts.single ? SINGLE_KEY : (key ?? SINGLE_KEY);
    let s = sessions.get(k);
    if (s) sessions.delete(k);
    s ??= make(opts.gateSet);
    sessions.set(k, s);
    sweep(k);
    return s;
  };
  // No key: the typed failure class alone, in a session that lives for this one request.
  const anonymousSet: GateSetSpec = {
    ...opts.gateSet,
    gates: opts.gateSet.gates.filter((g) => g === 'failureClass'),
  };
  let anonymous = 0;
  return {
    gateSet: opts.gateSet,
    session,
    open() {
      if (opts.single) return undefined;
      sweep('', 1);
      if (sessions.size >= max) return undefined;
      const key = randomBytes(16).toString('base64url');
      sessions.set(key, make(opts.gateSet));
      return key;
    },
    // A trial's one session is the bench's: nothing ends it but the trial.
    close: (key) => !opts.single && sessions.delete(key),
    halted: (key) => sessions.get(opts.single ? SINGLE_KEY : key)?.stopping !== undefined,
    get size() {
      return sessions.size;
    },
    handle(req: ApiRequest): Promise<ApiResponse> {
      if (opts.single) return session().handle(req, inner);
      if (req.session && opts.issued && !sessions.has(req.session))
        return Promise.resolve(unknownSession(req));
      if (req.session) return session(req.session).handle(req, inner);
      return make(anonymousSet).handle({ ...req, origin: `c${++anonymous}` }, inner);
    },
  };
}

/** A key the bench never issued (or one that ended): refused, so no client names its own session. */
function unknownSession(req: ApiRequest): ApiResponse {
  const key = (req.session ?? '').slice(0, 64);
  const message = `unknown session ${JSON.stringify(key)}: open one with POST ${SESSION_PATH} and send the ${SESSION_HEADER} it answers`;
  const res = refusal(req, 'bad_data', message, 400);
  return { ...res, headers: { ...res.headers, [GATE_HEADER]: 'unknown-session' } };
}
