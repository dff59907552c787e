/**
 * Shared pieces of the real-seat end-to-end tests: a seat per provider wire, a trial spec on the
 * tiny golden, and an msw handler that plays a model from the request bodies it receives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { GateName } from '../../../src/formats/config.js';
import type { Golden } from '../../../src/formats/golden/normalized.js';
import { loadGolden } from '../../../src/formats/load.js';
import type { Seat } from '../../../src/formats/seat.js';
import type { TrialSpec } from '../../../src/plan/types.js';
import { writeTinyGolden } from '../../e2e/tiny-golden.js';
import type { Step, Wire } from './wire.js';

/** One planted key per provider variable (random-looking, so any 8-character piece is telling). */
export const FAKE_KEYS: Record<string, string> = {
  OPENAI_API_KEY: 'sk-proj-Q7xL9mV2bK4wT8zR',
  XAI_API_KEY: 'xai-H3nR8tW6dJ2pF5sY',
  GEMINI_API_KEY: 'AIzaSyK5p1Zs4QmN7vB2cX9gH',
  ANTHROPIC_API_KEY: 'sk-ant-api03-F9y2Lq8Wm3TzD4',
  LOCAL_LLM_KEY: 'lcl-J8c3Ne7Rb5Xq2Vh',
};

export function seatFor(w: Wire, params: Record<string, unknown> = {}): Seat {
  const keyEnv = w.keyEnv ?? 'LOCAL_LLM_KEY';
  return {
    file: `seats/t-${w.provider}.yaml`,
    name: `t-${w.provider}`,
    provider: w.provider,
    model: 'test-model',
    shape: 'react',
    params: { retryBaseMs: 1, ...params },
    budget: { turns: 12, toolCalls: 20, tokens: 200_000, wallSeconds: 120 },
    auth: { apiKeyEnv: keyEnv },
    baseURL: w.baseURL,
    pricing: { inputPerMTok: 1, outputPerMTok: 4 },
  };
}

let golden: Golden | undefined;
export function tinyGolden(): Golden {
  golden ??= loadGolden(writeTinyGolden());
  return golden;
}

export function trialSpec(seat: Seat, gates: 'none' | 'all' = 'all', seed = 7): TrialSpec {
  return {
    id: `tiny/${seat.name}/${gates}/r1`,
    golden: tinyGolden(),
    seat,
    gateSet: {
      name: gates,
      gates: gates === 'all' ? [...GateName.options] : [],
      settings: { steerAt: 2, haltAt: 3, fanoutCap: 3 },
    },
    rep: 1,
    seed,
  };
}

export const tmp = (): string => mkdtempSync(join(tmpdir(), 'rematch-prov-'));

/** An HTTP failure the scripted model answers with instead of a step. */
export interface Failure {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Reply = Step | Failure;

/**
 * Serves `w`'s endpoint: `reply(bodyText, n, headers)` decides each answer (n counts requests from
 * 1). Returns every request body as text, in order.
 */
export function playModel(
  server: SetupServer,
  w: Wire,
  reply: (bodyText: string, n: number, headers: Headers) => Reply,
): string[] {
  const bodies: string[] = [];
  server.use(
    http.post(w.url, async ({ request }) => {
      const text = await request.text();
      bodies.push(text);
      const r = reply(text, bodies.length, request.headers);
      if ('status' in r) {
        const body = r.body ?? { error: { message: `upstream said ${r.status}`, type: 'server_error' } };
        return HttpResponse.json(body as Record<string, unknown>, { status: r.status, headers: r.headers });
      }
      return HttpResponse.json(w.body(r, 'test-model') as Record<string, unknown>);
    }),
  );
  return bodies;
}
