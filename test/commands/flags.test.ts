/**
 * commands/flags.ts, the one module that reads a flag's text: the helpers the CLI and
 * rematch/vitest share, each failure an InputError naming the flag.
 */
import { describe, expect, it } from 'vitest';
import {
  cacheOptionsOf,
  durationFlag,
  headersOf,
  listFlag,
  planOptions,
  repeatable,
  serverLimits,
  timeFlag,
  urlFlag,
} from '../../src/commands/flags.js';
import { InputError } from '../../src/errors.js';

describe('flags', () => {
  it('lists split on commas and repeats, and repeatable flags accumulate', () => {
    expect(listFlag(['a,b', ' c ', ''])).toEqual(['a', 'b', 'c']);
    expect(listFlag('x')).toEqual(['x']);
    expect(listFlag(undefined)).toBeUndefined();
    expect(repeatable('b', repeatable('a'))).toEqual(['a', 'b']);
  });

  it('parses the plan flags bench run and bench plan share', () => {
    expect(planOptions({ golden: ['g1,g2'], reps: '3', seed: '7', shard: '2/4' })).toEqual({
      goldens: ['g1', 'g2'],
      reps: 3,
      seed: 7,
      shard: { index: 2, count: 4 },
    });
    expect(() => planOptions({ reps: '1e3' })).toThrow(/--reps "1e3": expected an integer/);
  });

  it('refuses contradicting cache words on the command line, and reads CI from the env given', () => {
    expect(cacheOptionsOf({ cacheOnly: true }, { CI: 'true' })).toEqual({
      cache: undefined,
      cacheOnly: true,
      cacheDir: undefined,
      ci: true,
    });
    expect(() => cacheOptionsOf({ cache: false }, {}, ['run', '--cache', '--no-cache'])).toThrow(InputError);
  });

  it('times, URLs, durations and headers name their flag', () => {
    expect(timeFlag('--start', '2026-03-14T13:00:00Z')).toBe(Date.parse('2026-03-14T13:00:00Z'));
    expect(() => timeFlag('--end', 'yesterday')).toThrow('--end: not an RFC 3339 time: yesterday');
    expect(urlFlag('--loki', 'http://127.0.0.1:3100', '--x')).toBe('http://127.0.0.1:3100');
    expect(() => urlFlag('--loki', 'http://u:p@h', '--bearer-env')).toThrow(/use --bearer-env/);
    expect(durationFlag('--chunk', '1h', 1000)).toBe(3_600_000);
    expect(() => durationFlag('--chunk', '10ms', 1000)).toThrow(
      '--chunk: not a duration of at least 1s: 10ms',
    );
    expect(headersOf(['Authorization: Bearer k', 'x-a=b'])).toEqual({
      authorization: 'Bearer k',
      'x-a': 'b',
    });
    expect(() => headersOf(['secretvalue'])).toThrow('--header #1: give name=value');
    expect(serverLimits({ queryTimeout: 1.5 })).toEqual({ queryTimeoutMs: 1500 });
  });
});
