/**
 * junit.xml, in the structure Jenkins (and most JUnit consumers) accept: a `rematch.assertions`
 * suite with one testcase per config `assert:` rule (failing when the rule failed), and a
 * `rematch` suite with one testcase per golden × seat × gate set (null baselines excluded: they are
 * meant to fail) plus each golden's ceiling (`ceiling`, failing when the reference trial does not
 * pass, so CI sees a golden that cannot be passed honestly). With `assert:` rules, a cell fails
 * when a failed rule names it, so junit.xml fails when the run does (under `none` the sims
 * misbehave by design); without rules, when its mean correctness is below
 * thresholds.junitMinCorrectness or any trial has an honesty failure. A cell with no scored trial
 * is skipped. Last, a `rematch.outcome` suite with one testcase, `run`, failing exactly when the
 * command exits 1 for its outcome (nothing scored, --min-correctness, a failed rule). Every `time`
 * is real seconds on this machine: a cell's is its trials' elapsed time, the run's is how long it
 * executed (scorecard meta.elapsed).
 */
import type { AggregateRow, AssertionResult, RunOutcomeOptions, Scorecard } from '../../scoring/index.js';
import { outcomeProblems, rowKind } from '../../scoring/index.js';
import { f2 } from '../format.js';
import { fileReporter, type ReporterFactory } from '../lifecycle.js';
import { ceilingCase, type JunitCase, testcase } from './case.js';

export { xmlEscape } from './case.js';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** Real ms spent on the trials of one golden × seat × gate set (0 for journals from before it was kept). */
function cellMs(sc: Scorecard, cell: { golden: string; seat: string; gateSet: string }): number {
  const times = sc.meta.elapsed?.trialMs ?? {};
  return sc.trials
    .filter((t) => t.golden === cell.golden && t.seat === cell.seat && t.gateSet === cell.gateSet)
    .reduce((s, t) => s + (times[t.id] ?? 0), 0);
}

/** The row's figures, for a cell's message or system-out. */
const figures = (r: AggregateRow): string =>
  `n=${r.n}, pass rate ${f2(r.passRate)}, mean correctness ${f2(r.correctness.mean)}, ${r.honestyTrials} trials with honesty failures` +
  (r.trajectory ? `, ${r.trajectory.trials} trials failing a trajectory check` : '');

/**
 * Why a cell fails, or undefined. With `assert:` rules the rules decide (a cell fails when a failed
 * rule names it), so junit.xml fails exactly when the run does; without any, the threshold
 * (junitMinCorrectness) and any honesty failure decide.
 */
function cellProblem(sc: Scorecard, r: AggregateRow): string | undefined {
  const assertions = sc.assertions ?? [];
  if (assertions.length) {
    const broken = assertions.filter(
      (a) =>
        !a.passed &&
        !a.skipped &&
        (a.cells ?? []).some((c) => c.golden === r.golden && c.seat === r.seat && c.gateSet === r.gateSet),
    );
    return broken.length ? `breaks ${broken.map((a) => `${a.id} (${a.rule})`).join('; ')}` : undefined;
  }
  const min = sc.run.thresholds.junitMinCorrectness;
  const problems: string[] = [];
  if (r.correctness.mean < min) problems.push(`mean correctness ${f2(r.correctness.mean)} below ${min}`);
  if (r.honestyTrials > 0) problems.push(`${r.honestyTrials} of ${r.n} trials with honesty failures`);
  for (const t of r.trajectory?.checks ?? [])
    if (t.failed > 0) problems.push(`trajectory ${t.id} failed in ${t.failed} of ${r.n} trials`);
  return problems.length ? problems.join('; ') : undefined;
}

function cellCases(sc: Scorecard): JunitCase[] {
  const cases: JunitCase[] = [];
  for (const r of sc.rows.filter((x) => rowKind(x.seat) === 'seat')) {
    const head = { classname: r.golden, name: `${r.seat} × ${r.gateSet}`, time: seconds(cellMs(sc, r)) };
    if (r.n === 0) {
      cases.push(testcase(head, { skipped: `no scored trial (${r.unscored} unscored)` }));
      continue;
    }
    const problem = cellProblem(sc, r);
    cases.push(
      testcase(
        head,
        problem
          ? {
              failure: {
                message: problem,
                type: sc.assertions?.length ? 'assertion' : 'threshold',
                body: `${problem}\n${figures(r)}`,
              },
            }
          : { out: figures(r) },
      ),
    );
  }
  for (const c of sc.ceilings ?? []) cases.push(ceilingCase(c, seconds(sc.meta.elapsed?.trialMs[c.id] ?? 0)));
  return cases;
}

function assertionCase(a: AssertionResult): JunitCase {
  const head = { classname: 'assertions', name: a.id, time: '0.000' };
  return testcase(
    head,
    a.passed
      ? { out: `${a.rule}\n${a.detail}` }
      : a.skipped
        ? { skipped: a.detail }
        : { failure: { message: a.rule, type: 'assertion', body: `${a.rule}\n${a.detail}` } },
  );
}

function suite(
  name: string,
  cases: JunitCase[],
  time: string,
): { xml: string; tests: number; failures: number } {
  const failures = cases.filter((c) => c.failed).length;
  const skipped = cases.filter((c) => c.skipped).length;
  const open = `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}">`;
  return {
    xml: [open, ...cases.map((c) => c.xml), '  </testsuite>'].join('\n'),
    tests: cases.length,
    failures,
  };
}

/**
 * The run as one testcase (`rematch.outcome`, `run`): failing, with the reasons the command exits 1
 * for (scoring/outcome.ts), when nothing was scored or --min-correctness or a rule failed. Without
 * it, a run whose every seat was skipped wrote a junit.xml with no failure at all.
 */
function outcomeCase(sc: Scorecard, opts: RunOutcomeOptions): JunitCase {
  // no time of its own: the run's is on testsuites already
  const head = { classname: 'rematch', name: 'run', time: '0.000' };
  const problems = outcomeProblems(sc, opts);
  if (!problems.length) return testcase(head, { out: 'the run passes: exit 0' });
  const message = problems.map((p) => p.split('\n')[0]).join('; ');
  return testcase(head, { failure: { message, type: 'outcome', body: problems.join('\n') } });
}

/** `outcome`: the options the command judges its exit code with (--allow-empty, --min-correctness). */
export function renderJunit(sc: Scorecard, outcome: RunOutcomeOptions = {}): string {
  const cells = cellCases(sc);
  const cellsMs = sc.trials.reduce((s, t) => s + (sc.meta.elapsed?.trialMs[t.id] ?? 0), 0);
  const runTime = seconds(sc.meta.elapsed?.runMs ?? cellsMs);
  const suites = [];
  const assertions = sc.assertions ?? [];
  if (assertions.length) suites.push(suite('rematch.assertions', assertions.map(assertionCase), '0.000'));
  suites.push(suite('rematch', cells, runTime));
  suites.push(suite('rematch.outcome', [outcomeCase(sc, outcome)], '0.000'));
  const tests = suites.reduce((s, x) => s + x.tests, 0);
  const failures = suites.reduce((s, x) => s + x.failures, 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rematch" tests="${tests}" failures="${failures}" errors="0" time="${runTime}">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}

export const junitReporter: ReporterFactory = (opts = {}) =>
  fileReporter('junit.xml', (sc) => renderJunit(sc, opts.outcome))();
