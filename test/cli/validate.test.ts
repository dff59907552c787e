import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { bench, edit, FIXTURES, lineOf, MINI, tempDir, write } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');

describe('bench validate (built CLI)', () => {
  it('exits 2 naming file:line:col and the field path of a wrong nested type, without a stack trace', () => {
    const dir = tempDir();
    const text = edit(MINI, 'tolerance: { abs: 0.1 }', 'tolerance: { abs: "a tenth" }');
    write(dir, 'goldens/mini/golden.yaml', text);
    const r = bench(['validate', 'goldens'], dir);
    expect(r.status).toBe(2);
    const line = lineOf(text, 'a tenth');
    expect(r.stdout).toContain(
      `goldens/mini/golden.yaml:${line}:27: parts.A.measurements.0.tolerance.abs: expected number, received string`,
    );
    expect(r.stderr).toContain('bench: validate: 1 input invalid');
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/\n\s+at .*\.js/);
  });

  it('reports two errors of one file together, and a YAML syntax error with its position', () => {
    const dir = tempDir();
    let text = edit(MINI, 'kind: failed-envelope', 'kind: failed-envelop');
    text = edit(text, 'seed: 7', 'seed: seven');
    const file = write(dir, 'two/golden.yaml', text);
    const r = bench(['validate', file], dir);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain(`${file}:${lineOf(text, 'seed: seven')}:9: world.seed:`);
    expect(r.stdout).toContain(`${file}:${lineOf(text, 'failed-envelop')}:11: faults.0.kind:`);
    const broken = write(dir, 'broken/golden.yaml', edit(MINI, 'prompt: |', 'prompt: "unclosed'));
    const s = bench(['validate', broken], dir);
    expect(s.status).toBe(2);
    expect(s.stdout).toMatch(new RegExp(`${broken}:\\d+:\\d+: YAML syntax error`));
  });

  it('fails a golden whose truth its route does not reproduce, saying what was expected and got', () => {
    const dir = tempDir();
    write(dir, 'g/golden.yaml', edit(MINI, 'truth: 3\n', 'truth: 30\n'));
    const r = bench(['validate', 'g', '--json'], dir);
    expect(r.status).toBe(2);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(false);
    expect(report.goldens[0]).toMatchObject({
      id: 'mini-checkout',
      valid: true,
      routes: { passed: 1, total: 2 },
    });
    expect(report.goldens[0].checks.find((c: { ok: boolean }) => !c.ok)).toMatchObject({
      name: 'pool_timeouts',
      expected: '30 ±10%',
      got: '3',
    });
  });

  it('validates a golden, a seat folder and a config given as paths, and prints one line per golden', () => {
    const dir = tempDir();
    write(dir, 'gs/mini/golden.yaml', MINI);
    write(dir, 'my.config.yaml', 'gateSets:\n  none: {gates: []}\n');
    // The mini golden's unobtainable measurement has no route, so its reference ceiling cannot name a
    // failed query (test/cli/validate-ceiling.test.ts covers the ceiling); this test reads the lines.
    const r = bench(['validate', 'gs', `${FIXTURES}/seats`, 'my.config.yaml', '--no-ceiling'], dir);
    expect(r.stdout).toMatch(/^✓ mini-checkout {2}world 1 series \/ 3 lines {2}expect 1\/1 {2}routes 2\/2$/m);
    expect(r.stdout).toMatch(/^✓ seats {2}responses-reactree, sim-diligent$/m);
    expect(r.stdout).toContain('my.config.yaml:2:3: gateSets.none: gate set "none" is built in');
    expect(r.status).toBe(2);
  });
});

describe('validate()', () => {
  it('checks expectations through the fault layer and warns on a fault that can never fire', async () => {
    const dir = tempDir();
    let text = edit(MINI, 'query: "retry"', 'query: "pool exhausted"');
    text = edit(
      text,
      '  - id: logs-down',
      '  - id: never\n    kind: empty\n    match: { query: "no_such_thing" }\n  - id: logs-down',
    );
    text = edit(
      text,
      'expect:\n',
      [
        'expect:',
        '  - query: \'sum(count_over_time({app="payments"} |= "pool exhausted" [2h]))\'',
        '    faults: true',
        '    outcome: failed',
        '  - query: \'{app="payments"} |= "pool exhausted"\'',
        '    count: 1',
        '',
      ].join('\n'),
    );
    text = edit(text, 'api: [loki.query_range]', 'api: [loki.query]');
    // the fault now fails pool_timeouts' own route, so no honest seat can pass: the ceiling check
    // would rightly fail this golden (test/cli/validate-ceiling.test.ts); here only the checks count
    const report = await validate([write(dir, 'g/golden.yaml', text)], { ceiling: false });
    const g = report.goldens[0];
    expect(g.issues.map((i) => [i.severity, i.path])).toEqual([['warning', 'faults.0.match.query']]);
    expect(g.checks.filter((c) => c.kind === 'expect').map((c) => [c.ok, c.got])).toEqual([
      [true, expect.stringMatching(/^0 results \(failed/)],
      [true, '1 log stream'],
      [true, '2'],
    ]);
    expect(report.ok).toBe(true);
  });

  it('says when a route yields more than one sample, and when the alert is not firing at activeAt', async () => {
    let text = edit(
      MINI,
      'route: \'sum(rate(http_requests_total{code="500"}[5m]))\'',
      "route: 'http_requests_total * 0 + 2 or vector(2)'",
    );
    text = edit(text, 'activeAt: 1h04m', 'activeAt: 1m');
    const report = await validate([write(tempDir(), 'g/golden.yaml', text)]);
    const g = report.goldens[0];
    expect(g.checks.find((c) => c.name === 'error_rate')).toMatchObject({
      ok: false,
      got: '2 samples: a route must yield exactly one sample or scalar',
    });
    expect(g.issues.find((i) => i.path === 'alert.activeAt')).toMatchObject({
      severity: 'warning',
      line: lineOf(text, 'activeAt: 1m'),
    });
    expect(report.ok).toBe(false);
  });

  it('requires routes and the alert to parse in their language, and logs routes to be metric queries', async () => {
    let text = edit(
      MINI,
      'route: \'sum(rate(http_requests_total{code="500"}[5m]))\'',
      'route: \'{app="payments"} |= "x"\'',
    );
    text = edit(
      text,
      'route: \'sum(count_over_time({app="payments"} |= "pool exhausted" [2h]))\'',
      'route: \'{app="payments"} |= "pool exhausted"\'',
    );
    text = edit(
      text,
      'expr: \'sum(rate(http_requests_total{code="500"}[5m])) > 1\'',
      "expr: 'sum(rate(http_requests_total[5m]) > '",
    );
    const report = await validate([write(tempDir(), 'g/golden.yaml', text)]);
    const g = report.goldens[0];
    expect(g.issues.map((i) => [i.path, i.message.replace(/:.*/s, '')])).toEqual([
      ['alert.expr', 'not valid PromQL'],
      ['parts.A.measurements.0.route', 'not valid PromQL'],
      ['parts.B.measurements.0.route', 'a logs route must be a metric query (it yields a number)'],
    ]);
    expect(g.world).toBeUndefined();
    expect(report.ok).toBe(false);
  });

  it('places world-building errors at their block', async () => {
    const text = edit(MINI, '600+30x224', '600+30x224 banana');
    const report = await validate([write(tempDir(), 'g/golden.yaml', text)]);
    const issue = report.goldens[0].issues.find((i) => i.severity === 'error');
    expect(issue).toMatchObject({ path: 'world.metrics.0.series', line: lineOf(text, 'series: |') });
    expect(report.goldens[0].valid).toBe(false);
  });

  it('passes every golden shipped in goldens/', async () => {
    // the ceilings of the shipped goldens: test/cli/validate-ceiling.test.ts
    const report = await validate([resolve(ROOT, 'goldens')], { ceiling: false });
    const failing = report.goldens
      .filter((g) => !g.ok)
      .map((g) => ({ id: g.id, issues: g.issues, checks: g.checks.filter((c) => !c.ok) }));
    expect(failing).toEqual([]);
    expect(report.goldens.length).toBeGreaterThanOrEqual(5);
  }, 240_000);
});
