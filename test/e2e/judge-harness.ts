/**
 * What the judge tests share: sim seats on the tiny golden (and its logs-failed twin), a judge on
 * the openai-chat wire that msw answers, and the config naming both.
 */
import { join, resolve } from 'node:path';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { tempDir, write } from '../formats/helpers.js';
import { FAKE_KEYS } from '../providers/ai/harness.js';
import { WIRES } from '../providers/ai/wire.js';
import { writeTinyGolden } from './tiny-golden.js';

const ROOT = resolve(__dirname, '../..');
export const KEY = FAKE_KEYS.OPENAI_API_KEY;
const CHAT = WIRES.find((w) => w.provider === 'openai-chat')!;

export const JUDGE = `judge:
  provider: openai-chat
  model: judge-model
  auth: {apiKeyEnv: OPENAI_API_KEY}
  params: {retryAttempts: 1}
`;

let golden: string | undefined;

/** The tiny golden's path, written once per test file. */
export function judgeGolden(): string {
  golden ??= writeTinyGolden();
  return golden;
}

/** A config of the tiny golden and its logs-failed twin (where the tweaker claims a clean negative without the gates). */
export function judgeConfig(o: { reps: number; judge?: boolean; extra?: string }): string {
  return write(
    tempDir(),
    'bench.config.yaml',
    `goldens: [${JSON.stringify(judgeGolden())}]\nseats: [${JSON.stringify(join(ROOT, 'seats'))}]\ntwins: [logs-failed]\nrepetitions: ${o.reps}\nconcurrency: 2\n${o.judge === false ? '' : JUDGE}${o.extra ?? ''}`,
  );
}

/** Answers each judge request with `reply(n, body)`'s text as the model's message; keeps the bodies. */
export function answerJudge(
  server: SetupServer,
  reply: (n: number, body: string) => string | { status: number; body: unknown },
): string[] {
  const bodies: string[] = [];
  server.use(
    http.post(CHAT.url, async ({ request }) => {
      const body = await request.text();
      bodies.push(body);
      const r = reply(bodies.length, body);
      if (typeof r !== 'string')
        return HttpResponse.json(r.body as Record<string, unknown>, { status: r.status });
      return HttpResponse.json(
        CHAT.body({ text: r, usage: { input: 900, output: 40 } }, 'judge-model') as Record<string, unknown>,
      );
    }),
  );
  return bodies;
}
