/**
 * `bench new golden <id>`: the skeleton validates as written (ceiling included), its editor schema
 * comment resolves to the package's schema from where the golden is, and a bad id or an existing
 * golden is refused with exit 2.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, edit, tempDir } from '../formats/helpers.js';

const SCHEMA = resolve(__dirname, '../../schemas/golden.schema.json');

describe('bench new golden', () => {
  it('writes a skeleton that `bench validate` passes, ceiling included', () => {
    const dir = tempDir();
    const made = bench(['new', 'golden', 'x'], dir);
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('goldens/x/golden.yaml');
    const checked = bench(['validate', 'goldens/x'], dir);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toMatch(/✓ x .*expect 1\/1 {2}routes 2\/2/);
    expect(checked.stdout).toContain('ceiling passes on 1/1');
    expect(checked.status).toBe(0);
  });

  it('points the schema comment, relative to the file, at the package schema', () => {
    const dir = tempDir();
    expect(bench(['new', 'golden', 'deep-one', '--dir', 'a/b/c'], dir).status).toBe(0);
    const file = join(dir, 'a/b/c/deep-one/golden.yaml');
    const first = readFileSync(file, 'utf8').split('\n')[0];
    const ref = /^# yaml-language-server: \$schema=(.+)$/.exec(first)?.[1];
    expect(ref).toBeDefined();
    expect(resolve(dirname(file), ref ?? '')).toBe(SCHEMA);
    expect(existsSync(SCHEMA)).toBe(true);
  });

  it("credits docs/adding-a-golden.md's timestamp-valued LogQL measurement, a 10-digit truth", () => {
    const dir = tempDir();
    expect(bench(['new', 'golden', 'ts'], dir).status).toBe(0);
    const file = join(dir, 'goldens/ts/golden.yaml');
    const route =
      'min(min_over_time({app="payments"} |= "pool exhausted" | label_format ts=`{{ __timestamp__ | unixEpoch }}` | unwrap ts [2h]))';
    let text = edit(
      readFileSync(file, 'utf8'),
      '  Name the root cause,',
      '  Report first_timeout_at, the first such line, as Unix seconds. Name the root cause,',
    );
    text = edit(
      text,
      `[2h]))'
`,
      `[2h]))'
      - id: first_timeout_at
        unit: unix_seconds
        truth: 1773497400
        tolerance: { abs: 30 }
        source: logs
        route: '${route}'
`,
    );
    writeFileSync(file, text);
    const r = bench(['validate', 'goldens/ts'], dir);
    expect(r.stdout).toMatch(/✓ ts .*routes 3\/3/);
    expect(r.stdout).toContain('ceiling passes on 1/1');
    expect(r.status).toBe(0);
  });

  it('refuses a bad id and an existing golden with exit 2', () => {
    const dir = tempDir();
    const bad = bench(['new', 'golden', 'Not_Kebab'], dir);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringMatching(/kebab-case/)]);
    expect(bench(['new', 'golden', 'x'], dir).status).toBe(0);
    const again = bench(['new', 'golden', 'x'], dir);
    expect([again.status, again.stderr]).toEqual([2, expect.stringMatching(/already exists/)]);
    const kind = bench(['new', 'seat', 'x'], dir);
    expect([kind.status, kind.stderr]).toEqual([2, expect.stringMatching(/unknown kind "seat"/)]);
  });
});
