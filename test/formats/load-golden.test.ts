import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/errors.js';
import { checkGolden, loadGolden, loadGoldens } from '../../src/formats/load.js';
import { edit, FIXTURES, inputErrorOf, lineOf, MINI, tempDir, write } from './helpers.js';

describe('loadGolden', () => {
  it('loads a golden folder and resolves its instants', () => {
    const g = loadGolden(`${FIXTURES}/goldens/mini`);
    expect(g.id).toBe('mini-checkout');
    expect(g.ms.now - g.ms.start).toBe(100 * 60_000);
    expect(g.ms.activeAt).toBe(Date.parse('2026-03-14T14:04:00Z'));
    expect(g.faults[0].match.api).toEqual(['loki.query_range']);
    expect(g.file).toMatch(/mini\/golden\.yaml$/);
  });

  it('names file:line:col and the field path of a wrong type in a nested field', () => {
    const text = edit(MINI, 'truth: 2\n', 'truth: "two"\n');
    const file = write(tempDir(), 'g/golden.yaml', text);
    const e = inputErrorOf(() => loadGolden(file));
    expect(e.exitCode).toBe(2);
    expect(e.issues).toHaveLength(1);
    const i = e.issues[0];
    expect(i.path).toBe('parts.A.measurements.0.truth');
    expect(i.line).toBe(lineOf(text, 'truth: "two"'));
    expect(i.col).toBe(16);
    expect(formatIssue(i)).toBe(
      `${file}:${i.line}:16: parts.A.measurements.0.truth: expected number, received string`,
    );
  });

  it('reports every error of a file at once', () => {
    let text = edit(MINI, 'source: metrics', 'source: metricz');
    text = edit(text, 'seed: 7', 'seed: 7\n  colour: blue');
    text = edit(text, 'title: A tiny checkout incident for loader tests\n', '');
    const e = inputErrorOf(() => loadGolden(write(tempDir(), 'golden.yaml', text)));
    const got = e.issues.map((i) => [i.path, i.line]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['parts.A.measurements.0.source', lineOf(text, 'metricz')],
        ['world.colour', lineOf(text, 'colour')],
        ['title', 1],
      ]),
    );
    expect(e.issues).toHaveLength(3);
    expect(e.message).toContain('unknown field');
    expect(e.message).toContain('required field is missing');
  });

  it('points at a YAML syntax error', () => {
    const text = edit(MINI, 'title: A tiny', 'title: [A tiny');
    const e = inputErrorOf(() => loadGolden(write(tempDir(), 'golden.yaml', text)));
    expect(e.issues[0].message).toMatch(/^YAML syntax error/);
    expect(e.issues[0].line).toBeGreaterThanOrEqual(lineOf(text, 'title: [A tiny'));
  });

  it('explains a union failure by its closest branch', () => {
    const text = edit(MINI, '    - load: 15s\n      series: |', '    - load: 15s\n      serie: |');
    const e = inputErrorOf(() => loadGolden(write(tempDir(), 'golden.yaml', text)));
    const paths = e.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['world.metrics.0.series', 'world.metrics.0.serie']));
  });

  it('reports a missing file as bad input', () => {
    const e = inputErrorOf(() => loadGolden('/nonexistent/golden.yaml'));
    expect(e.message).toContain('not found');
  });
});

describe('golden rules', () => {
  it('finds duplicate ids, missing truth and tolerance, and keeps warnings apart', () => {
    let text = edit(MINI, '      - id: pool_timeouts', '      - id: error_rate');
    text = edit(text, '        truth: 3\n        tolerance: { rel: 0.1 }\n', '');
    text = edit(text, "        route: 'sum(rate(", "        at: 3h\n        route: 'sum(rate(");
    const r = checkGolden(write(tempDir(), 'golden.yaml', text));
    const errors = r.issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.message]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['parts.B.measurements.0.id', expect.stringContaining('duplicate measurement id "error_rate"')],
        ['parts.B.measurements.0', expect.stringContaining('needs `truth`')],
        ['parts.B.measurements.0', expect.stringContaining('needs a `tolerance`')],
        ['parts.A.measurements.0.at', expect.stringContaining('outside')],
      ]),
    );
    expect(errors).toHaveLength(4);
  });

  it('checks the window, fault ids, fault APIs and fault regexes', () => {
    let text = edit(MINI, 'now: 1h40m', 'now: 3h');
    text = edit(
      text,
      'match: { api: [loki.query_range], query: "retry" }',
      "match: {api: [loki.qr], query: '(('}",
    );
    text = edit(text, 'faults:\n', 'faults:\n  - {id: logs-down, kind: empty}\n');
    const r = checkGolden(write(tempDir(), 'golden.yaml', text));
    expect(r.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(['time.now', 'faults.1.id', 'faults.1.match.api.0', 'faults.1.match.query']),
    );
    const api = r.issues.find((i) => i.path === 'faults.1.match.api.0')!;
    expect(api.line).toBe(lineOf(text, 'loki.qr'));
  });

  it('warns on a truth for an unobtainable measurement without failing the load', () => {
    const text = edit(MINI, '        obtainable: false', '        obtainable: false\n        truth: 5');
    const file = write(tempDir(), 'golden.yaml', text);
    const r = checkGolden(file);
    expect(r.issues.map((i) => [i.severity, i.path])).toEqual([['warning', 'parts.B.measurements.1.truth']]);
    expect(loadGolden(file).id).toBe('mini-checkout');
  });
});

describe('loadGoldens', () => {
  it('takes files, golden folders and folders of golden folders, sorted by id', () => {
    const dir = tempDir();
    write(dir, 'all/b/golden.yaml', edit(MINI, 'id: mini-checkout', 'id: b-golden'));
    write(dir, 'all/a/golden.yaml', edit(MINI, 'id: mini-checkout', 'id: z-golden'));
    const single = write(dir, 'one.yaml', edit(MINI, 'id: mini-checkout', 'id: a-golden'));
    expect(loadGoldens([`${dir}/all`, single]).map((g) => g.id)).toEqual([
      'a-golden',
      'b-golden',
      'z-golden',
    ]);
    expect(loadGoldens([`${dir}/all/b`]).map((g) => g.id)).toEqual(['b-golden']);
  });

  it('refuses duplicate ids across files', () => {
    const dir = tempDir();
    write(dir, 'x/golden.yaml', MINI);
    write(dir, 'y/golden.yaml', MINI);
    const e = inputErrorOf(() => loadGoldens([dir]));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ path: 'id', line: 1, col: 5 });
    expect(e.issues[0].message).toContain('duplicate golden id "mini-checkout"');
  });
});
