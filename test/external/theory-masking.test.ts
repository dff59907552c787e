/**
 * A command seat's valid Theory stays valid through masking: its explanation holds a key-shaped
 * pair before an escaped quote (`api_key=XYZ…\nhost=\"db\"`), which masking the file as raw text
 * turned into "theory rejected: not JSON" (the trial then scored 0). Masked string by string, the
 * Theory is accepted, the key is masked in every copy, and the agent's JSONL trace and stdout stay
 * what they were (a JSON line a JSON line).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAgentServer } from '../../src/backend/index.js';
import { runCommandSeat } from '../../src/external/index.js';
import { loadGolden, loadSeat } from '../../src/formats/load.js';
import { buildWorld } from '../../src/world/build.js';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { tempDir } from '../formats/helpers.js';

const KEY = 'XYZplantedKey0123456789';

const AGENT = `import { writeFileSync } from 'node:fs';
const explanation = 'api_key=${KEY}\\nhost="db"';
const part = { status: 'undetermined', findings: explanation, measurements: [], gaps: [] };
const theory = { summary: 'pool', rootCause: { component: 'db', mechanism: 'pool', explanation }, parts: { A: part, B: part } };
writeFileSync(process.env.REMATCH_THEORY_FILE, JSON.stringify(theory, null, 2));
console.log(JSON.stringify({ msg: explanation }));
`;

describe('command seats: masking keeps the agent’s JSON valid', () => {
  it('a Theory with a key before an escaped quote is accepted, masked', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'agent.mjs'), AGENT);
    writeFileSync(
      join(dir, 'seat.yaml'),
      `name: quoted\nprovider: command\ncommand: [node, ${JSON.stringify(join(dir, 'agent.mjs'))}]\ntimeoutSeconds: 60\n`,
    );
    const golden = loadGolden(writeTinyGolden({ latencyMs: 0 }));
    const world = buildWorld(golden);
    const r = await runCommandSeat(
      {
        golden,
        seat: loadSeat(join(dir, 'seat.yaml')),
        gateSet: { name: 'none', gates: [], settings: { steerAt: 2, haltAt: 3, fanoutCap: 8 } },
        rep: 1,
        seed: 1,
        dir: join(dir, 'trial'),
        env: process.env,
      },
      (observe) => startAgentServer(golden, world, { seed: 1, observe }),
    );
    const end = r.trace.events.find((e) => e.type === 'end');
    expect(end && 'error' in end ? end.error : undefined).toBeUndefined();
    expect(r.theory?.rootCause.explanation).toBe('api_key=[redacted]\nhost="db"');
    const agentTheory = readFileSync(join(dir, 'trial', 'agent-theory.json'), 'utf8');
    expect(JSON.parse(agentTheory).rootCause.explanation).toBe('api_key=[redacted]\nhost="db"');
    const stdout = readFileSync(join(dir, 'trial', 'stdout.txt'), 'utf8');
    expect(JSON.parse(stdout)).toEqual({ msg: 'api_key=[redacted]\nhost="db"' });
    for (const f of ['agent-theory.json', 'stdout.txt', 'theory.json', 'trace.jsonl'])
      expect(readFileSync(join(dir, 'trial', f), 'utf8')).not.toContain(KEY);
  }, 60_000);
});
