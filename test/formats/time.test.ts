/**
 * The duration printers of formats/time.ts against the outputs of the Go functions they copy:
 * time.Duration.String() (Go's own table in src/time/time_test.go, `durationTests`, and the values
 * the bench prints in Loki's texts) and Prometheus' model.Duration.String() (common/model's
 * `TestParseDuration` table, whose round-trip strings are its String()).
 */
import { describe, expect, it } from 'vitest';
import { goDuration, modelDuration, parseDuration } from '../../src/formats/time.js';

const MS = 1;
const S = 1000 * MS;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('goDuration: Go time.Duration.String()', () => {
  it("prints Go's own test table", () => {
    const table: [string, number][] = [
      ['0s', 0],
      ['1ns', 1e-6],
      ['1.1µs', 1.1e-3],
      ['2.2ms', 2.2],
      ['3.3s', 3300],
      ['4m5s', 4 * M + 5 * S],
      ['4m5.001s', 4 * M + 5001],
      ['5h6m7.001s', 5 * H + 6 * M + 7001],
      ['8m0.000000001s', 8 * M + 1e-6],
    ];
    expect(table.map(([, ms]) => goDuration(ms))).toEqual(table.map(([s]) => s));
  });

  it('prints hours past 60 minutes and never days; sub-millisecond values in µs', () => {
    expect(goDuration(H)).toBe('1h0m0s');
    expect(goDuration(90 * S)).toBe('1m30s');
    expect(goDuration(40 * M)).toBe('40m0s');
    expect(goDuration(500)).toBe('500ms');
    expect(goDuration(1500)).toBe('1.5s');
    expect(goDuration(0.5)).toBe('500µs');
    expect(goDuration(721 * H)).toBe('721h0m0s');
    expect(goDuration(30 * D)).toBe('720h0m0s');
    expect(goDuration(-2 * S)).toBe('-2s');
    expect(goDuration(-0.25)).toBe('-250µs');
  });

  it('writes the micro sign Go writes (U+00B5)', () => {
    expect(goDuration(0.001).codePointAt(1)).toBe(0xb5);
  });
});

describe('modelDuration: Prometheus model.Duration.String()', () => {
  it("prints common/model's test table", () => {
    const table: [string, number][] = [
      ['0s', 0],
      ['324ms', 324],
      ['3s', 3 * S],
      ['5m', 5 * M],
      ['1h', H],
      ['4d', 4 * D],
      ['4d1h', 4 * D + H],
      ['2w', 14 * D],
      ['3w', 21 * D],
      ['23d1h', 23 * D + H],
      ['10y', 10 * 365 * D],
    ];
    expect(table.map(([, ms]) => modelDuration(ms))).toEqual(table.map(([s]) => s));
  });

  it('is read back by the duration parser (it is valid PromQL)', () => {
    for (const ms of [324, 90 * S, 5400 * S, 30 * D + H, 14 * D])
      expect(parseDuration(modelDuration(ms), { whole: true })).toBe(ms);
  });
});
