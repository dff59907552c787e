/** Wire encoders: fast paths must print what the exact (BigInt) arithmetic prints. */
import { describe, expect, it } from 'vitest';
import { nsString } from '../../src/backend/loki/wire.js';

describe('nsString', () => {
  it('prints milliseconds as Loki nanoseconds, rounding as Math.round does', () => {
    const exact = (ms: number) => (BigInt(Math.round(ms)) * 1_000_000n).toString();
    for (const ms of [
      0,
      -0,
      0.4,
      -0.4,
      -0.6,
      1,
      -1,
      2.5,
      -2.5,
      1773499200123,
      1773499200123.5,
      2 ** 53,
      2 ** 60,
    ]) {
      expect(nsString(ms)).toBe(exact(ms));
    }
    expect(nsString(1773499200123)).toBe('1773499200123000000');
    expect(nsString(-0.4)).toBe('0');
    expect(() => nsString(Number.NaN)).toThrow(RangeError);
  });
});
