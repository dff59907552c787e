/**
 * Config `assert:` rules, empty runs and junit.xml through the built CLI (`npm run build` first):
 * the shipped config passes on the default matrix, the same rules over a gate set without the
 * ledger fail it (exit 1, naming the broken rules), a run that scored nothing exits 1 unless
 * `--allow-empty`, a malformed rule is exit 2 at file:line, and junit.xml validates against the
 * Jenkins JUnit structure (test/fixtures/junit/jenkins-junit.xsd) with xmllint.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { writeTinyGolden } from '../e2e/tiny-golden.js';
import { bench, tempDir } from '../formats/helpers.js';
import { requireShared } from '../shared-data.js';
import { defaultRun } from '../shared-runs.js';

const ROOT = resolve(__dirname, '../..');
const XSD = join(ROOT, 'test/fixtures/junit/jenkins-junit.xsd');
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;

function xmllint(file: string): { status: number | null; stderr: string } {
  const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

/** junit.xml's `rematch.outcome` suite: its failure count and the `run` testcase's message, if any. */
function outcomeOf(file: string): { failures?: string; message?: string } {
  const xml = readFileSync(file, 'utf8');
  const suite = /<testsuite name="rematch\.outcome" tests="1" failures="(\d+)"[\s\S]*?<\/testsuite>/.exec(
    xml,
  );
  const message = suite && /<failure message="([^"]*)"/.exec(suite[0])?.[1];
  const text = message?.replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
  return { failures: suite?.[1], ...(text === undefined ? {} : { message: text }) };
}

/** The shipped config with its paths made absolute, optionally rewritten. */
function shippedConfig(dir: string, edit: (c: Record<string, unknown>) => void = () => {}): string {
  const c = parse(readFileSync(join(ROOT, 'bench.config.yaml'), 'utf8')) as Record<string, unknown>;
  c.goldens = [join(ROOT, 'goldens')];
  c.seats = [join(ROOT, 'seats')];
  edit(c);
  const file = join(dir, 'bench.config.yaml');
  writeFileSync(file, stringify(c));
  return file;
}

let tiny = '';
beforeAll(() => {
  tiny = tempDir();
  const golden = writeTinyGolden();
  mkdirSync(join(tiny, 'seats'));
  copyFileSync(join(ROOT, 'seats/sim-diligent-react.yaml'), join(tiny, 'seats/sim-diligent-react.yaml'));
  copyFileSync(join(ROOT, 'seats/anthropic-react.yaml'), join(tiny, 'seats/anthropic-react.yaml'));
  writeFileSync(
    join(tiny, 'bench.config.yaml'),
    `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 2\nconcurrency: 2\n`,
  );
});

describe('assert: rules through bench run', () => {
  it('passes the shipped config on the default matrix, lists its assertions, and writes valid junit', async () => {
    // `bench run` in the repository, shared with the other files that read the default run
    const r = await defaultRun();
    const dir = dirname(r.dir);
    expect(r.stderr).not.toMatch(/assertions? failed/);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^assertions: all 8 passed$/m);
    for (const id of [
      'honest-under-all',
      'diligent-passes',
      'ceilings-pass',
      'ledger-stops-false-negatives',
      'twins-honest-under-all',
      'ledger-rescues-twins',
    ])
      expect(r.stdout).toMatch(new RegExp(`^  ✓ ${id}: `, 'm'));
    const sc = JSON.parse(readFileSync(join(dir, 'run/scorecard.json'), 'utf8'));
    expect(sc.assertions.every((a: { passed: boolean }) => a.passed)).toBe(true);
    const junit = readFileSync(join(dir, 'run/junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="rematch.assertions" tests="8" failures="0"/);
    // the rules decide the cells too: a healthy run's junit.xml has no failure, as its exit code says
    expect(junit).toMatch(/<testsuites name="rematch" tests="\d+" failures="0"/);
    // real seconds (tens; more on a loaded machine), not the simulated ~2,000 s: the bound sits halfway
    const time = Number(/<testsuites [^>]*time="([\d.]+)"/.exec(junit)?.[1]);
    expect(time).toBeGreaterThan(0);
    expect(time).toBeLessThan(1000);
    if (hasXmllint) expect(xmllint(join(dir, 'run/junit.xml'))).toMatchObject({ status: 0 });
  }, 600_000);

  it('fails (exit 1, naming the rules) when the gate set under test lacks the ledger', () => {
    const dir = tempDir();
    // the shipped rules, pointed at `no-ledger` (all gates but the ledger) instead of `all`
    const config = shippedConfig(dir, (c) => {
      c.defaultGateSets = ['none', 'no-ledger'];
      for (const rule of c.assert as Record<string, unknown>[]) {
        if (rule.under === 'all') rule.under = 'no-ledger';
        if (rule.type === 'gate-effect') rule.treatment = 'no-ledger';
      }
    });
    const r = bench(['run', '--config', config, '--out', join(dir, 'run'), '--reps', '2'], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^ {2}✗ honest-under-all: .*under no-ledger/m);
    // the terminal wraps a long detail to its width: read it as one text
    expect(r.stdout.replace(/\n\s+/g, ' ')).toMatch(/sim-tweaker-react × no-ledger: 2 of 2/);
    expect(r.stderr).toMatch(/assertions failed/);
    expect(r.stderr).toMatch(
      /✗ ledger-stops-false-negatives: Δ honesty-failing share of no-ledger over none/,
    );
    const junit = readFileSync(join(dir, 'run/junit.xml'), 'utf8');
    expect(junit).toMatch(
      /name="honest-under-all" time="[\d.]+">\s*<failure message="[^"]*" type="assertion">/,
    );
    // the cells a failed rule names fail too; the others pass, whatever they show under `none`
    expect(junit).toMatch(
      /name="sim-tweaker-react × no-ledger" time="[\d.]+">\s*<failure message="breaks honest-under-all/,
    );
    expect(junit).toMatch(/name="sim-tweaker-react × none" time="[\d.]+">\s*<system-out>/);
    // the folder keeps its rules: re-rendering judges them again
    const again = bench(['report', join(dir, 'run')], dir);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/✗ honest-under-all/);
  }, 300_000);

  it('refuses a rule naming no known seat at its line, fails one a full run cannot judge, skips it in a narrowed run', () => {
    const base = readFileSync(join(tiny, 'bench.config.yaml'), 'utf8');
    const typo = join(tiny, 'typo.config.yaml');
    writeFileSync(typo, `${base}assert:\n  - {type: pass-rate, seats: sim-dilligent-*, min: 1}\n`);
    // a misspelt seat is bad input whatever the run covers: a narrowed run would skip the rule
    const r = bench(
      ['run', '--config', typo, '--out', join(tempDir(), 'run'), '--seat', 'sim-diligent-react'],
      tiny,
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /typo\.config\.yaml:6:\d+: assert\.0\.seats: "sim-dilligent-\*" names no known seat/,
    );
    // a run of part of the matrix can leave the rules unjudged, and says so
    const skip = bench(['run', '--config', typo, '--out', join(tempDir(), 'run'), '--no-assert'], tiny);
    expect(skip.stderr).toContain("--no-assert: the config's 1 assert: rules are not judged");
    expect(skip.status).toBe(0);
    // a known seat that ran nothing (no key): the full run fails the rule and says why
    const env = { ANTHROPIC_API_KEY: '' };
    const gone = join(tiny, 'gone.config.yaml');
    writeFileSync(gone, `${base}assert:\n  - {type: pass-rate, seats: anthropic-react, min: 1}\n`);
    const full = bench(['run', '--config', gone, '--out', join(tempDir(), 'run')], tiny, env);
    expect(full.status).toBe(1);
    expect(full.stdout).toMatch(/✗ assert\[0\]: pass rate ≥ 1/);
    expect(full.stdout).toContain('seat "anthropic-react" matches no row');
    // a run of part of the matrix (one gate set of two) that left the seat out: not judged, said, no failure
    const part = bench(
      ['run', '--config', gone, '--out', join(tempDir(), 'run'), '--gates', 'all'],
      tiny,
      env,
    );
    expect(part.status, part.stderr).toBe(0);
    expect(part.stdout).toMatch(/^assertions: 0 of 1 passed, 1 not judged in this narrowed run$/m);
    expect(part.stdout).toMatch(/– assert\[0\]: pass rate ≥ 1/);
    expect(part.stdout).toContain('not judged: selects no row');
  });

  it('exits 1 when no trial of a configured seat was scored, 0 with --allow-empty', () => {
    const env = { ANTHROPIC_API_KEY: '' };
    const args = ['run', '--seat', 'anthropic-react', '--reps', '1'];
    const r = bench([...args, '--out', join(tempDir(), 'run')], tiny, env);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /no scored trial: every seat was skipped \(anthropic-react: \$ANTHROPIC_API_KEY is not set\)/,
    );
    expect(r.stderr).toContain('--allow-empty');
    const okOut = join(tempDir(), 'run');
    const ok = bench([...args, '--allow-empty', '--out', okOut], tiny, env);
    expect(ok.stderr).not.toMatch(/no scored trial/);
    expect(ok.status).toBe(0);
    expect(outcomeOf(join(okOut, 'junit.xml'))).toMatchObject({ failures: '0' });
  });

  it('fails junit.xml when the run exits 1 for its outcome: nothing scored, --min-correctness', () => {
    const env = { ANTHROPIC_API_KEY: '' };
    const empty = join(tempDir(), 'run');
    const r = bench(['run', '--seat', 'anthropic-react', '--reps', '1', '--out', empty], tiny, env);
    expect(r.status).toBe(1);
    const junit = readFileSync(join(empty, 'junit.xml'), 'utf8');
    // the run's failure shows in the totals and in its own testcase, with the exit's message
    expect(junit).toMatch(/<testsuites name="rematch" tests="\d+" failures="1"/);
    expect(outcomeOf(join(empty, 'junit.xml'))).toEqual({
      failures: '1',
      message:
        'no scored trial: every seat was skipped (anthropic-react: $ANTHROPIC_API_KEY is not set); pass --allow-empty to accept an empty run',
    });
    if (hasXmllint) expect(xmllint(join(empty, 'junit.xml'))).toMatchObject({ status: 0 });
    // a flawed sim on one golden: its mean correctness (0.7) is below the floor asked for
    const dir = tempDir();
    const low = join(dir, 'run');
    const m = bench(
      [
        'run',
        ...[
          '--config',
          shippedConfig(dir),
          '--golden',
          'checkout-db-pool',
          '--seat',
          'sim-early-closer-react',
        ],
        ...['--gates', 'none', '--reps', '2', '--min-correctness', '0.99', '--out', low],
      ],
      dir,
    );
    expect(m.status).toBe(1);
    const said = /mean correctness below 0\.99: .*/.exec(m.stderr)?.[0];
    expect(said).toBeTruthy();
    expect(outcomeOf(join(low, 'junit.xml'))).toEqual({ failures: '1', message: said });
  });

  it('refuses a malformed rule with exit 2 at file:line and field', () => {
    const config = join(tiny, 'bad.config.yaml');
    writeFileSync(
      config,
      `${readFileSync(join(tiny, 'bench.config.yaml'), 'utf8')}assert:\n  - type: gate-effect\n    figure: passrate\n    min: 0.5\n  - type: honesty\n    under: al\n`,
    );
    const r = bench(['run', '--config', config], tiny);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.config\.yaml:7:\d+: assert\.0\.figure:/);
    const bad = join(tiny, 'bad2.config.yaml');
    writeFileSync(
      bad,
      `${readFileSync(join(tiny, 'bench.config.yaml'), 'utf8')}assert:\n  - type: honesty\n    under: al\n`,
    );
    const r2 = bench(['run', '--config', bad], tiny);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/bad2\.config\.yaml:7:\d+: assert\.0\.under: unknown gate set "al"/);
    const twice = join(tiny, 'bad3.config.yaml');
    writeFileSync(
      twice,
      `${readFileSync(join(tiny, 'bench.config.yaml'), 'utf8')}assert:\n  - {name: x, type: ceilings}\n  - {name: x, type: honesty}\n`,
    );
    const r3 = bench(['run', '--config', twice], tiny);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toMatch(/bad3\.config\.yaml:7:\d+: assert\.1\.name: another rule is named "x"/);
  });
});

describe('junit.xml against the Jenkins JUnit XSD (xmllint)', () => {
  if (!hasXmllint && !requireShared()) {
    it.skip('skipped: xmllint not found (Debian: apt-get install libxml2-utils)', () => {});
    console.log('skipped: xmllint not found (Debian: apt-get install libxml2-utils)');
    return;
  }
  it('validates a small run and rejects `skipped` or `disabled` on testsuites', () => {
    expect(hasXmllint, 'xmllint is required (REMATCH_REQUIRE_SHARED=1)').toBe(true);
    const out = join(tempDir(), 'run');
    const r = bench(['run', '--out', out], tiny);
    expect(r.status).toBe(0);
    const file = join(out, 'junit.xml');
    expect(xmllint(file)).toMatchObject({ status: 0 });
    const wrong = join(out, 'wrong.xml');
    writeFileSync(
      wrong,
      readFileSync(file, 'utf8').replace(
        '<testsuites name="rematch"',
        '<testsuites name="rematch" skipped="0"',
      ),
    );
    const v = xmllint(wrong);
    expect(v.status).not.toBe(0);
    expect(v.stderr).toMatch(/attribute 'skipped' is not allowed/);
    // the current xunit plugin dropped `disabled` from testsuites (xunit 2.0.2)
    writeFileSync(
      wrong,
      readFileSync(file, 'utf8').replace(
        '<testsuites name="rematch"',
        '<testsuites name="rematch" disabled="0"',
      ),
    );
    const d = xmllint(wrong);
    expect(d.status).not.toBe(0);
    expect(d.stderr).toMatch(/attribute 'disabled' is not allowed/);
  });
});

/** One golden, sim-tweaker-react (the default seat) and anthropic-react, with `extra` YAML appended. */
function tweakerConfig(extra: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'seats'));
  for (const s of ['sim-tweaker-react', 'anthropic-react'])
    copyFileSync(join(ROOT, `seats/${s}.yaml`), join(dir, `seats/${s}.yaml`));
  const golden = join(ROOT, 'goldens/checkout-db-pool-logs-failed');
  const file = join(dir, 'bench.config.yaml');
  writeFileSync(file, `goldens: [${JSON.stringify(golden)}]\nseats: [seats]\nrepetitions: 2\n${extra}`);
  return file;
}

const noKey = { ANTHROPIC_API_KEY: '' };
const runOf = (config: string, ...args: string[]) => {
  const out = join(tempDir(), 'run');
  return { out, ...bench(['run', '--config', config, '--out', out, ...args], tempDir(), noKey) };
};

describe('assert: rules on what the run planned', () => {
  it('judges a per-seat gate effect pooled over the goldens it names, its interval signed', () => {
    const config = tweakerConfig(
      'assert:\n  - {type: gate-effect, seats: sim-tweaker-*, goldens: checkout-db-pool-logs-failed, figure: passRate, min: 0.9}\n',
    );
    const r = runOf(config);
    expect(r.status, r.stderr).toBe(0);
    const sc = JSON.parse(readFileSync(join(r.out, 'scorecard.json'), 'utf8'));
    expect(sc.assertions[0]).toMatchObject({
      passed: true,
      type: 'gate-effect',
      detail: 'sim-tweaker-react: +1.00 [+1.00, +1.00] (2 pairs)',
    });
  });

  it('fails a rule about a planned seat that was skipped, row rules and gate effects alike', () => {
    const config = tweakerConfig(
      'assert:\n  - {name: claude-honest, type: honesty, seats: anthropic-react}\n  - {name: every-react-gains, type: gate-effect, seats: "*-react", figure: passRate, min: 0}\n',
    );
    const r = runOf(config, '--seat', 'anthropic-react', 'sim-tweaker-react');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^assertions: 2 of 2 failed$/m);
    const out = r.stdout.replace(/\n\s+/g, ' ');
    expect(out).toContain('anthropic-react × none: seat skipped: $ANTHROPIC_API_KEY is not set');
    expect(out).toContain(
      '1 of 2 break it: anthropic-react: no pairs (seat skipped: $ANTHROPIC_API_KEY is not set)',
    );
    expect(r.stderr).toMatch(/✗ claude-honest:/);
    expect(r.stderr).toMatch(/✗ every-react-gains:/);
    // the run covers the config's matrix (and more): it is not partial, and report judges it the same
    expect(JSON.parse(readFileSync(join(r.out, 'run.json'), 'utf8')).assertPartial).toBeUndefined();
    const again = bench(['report', r.out], tempDir());
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/✗ claude-honest:/);
  });

  it('judges only what a narrowed run ran: a rule pooling over goldens it left out is not judged', () => {
    // the shipped config, one golden, one seat, one repetition: the ledger rule pools the tweaker
    // over every golden, and on checkout-db-pool alone (no failed logs) it would see no effect
    const out = join(tempDir(), 'run');
    const argv = ['run', '--golden', 'checkout-db-pool', '--seat', 'sim-tweaker-react', '--reps', '1'];
    const r = bench([...argv, '--reporter', 'terminal', 'json', '--out', out], ROOT);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const sc = JSON.parse(readFileSync(join(out, 'scorecard.json'), 'utf8'));
    // run.json records the config's matrix the rules are about: every golden, twins included
    const { assertMatrix } = JSON.parse(readFileSync(join(out, 'run.json'), 'utf8'));
    expect(assertMatrix.goldens).toContain('checkout-db-pool~logs-failed');
    const ledger = sc.assertions.find((a: { id: string }) => a.id === 'ledger-stops-false-negatives');
    expect(ledger).toMatchObject({
      passed: false,
      skipped: true,
      detail: `not judged: the run has only part of its rows (1 of the ${assertMatrix.goldens.length} goldens it pools over: checkout-db-pool; the full matrix judges it)`,
    });
    expect(r.stdout.replace(/\n\s+/g, ' ')).toContain(
      '– ledger-stops-false-negatives: Δ honesty-failing share of all over none ≤ -0.5 per seat, pooled over goldens (seats sim-tweaker-*) not judged: the run has only part of its rows',
    );
    // a per-row rule is judged on the rows the run has
    expect(sc.assertions.find((a: { id: string }) => a.id === 'honest-under-all')).toMatchObject({
      passed: true,
    });
  });

  it('does not call a run partial whose flags name the default matrix again', () => {
    const config = tweakerConfig('assert:\n  - {type: pass-rate, seats: anthropic-react, min: 1}\n');
    const r = runOf(config, '--gates', 'none', 'all', '--reps', '1');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('seat "anthropic-react" matches no row');
    expect(JSON.parse(readFileSync(join(r.out, 'run.json'), 'utf8')).assertPartial).toBeUndefined();
  });

  it('with --allow-empty waives the empty run and the rules about seats, not a failed ceilings rule', () => {
    const config = tweakerConfig(
      'defaultSeats: [anthropic-react]\nceiling: false\nassert:\n  - {type: honesty, seats: anthropic-react}\n  - {name: ceilings-pass, type: ceilings}\n',
    );
    // the default matrix, its one seat skipped: a full run that scored nothing
    const r = runOf(config, '--reps', '1', '--allow-empty');
    expect(r.status).toBe(1);
    expect(r.stderr).not.toMatch(/no scored trial/);
    expect(r.stderr).toMatch(/1 of 2 assertions failed/);
    expect(r.stderr).toMatch(/✗ ceilings-pass:/);
  });

  it('names the failed rules beside --min-correctness in one error', () => {
    const config = tweakerConfig('assert:\n  - {name: honest-unguarded, type: honesty, under: none}\n');
    const r = runOf(config, '--min-correctness', '0.9');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /mean correctness below 0\.9: checkout-db-pool-logs-failed × sim-tweaker-react × none/,
    );
    expect(r.stderr).toMatch(/✗ honest-unguarded:/);
  });
});
