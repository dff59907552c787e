/**
 * Rate limits, pricing provenance and the spend cap as files state them: a seat's `limits` and
 * `pricing {source, asOf}`, the config's `limits` by provider and `maxCost`; a wrong value is
 * reported at its file:line:col, a field that does nothing where it is is a warning.
 */
import { describe, expect, it } from 'vitest';
import { checkConfig, checkSeat, loadConfig, loadSeats } from '../../src/formats/load.js';
import { tempDir, write } from './helpers.js';

const SEAT = 'name: s\nprovider: openai-chat\nmodel: gpt\nauth: {apiKeyEnv: OPENAI_API_KEY}\n';

describe('seat limits and pricing', () => {
  it('loads limits and a pricing source and date', () => {
    const dir = tempDir();
    write(
      dir,
      's.yaml',
      `${SEAT}limits: {requestsPerMinute: 500, inputTokensPerMinute: 200000, outputTokensPerMinute: 40000, concurrency: 4}\npricing: {inputPerMTok: 0.4, outputPerMTok: 1.6, source: 'https://openai.com/api/pricing', asOf: '2026-11-30'}\n`,
    );
    const [s] = loadSeats([dir]);
    expect(s.limits).toEqual({
      requestsPerMinute: 500,
      inputTokensPerMinute: 200000,
      outputTokensPerMinute: 40000,
      concurrency: 4,
    });
    expect(s.pricing).toMatchObject({ source: 'https://openai.com/api/pricing', asOf: '2026-11-30' });
  });

  it('reports a bad limit, an unknown limit and a bad date at their positions', () => {
    const dir = tempDir();
    const r = checkSeat(
      write(
        dir,
        's.yaml',
        `${SEAT}limits:\n  requestsPerMinute: -5\n  tokensPerDay: 9\npricing: {inputPerMTok: 1, outputPerMTok: 2, source: x, asOf: 'Nov 30'}\n`,
      ),
    );
    const errors = r.issues
      .filter((i) => i.severity === 'error')
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    expect(errors.map((i) => [i.path, i.line, i.col])).toEqual([
      ['limits.requestsPerMinute', 6, 22],
      ['limits.tokensPerDay', 7, 3],
      ['pricing.asOf', 8, 63],
    ]);
    expect(errors[2].message).toContain('YYYY-MM-DD');
  });

  it('warns where limits do nothing and where prices say not where they come from', () => {
    const dir = tempDir();
    const sim = checkSeat(
      write(dir, 'a.yaml', 'name: a\nprovider: sim\npolicy: tweaker\nlimits: {concurrency: 1}\n'),
    );
    expect(sim.issues.map((i) => [i.severity, i.path])).toEqual([['warning', 'limits']]);
    const bare = checkSeat(write(dir, 'b.yaml', `${SEAT}pricing: {inputPerMTok: 1, outputPerMTok: 2}\n`));
    expect(bare.issues.map((i) => [i.severity, i.path])).toEqual([['warning', 'pricing']]);
    expect(bare.issues[0].message).toContain('pricing.source');
  });
});

describe('config limits and maxCost', () => {
  it('loads limits by provider name and a spend cap', () => {
    const file = write(
      tempDir(),
      'bench.config.yaml',
      'limits:\n  anthropic: {requestsPerMinute: 50, concurrency: 2}\nmaxCost: 2.5\n',
    );
    const { config } = loadConfig(file);
    expect(config.limits).toEqual({ anthropic: { requestsPerMinute: 50, concurrency: 2 } });
    expect(config.maxCost).toBe(2.5);
    expect(loadConfig(write(tempDir(), 'c.yaml', 'seed: 1\n')).config).toMatchObject({ limits: {} });
  });

  it('reports an unknown provider, a bad limit and a bad cap at their positions', () => {
    const file = write(
      tempDir(),
      'bench.config.yaml',
      'limits:\n  openai: {requestsPerMinute: 5}\n  xai: {concurrency: 0.5}\nmaxCost: 0\n',
    );
    const r = checkConfig(file);
    const issues = r.issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    expect(issues.map((i) => [i.path, i.line, i.col])).toEqual([
      ['limits.openai', 2, 3],
      ['limits.xai.concurrency', 3, 22],
      ['maxCost', 4, 10],
    ]);
  });
});
