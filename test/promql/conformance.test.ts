import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/promql/promqltest/conformance.js';
import { runScript } from '../../src/promql/promqltest/run.js';
import { describeWithShared } from '../shared-data.js';

describe('promqltest runner', () => {
  it('passes, fails and skips as the script says', () => {
    const r = runScript(`
load 1m
  m{a="1"} 1 2 3
  h {{schema:0 sum:1 count:1}}

eval instant at 2m m
  m{a="1"} 3

eval instant at 2m m
  m{a="1"} 4

eval range from 0 to 2m step 1m m * 2
  {a="1"} 2 4 6

eval instant at 0 h
  {} 1

eval instant at 0 rate(m)
  expect fail msg: 1:6: parse error: expected type range vector in call to function "rate", got instant vector
`);
    expect(r.cases.map((c) => c.status)).toEqual(['pass', 'fail', 'pass', 'skip', 'pass']);
  });
});

describeWithShared('PromQL conformance (ratchet)', ['promqltest'], ([dir]) => {
  it('keeps at least the pass rate reached so far', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.test'))
      .map((f) => path.join(dir, f));
    const s = runConformance(files);
    // Raise these when the engine improves; never lower them.
    expect(s.passed).toBeGreaterThanOrEqual(904);
    expect(s.rate).toBeGreaterThanOrEqual(99.5);
  });
});
