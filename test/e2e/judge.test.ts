/**
 * The LLM judge end to end through runBench: sim seats on the tiny golden, a judge on the
 * openai-chat wire answered by msw. Grades land beside the scores (judge.json, the scorecard's
 * `judge` section, scorecard.md and the terminal), a disagreement is counted, no key means one
 * line and no request, a reply that is not a grade is a failed grade, and no verdict moves.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../../src/index.js';
import { rowKind, type Scorecard } from '../../src/scoring/index.js';
import { bench, tempDir } from '../formats/helpers.js';
import { answerJudge, JUDGE, judgeConfig, KEY } from './judge-harness.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config = (judge: boolean): string => judgeConfig({ reps: 2, judge });
const judgeModel = (reply: Parameters<typeof answerJudge>[1]): string[] => answerJudge(server, reply);

async function run(cfg: string, env: Record<string, string> = {}, resume?: string, retryErrors = false) {
  const out = resume ?? join(tempDir(), 'out');
  const lines: string[] = [];
  const stdout: string[] = [];
  const r = await runBench({
    ...(resume ? { resume } : { config: cfg, out }),
    retryErrors,
    seats: ['sim-diligent-react', 'sim-tweaker-react'],
    reporters: ['json', 'markdown', 'html', 'terminal'],
    env,
    stderr: { write: (s: string) => lines.push(s) > 0 },
    stdout: { write: (s: string) => stdout.push(s) > 0 },
    tty: false,
  });
  return { r, out, stderr: lines.join(''), stdout: stdout.join(''), sc: r.scorecard as Scorecard };
}

/** The trials the judge grades: seats' only, not the null baselines nor the ceiling (not seats). */
const isSeatTrial = (t: Scorecard['trials'][number]): boolean => rowKind(t.seat) === 'seat';

/** What the judge must never move: every row's figures and every trial's verdict. */
const verdicts = (sc: Scorecard) => ({
  rows: sc.rows.map((x) => [
    x.golden,
    x.seat,
    x.gateSet,
    x.n,
    x.passRate,
    x.correctness.mean,
    x.honestyTrials,
  ]),
  trials: sc.trials.map((t) => [t.id, t.score.verdict, t.score.correctness]),
  assertions: sc.assertions,
});

const grade = (rootCause: string, honesty: string, rationale: string) =>
  JSON.stringify({ rootCause, honesty, rationale });

describe('an LLM judge as a second opinion', () => {
  it('grades every scored trial beside its score, counts agreement per row and lists a disagreement', async () => {
    const base = await run(config(false));
    // the judge finds every root cause correct and every Theory honest, but the first trial it sees wrong
    const bodies = judgeModel((n) => grade(n === 1 ? 'incorrect' : 'correct', 'ok', `reply ${n}`));
    const withJudge = await run(config(true), { OPENAI_API_KEY: KEY });
    expect(verdicts(withJudge.sc)).toEqual(verdicts(base.sc));

    const graded = withJudge.sc.trials.filter(isSeatTrial);
    expect(bodies).toHaveLength(graded.length);
    // the ceiling (the bench's own reference answers) is not a seat: the judge does not grade it
    const ceiling = withJudge.sc.trials.filter((t) => rowKind(t.seat) === 'ceiling');
    expect(ceiling.length).toBeGreaterThan(0);
    for (const t of ceiling) expect(existsSync(join(withJudge.out, t.dir, 'judge.json'))).toBe(false);
    const j = withJudge.sc.judge!;
    expect(j.judges).toEqual(['openai-chat/judge-model']);
    expect(j.n).toBe(graded.length);
    expect(j.failed).toBe(0);
    // the structured output: the grade's JSON Schema went out as the response format
    expect(JSON.parse(bodies[0]).response_format).toMatchObject({ type: 'json_schema' });
    // what it sees: the truth, the calls, the Theory; never the score, the seat, the gates or the trial id
    for (const b of bodies) {
      const user = (JSON.parse(b).messages as { role: string; content: string }[]).find(
        (m) => m.role === 'user',
      )!;
      expect(user.content).toContain(
        'Root cause: component "payments", mechanism "connection pool exhaustion"',
      );
      expect(user.content).toMatch(/pool_exhausted_lines \(logs\): (truth 30|NOT obtainable)/);
      expect(user.content).toContain('## The Theory (JSON)');
      expect(user.content).not.toMatch(/sim-|verdict|correctness|\/none\/|\/all\/|r1/);
      // nor the scorer's own judgements: its accepted wording, which calls it counts as data gaps
      expect(user.content).not.toMatch(/accepted wording|accept|data gap/i);
      // the raw outcomes instead: each call's recorded outcome and count
      expect(user.content).toMatch(/→ (ok|empty|failed|error|rejected|partial|truncated)[a-z]*, n=\d+/);
    }

    // which trial got `reply 1`: its judge.json says
    const rationale = (t: (typeof graded)[number]): string =>
      JSON.parse(readFileSync(join(withJudge.out, t.dir, 'judge.json'), 'utf8')).grade.rationale;
    const first = graded.find((t) => rationale(t) === 'reply 1')!;
    expect(first).toBeDefined();
    const expected = graded.flatMap((t) => {
      const out: { id: string; on: string; rule: string; judge: string }[] = [];
      const judgeRc = t === first ? 'incorrect' : 'correct';
      const ruleRc = t.score.rootCause.matched ? 'correct' : 'incorrect';
      if (judgeRc !== ruleRc) out.push({ id: t.id, on: 'rootCause', rule: ruleRc, judge: judgeRc });
      if (t.score.honesty.length)
        out.push({ id: t.id, on: 'honesty', rule: 'presents-gap-as-negative', judge: 'ok' });
      return out;
    });
    // the tweaker's clean negative on the failed logs under none: the rules see it, this judge does not
    expect(expected.some((d) => d.on === 'honesty' && d.id.includes('sim-tweaker-react/none'))).toBe(true);
    expect(expected.some((d) => d.id === first.id && d.on === 'rootCause')).toBe(
      first.score.rootCause.matched,
    );
    const got = j.disagreements.map(({ id, on, rule, judge }) => ({ id, on, rule, judge }));
    const order = (a: { id: string; on: string }, b: { id: string; on: string }) =>
      a.id === b.id ? (a.on < b.on ? -1 : 1) : a.id < b.id ? -1 : 1;
    expect(got).toEqual(expected.sort(order));
    const on = (k: string) => expected.filter((d) => d.on === k).length;
    expect(j.rootCause).toEqual({ agree: graded.length - on('rootCause'), disagree: on('rootCause') });
    expect(j.honesty).toEqual({ agree: graded.length - on('honesty'), disagree: on('honesty') });
    // per row: the first trial's row holds its disagreement; the rows add up to the whole
    const row = j.rows.find(
      (x) => x.golden === first.golden && x.seat === first.seat && x.gateSet === first.gateSet,
    )!;
    const inRow = graded.filter(
      (t) => t.golden === first.golden && t.seat === first.seat && t.gateSet === first.gateSet,
    );
    expect(row.n).toBe(inRow.length);
    expect(row.rootCause.disagree).toBe(
      expected.filter((d) => d.on === 'rootCause' && inRow.some((t) => t.id === d.id)).length,
    );
    expect(j.rows.reduce((a, x) => a + x.n, 0)).toBe(graded.length);
    expect(j.rows.reduce((a, x) => a + x.honesty.disagree, 0)).toBe(on('honesty'));

    const md = readFileSync(join(withJudge.out, 'scorecard.md'), 'utf8');
    expect(md).toContain('## LLM judge (second opinion)');
    const tweaked = expected.find((d) => d.on === 'honesty')!;
    expect(md).toContain(`- \`${tweaked.id}\` honesty: rules say presents-gap-as-negative, judge says ok: `);
    const n = graded.length;
    expect(withJudge.stdout).toContain(
      `judge openai-chat/judge-model (second opinion, never the verdict): ${n} graded · root cause agrees ${n - on('rootCause')}/${n} · honesty agrees ${n - on('honesty')}/${n}`,
    );
    const html = readFileSync(join(withJudge.out, 'report.html'), 'utf8');
    expect(html).toContain('<h2>LLM judge (second opinion)</h2>');
    expect(html).toContain(
      `<code>${tweaked.id}</code> honesty: rules say presents-gap-as-negative, judge says ok`,
    );
    const json = JSON.parse(readFileSync(join(withJudge.out, 'scorecard.json'), 'utf8')) as Scorecard;
    expect(json.judge).toEqual(j);
    // without a judge, nothing of it anywhere
    expect(base.sc.judge).toBeUndefined();
    expect(readFileSync(join(base.out, 'scorecard.md'), 'utf8')).not.toContain('judge');
    expect(readFileSync(join(base.out, 'report.html'), 'utf8')).not.toContain('id="judge"');
  });

  it("writes the judge's rationale into scorecard.md as inert text (pipes, newlines, HTML)", async () => {
    const evil = 'root | cause\n\n## not a heading <script>alert(1)</script> **bold** [link](x) `code`';
    judgeModel(() => grade('incorrect', 'ok', evil));
    const r = await run(config(true), { OPENAI_API_KEY: KEY });
    expect(r.sc.judge?.disagreements.length).toBeGreaterThan(0);
    const md = readFileSync(join(r.out, 'scorecard.md'), 'utf8');
    const lines = md.split('\n').filter((l) => /judge says [a-z-]+: /.test(l));
    expect(lines.length).toBe(r.sc.judge?.disagreements.length);
    for (const l of lines)
      expect(l).toMatch(
        /judge says [a-z-]+: root \\\| cause ## not a heading &lt;script&gt;alert\(1\)&lt;\/script&gt; \\\*\\\*bold\\\*\\\* \\\[link\\\]\(x\) \\`code\\`$/,
      );
    expect(md).not.toContain('<script>');
    expect(md).not.toMatch(/^## not a heading/m);
  });

  it('without its key: one line naming the variable, no request, nothing else changed', async () => {
    const base = await run(config(false));
    const bodies = judgeModel(() => grade('correct', 'ok', 'never'));
    const keyless = await run(config(true), { OPENAI_API_KEY: '' });
    expect(bodies).toHaveLength(0);
    expect(keyless.stderr).toBe('judge: skipped, OPENAI_API_KEY not set\n');
    expect(base.stderr).toBe('');
    expect(keyless.sc.judge).toBeUndefined();
    expect(verdicts(keyless.sc)).toEqual(verdicts(base.sc));
  });

  it('through the CLI without its key: exit 0 and the one line on stderr', () => {
    const cfg = config(true);
    const r = bench(
      ['run', '--seat', 'sim-diligent-react', '--out', 'out', '--reporter', 'json', '--config', cfg],
      tempDir(),
      { OPENAI_API_KEY: '' },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('judge: skipped, OPENAI_API_KEY not set\n');
  });

  it('a reply that is not a grade, or an HTTP error, is a failed grade with its reason; the run goes on', async () => {
    const base = await run(config(false));
    judgeModel((n) =>
      n === 1
        ? 'the root cause looks right to me'
        : n === 2
          ? { status: 400, body: { error: { message: `bad key ${KEY}`, type: 'invalid_request_error' } } }
          : grade('correct', 'ok', 'fine'),
    );
    const r = await run(config(true), { OPENAI_API_KEY: KEY });
    expect(verdicts(r.sc)).toEqual(verdicts(base.sc));
    const j = r.sc.judge!;
    expect(j.failed).toBe(2);
    expect(j.failures).toHaveLength(2);
    const reasons = j.failures.map((f) => f.reason).join('\n');
    expect(reasons).toContain('the reply is not a grade');
    expect(reasons).toContain('the root cause looks right to me');
    expect(reasons).toMatch(/bad key/);
    expect(reasons).not.toContain(KEY);
    expect(readFileSync(join(r.out, 'scorecard.md'), 'utf8')).not.toContain(KEY);
    const graded = r.sc.trials.filter(isSeatTrial);
    expect(j.n).toBe(graded.length - 2);
    // a plain resume keeps the failed grades; --retry-errors asks the judge again for those two only
    const bodies = judgeModel(() => grade('correct', 'ok', 'second try'));
    expect((await run('', { OPENAI_API_KEY: KEY }, r.out)).sc.judge?.failed).toBe(2);
    expect(bodies).toHaveLength(0);
    const retried = await run('', { OPENAI_API_KEY: KEY }, r.out, true);
    expect(bodies).toHaveLength(2);
    expect(retried.sc.judge).toMatchObject({ n: graded.length, failed: 0 });
  });

  it('grades a finished run on --resume once a judge is configured, running no trial again', async () => {
    const cfg = config(false);
    const first = await run(cfg);
    writeFileSync(cfg, `${readFileSync(cfg, 'utf8')}${JUDGE}`);
    const bodies = judgeModel(() => grade('correct', 'ok', 'late'));
    const judged = await run(cfg, { OPENAI_API_KEY: KEY }, first.out);
    expect(judged.r.executed).toBe(0);
    const graded = judged.sc.trials.filter(isSeatTrial);
    expect(bodies).toHaveLength(graded.length);
    expect(judged.sc.judge?.n).toBe(graded.length);
    expect(verdicts(judged.sc)).toEqual(verdicts(first.sc));
    // graded once: a second resume asks nothing
    const again = await run(cfg, { OPENAI_API_KEY: KEY }, first.out);
    expect(bodies).toHaveLength(graded.length);
    expect(again.sc.judge).toEqual(judged.sc.judge);
  });
});
