/** The honest forms of one question the reference tries (alternatives.ts, lines.ts): identities, never guesses. */
import { describe, expect, it } from 'vitest';
import { otherSelectorForm, rateForm } from '../../../src/providers/sim/reference/alternatives.js';
import { linesBehind } from '../../../src/providers/sim/reference/lines.js';

describe('honest alternative forms', () => {
  it('reads the log query behind a count, pipeline and fallback included', () => {
    expect(linesBehind('sum(count_over_time({app="a"} |= "x [1h]" [30m]))')).toEqual({
      query: '{app="a"} |= "x [1h]"',
      rangeMs: 1_800_000,
    });
    expect(
      linesBehind('sum(count_over_time({app="a"} | logfmt | level="error" [1h])) or vector(0)')?.query,
    ).toBe('{app="a"} | logfmt | level="error"');
    expect(linesBehind('count_over_time({app="a"}[5m])')?.rangeMs).toBe(300_000);
    // a grouping, a comparison or another aggregation is no single count
    expect(linesBehind('sum by (pod) (count_over_time({app="a"}[5m]))')).toBeUndefined();
    expect(linesBehind('sum(count_over_time({app="a"}[5m])) > 3')).toBeUndefined();
    expect(linesBehind('sum(rate({app="a"}[5m]))')).toBeUndefined();
  });

  it('writes the selector in its other form, values escaped as regexes', () => {
    expect(otherSelectorForm('min(x{host="shop.example.com"})')).toBe(
      'min(x{host=~"shop\\\\.example\\\\.com"})',
    );
    expect(otherSelectorForm('{app=~"cert-manager"} |= "a=\\"b\\""')).toBe(
      '{app="cert-manager"} |= "a=\\"b\\""',
    );
    expect(otherSelectorForm('{app=~"a|b"}')).toBeUndefined();
    // a label filter after the pipe is not a selector
    expect(otherSelectorForm('{app!="a"} | level="error"')).toBeUndefined();
  });

  it('uses the rate and increase identities, with the range in seconds', () => {
    expect(rateForm('sum(increase(x{s="403"}[2h]))', 'metrics')).toBe('sum((rate(x{s="403"}[2h]) * 7200))');
    expect(rateForm('sum(rate(x[10m]))', 'metrics')).toBe('sum((increase(x[10m]) / 600))');
    expect(rateForm('sum(count_over_time({a="b"} |= "x" [30m]))', 'logs')).toBe(
      'sum((rate({a="b"} |= "x" [30m]) * 1800))',
    );
    expect(rateForm('sum(rate(x[5m])) / sum(rate(y[5m]))', 'metrics')).toBeUndefined();
    expect(rateForm('max(x)', 'metrics')).toBeUndefined();
  });
});
