/**
 * The gated surface: a Backend decorator that puts a gate set in front of any agent. Each session
 * key (`ApiRequest.session`: the `X-Rematch-Session` header, the MCP session id; one key for a
 * whole command-seat trial) gets its own SurfaceSession, so one agent's ledger never touches
 * another's. A request with no key (Grafana, promtool, curl) belongs to no session: it gets the
 * typed failure class only (no ledger, no fan-out, no halt), so one client's failures never
 * halt another's. Sessions end on `close(key)` (the MCP transport's close, `DELETE
 * /rematch/session`), after `idleMs` without a call, or when more than `maxSessions` are open
 * (least recently used first); a session with a call in flight is never dropped. The HTTP adapter
 * and the MCP server below it need to know nothing of gates: they pass the key in and render the
 * answer's `gate` note (docs/gates.md, At the surfaces).
 */
import type { ApiRequest, ApiResponse, Backend } from '../../backend/api.js';
import type { Golden } from '../../formats/golden/index.js';
import type { GateSetSpec } from '../types.js';
import { SurfaceSession } from './session.js';

export interface GatedOptions {
  golden: Golden;
  gateSet: GateSetSpec;
  /** One session for every request, whatever key it carries, or none (a command-seat trial). */
  single?: boolean;
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
  /** End a key's session (its ledger and halt are forgotten); false when there was none. */
  close(key: string): boolean;
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
  // Oldest use first (a used session is moved to the end): drop idle ones, then any over the cap.
  const sweep = (keep: string) => {
    const t = now();
    for (const [k, s] of sessions) {
      if (sessions.size <= max && s.lastUsed + idle > t) break;
      if (!s.busy && k !== keep) sessions.delete(k);
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
    close: (key) => sessions.delete(opts.single ? SINGLE_KEY : key),
    get size() {
      return sessions.size;
    },
    handle(req: ApiRequest): Promise<ApiResponse> {
      if (opts.single || req.session) return session(req.session).handle(req, inner);
      return make(anonymousSet).handle({ ...req, origin: `c${++anonymous}` }, inner);
    },
  };
}
