/**
 * Loki's end-to-end `.logqltest` scripts (../shared/logqltest) through the embedded engine: the
 * runner's own behaviour on an inline script, then the ratchet, per file: no file may agree on
 * fewer evals than its floor in logqltest-ratchet.json (docs/logql-conformance.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLogqltest, scriptFiles } from '../../src/logql/logqltest/conformance.js';
import { runScript } from '../../src/logql/logqltest/run.js';
import { parseScript } from '../../src/logql/logqltest/script.js';
import { describeWithShared } from '../shared-data.js';

describe('logqltest runner', () => {
  it('agrees, disagrees and checks errors as the script says', () => {
    const r = runScript(`
load
  {app="foo"} "level=info v={{.i}}"  @ 10s [repeat every 10s for 6]   # 10s .. 60s
  {app="bar", env=""} "x" @ 30s

eval instant at 60s count_over_time({app="foo"}[1m])
  {app="foo"} 6
eval instant at 60s count_over_time({app="foo"}[1m])
  {app="foo"} 5
eval range from 0 to 60s step 30s count_over_time({app="foo"}[30s])
  {app="foo"} _ 3 3
eval range from 0 to 60s step 30s count_over_time({app="foo"}[30s])
  {app="foo"} 0 3 3
eval instant at 60s sum_over_time({app="foo"} | logfmt | unwrap v [1m])
  {app="foo", level="info"} 15
eval instant at 60s count_over_time({app="missing"}[1m])
  expect empty
eval instant at 60s count_over_time({app="foo"})
  expect fail
eval instant at 60s count_over_time({app="foo"})
  expect fail msg: no such text
eval instant at 60s 1 + 2
  3
eval instant at 60s count_over_time({app="bar"}[1m])
  {app="bar"} 1
`);
    expect(r.cases.map((c) => c.status)).toEqual([
      'pass',
      'fail',
      'pass',
      'fail',
      'pass',
      'pass',
      'pass',
      'fail',
      'pass',
      'pass',
    ]);
    expect(r.cases[1].reason).toBe('{app="foo"}: expected 5, got 6');
  });

  it('names the line of a malformed command', () => {
    expect(() => parseScript('load\n  {app="a"} "x" @ soon\n')).toThrow(/line 2: bad duration "soon"/);
    expect(() => parseScript('eval instant at 1m count_over_time({a="b"}[1m])\n')).toThrow(
      /line 1: an eval must assert exactly one kind of result/,
    );
    expect(() => parseScript('frobnicate\n')).toThrow(/line 1: unknown command "frobnicate"/);
  });
});

describeWithShared("Loki's logqltest scripts (ratchet)", ['logqltest'], ([dir]) => {
  const floors = JSON.parse(
    readFileSync(new URL('./logqltest-ratchet.json', import.meta.url), 'utf8'),
  ) as Record<string, number>;
  const summary = runLogqltest(scriptFiles(dir));
  it('has a floor for every script and none for a script that is gone', () => {
    expect(summary.files.map((f) => path.basename(f.file)).sort()).toEqual(Object.keys(floors).sort());
  });
  for (const f of summary.files) {
    const name = path.basename(f.file);
    it(`${name} agrees on at least ${floors[name]} evals`, () => {
      const failing = f.cases.filter((c) => c.status === 'fail').map((c) => `${name}:${c.line} ${c.reason}`);
      expect(f.passed, failing.join('\n')).toBeGreaterThanOrEqual(floors[name] ?? Number.POSITIVE_INFINITY);
    });
  }
  it('skips an eval only with a reason that names a Loki feature', () => {
    for (const f of summary.files)
      for (const c of f.cases.filter((x) => x.status === 'skip')) expect(c.reason ?? '').toMatch(/.{20,}/);
  });
});
