import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { loadSeat, loadSeats } from '../../src/formats/load.js';
import { SeatFile } from '../../src/formats/seat.js';
import { createModel, isSkip } from '../../src/providers/registry.js';
import { POLICIES } from '../../src/providers/sim/index.js';
import { tinyGolden } from './sim/fixture.js';

const seat = (o: Record<string, unknown>) => ({
  ...SeatFile.parse({ name: 'x', ...o }),
  file: 'seats/x.yaml',
});

describe('createModel', () => {
  it('gives every policy of the seat schema a sim model on the virtual clock', () => {
    for (const policy of SeatFile.shape.policy.unwrap().options) {
      const m = createModel(seat({ provider: 'sim', policy }), tinyGolden(), 1);
      expect(isSkip(m)).toBe(false);
      expect(m).toMatchObject({ id: `sim/${policy}`, clock: 'virtual' });
      expect(POLICIES[policy].name).toBe(policy);
    }
  });

  it('refuses a sim seat without a policy as bad input', () => {
    expect(() => createModel(seat({ provider: 'sim' }), tinyGolden(), 1)).toThrow(InputError);
  });

  it('skips a real seat whose key variable is unset, and builds it when set', () => {
    const s = loadSeat('seats/anthropic-react.yaml');
    const env = s.auth!.apiKeyEnv;
    expect(createModel(s, tinyGolden(), 1, {})).toEqual({
      skip: `seat ${s.name}: ${env} is not set; skipped`,
    });
    const m = createModel(s, tinyGolden(), 1, { [env]: 'k' });
    expect(isSkip(m)).toBe(false);
    expect(m).toMatchObject({ clock: 'real' });
  });

  it('skips command seats here with the reason', () => {
    const m = createModel(seat({ provider: 'command', command: ['node', 'agent.js'] }), tinyGolden(), 1);
    expect(m).toEqual({ skip: expect.stringMatching(/^seat x: command seats run outside the host/) });
  });

  it('ships sim seats covering all five policies across both shapes', () => {
    const sims = loadSeats(['seats']).filter((s) => s.provider === 'sim');
    // `reference` is the golden's ceiling, run by the bench itself rather than shipped as a seat of
    // the default matrix (docs/sims.md).
    const shipped = Object.keys(POLICIES).filter((p) => p !== 'reference');
    expect(new Set(sims.map((s) => s.policy))).toEqual(new Set(shipped));
    expect(new Set(sims.map((s) => s.shape))).toEqual(new Set(['react', 'reactree']));
    expect(sims.length).toBeGreaterThanOrEqual(6);
  });
});
