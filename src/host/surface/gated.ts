/**
 * The gated surface: a Backend decorator that puts a gate set in front of any agent. Each session
 * key (`ApiRequest.session`: the `X-Rematch-Session` header, the MCP session id; one key for a
 * whole command-seat trial) gets its own SurfaceSession, so one agent's ledger never touches
 * another's. The HTTP adapter and the MCP server below it need to know nothing of gates: they
 * pass the key in and render the answer's `gate` note (docs/gates.md, At the surfaces).
 */
import type { ApiRequest, ApiResponse, Backend } from '../../backend/api.js';
import type { Golden } from '../../formats/normalized.js';
import type { GateSetSpec } from '../types.js';
import { SurfaceSession } from './session.js';

export interface GatedOptions {
  golden: Golden;
  gateSet: GateSetSpec;
  /** One session for every request, whatever key it carries (a command-seat trial). */
  single?: boolean;
  /** Sessions kept at most (oldest dropped first): a long-running server stays bounded. */
  maxSessions?: number;
  now?: () => number;
}

export interface GatedBackend extends Backend {
  /** The session of a key (created on first use). */
  session(key?: string): SurfaceSession;
  readonly gateSet: GateSetSpec;
}

const DEFAULT_KEY = 'default';

export function gatedBackend(inner: Backend, opts: GatedOptions): GatedBackend {
  const sessions = new Map<string, SurfaceSession>();
  const max = opts.maxSessions ?? 1000;
  const session = (key?: string): SurfaceSession => {
    const k = opts.single ? DEFAULT_KEY : (key ?? DEFAULT_KEY);
    let s = sessions.get(k);
    if (!s) {
      s = new SurfaceSession({ golden: opts.golden, gateSet: opts.gateSet, now: opts.now });
      sessions.set(k, s);
      if (sessions.size > max) sessions.delete(sessions.keys().next().value as string);
    }
    return s;
  };
  return {
    gateSet: opts.gateSet,
    session,
    handle(req: ApiRequest): Promise<ApiResponse> {
      return session(req.session).handle(req, inner);
    },
  };
}
