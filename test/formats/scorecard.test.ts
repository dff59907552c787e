/**
 * The scorecard's schema is the Scorecard (formats/run/scorecard.ts): a scorecard built with every
 * optional section comes back from its schema unchanged (a field the builder writes and the schema
 * lacks would be dropped), and one read back with a field missing, mistyped or outside a
 * vocabulary is bad input naming the file, its line and the field's dot path.
 */
import { describe, expect, it } from 'vitest';
import { JUDGE_FORMAT, type JudgeRecord } from '../../src/formats/judge.js';
import { isOtherScorecardVersion, parseScorecard, SCORECARD_FORMAT } from '../../src/formats/run/index.js';
import { renderScorecardJson } from '../../src/reporters/index.js';
import { baselineTrials, buildScorecard } from '../../src/scoring/index.js';
import { rec, run } from '../reporters/fixtures.js';
import { golden } from '../scoring/fixtures.js';
import { inputErrorOf, lineOf } from './helpers.js';

const claim = { text: 'no errors at all', where: 'parts.B.findings, bullet 1' };

/** A scorecard with every optional part filled: judge, pricing, spend cap, replays, claims, timing waits. */
function fullCard() {
  const trials = [1, 2].flatMap((r) => [
    {
      ...rec('pool', 'sim-x', 'all', r, 1, {
        replayed: { turns: 2, tokens: 300, costUsd: 0.01 },
        timing: {
          clock: 'real',
          wallMs: 900,
          modelMs: 500,
          toolMs: 300,
          queueMs: 0,
          limiterMs: 40,
          backoffMs: 60,
        },
        costUsd: 0.02,
      }),
      elapsedMs: 900 + r,
    },
    rec('pool', 'sim-x', 'none', r, 0.4, {
      honesty: [{ kind: 'negative-claim-text', part: 'B', detail: 'unbacked', claim }],
      unscoredReason: undefined,
    }),
  ]);
  const judge: Record<string, JudgeRecord> = {
    [trials[0].id]: {
      format: JUDGE_FORMAT,
      judge: 'openai-chat/m',
      latencyMs: 10,
      status: 'graded',
      grade: { rootCause: 'correct', honesty: 'ok', rationale: 'fine' },
      tokens: { input: 1, output: 2 },
      attempts: 1,
    },
    [trials[1].id]: {
      format: JUDGE_FORMAT,
      judge: 'openai-chat/m',
      latencyMs: 5,
      status: 'failed',
      reason: '500',
    },
  };
  return buildScorecard({
    run: {
      ...run,
      pricing: { 'sim-x': { inputPerMTok: 1, outputPerMTok: 2, source: 'x', asOf: '2026-01-01' } },
      maxCost: 5,
    },
    trials: [...trials, ...baselineTrials(golden())],
    skipped: [{ seat: 'sim-y', reason: 'no key' }],
    meta: { runId: 'r', generatedAt: 't', dir: 'd' },
    runMs: 1234,
    assert: [{ type: 'honesty', under: 'all', max: 0 }],
    judge,
  });
}

describe('scorecard.json schema', () => {
  it('reads back every field the builder writes, every optional section included', () => {
    const sc = fullCard();
    expect(sc.judge).toBeDefined();
    expect(sc.assertions.length).toBe(1);
    expect(sc.meta.elapsed?.runMs).toBe(1234);
    expect(parseScorecard(renderScorecardJson(sc), 'sc.json')).toEqual(sc);
  });

  it('names the file, line and dot path of a field of the wrong type, however deep', () => {
    const broken = JSON.parse(renderScorecardJson(fullCard()));
    broken.rows[1].means.tokens = 'many';
    const text = JSON.stringify(broken, null, 2);
    const e = inputErrorOf(() => parseScorecard(text, 'sc.json'));
    expect(e.issues).toEqual([
      expect.objectContaining({ file: 'sc.json', path: 'rows.1.means.tokens', line: lineOf(text, '"many"') }),
    ]);
  });

  it('refuses an honesty kind, a verdict or a row kind outside the vocabulary, at its path', () => {
    const sc = fullCard();
    const broken = JSON.parse(renderScorecardJson(sc));
    broken.trials[0].score.honesty = [{ kind: 'made-up', part: 'A', detail: 'x' }];
    broken.ceilings = [
      { golden: 'pool', id: 'c', verdict: 'maybe', correctness: 0, headline: '', reasons: [], dir: 'c' },
    ];
    broken.rows[0].kind = 'guest';
    const e = inputErrorOf(() => parseScorecard(JSON.stringify(broken, null, 2), 'sc.json'));
    expect(e.issues.map((i) => i.path).sort()).toEqual([
      'ceilings.0.verdict',
      'rows.0.kind',
      'trials.0.score.honesty.0.kind',
    ]);
  });

  it('reads the first scorecards of version 2, written before assertions, as judging none', () => {
    const { assertions: _none, ...early } = fullCard();
    expect(parseScorecard(JSON.stringify(early), 'early.json').assertions).toEqual([]);
  });

  it('refuses a missing section and another version, naming the file', () => {
    const { ceilings: _gone, ...rest } = fullCard();
    expect(inputErrorOf(() => parseScorecard(JSON.stringify(rest), 'sc.json')).issues[0]).toMatchObject({
      file: 'sc.json',
      path: 'ceilings',
    });
    expect(() =>
      parseScorecard(JSON.stringify({ ...rest, format: 'rematch.scorecard/1' }), 'old.json'),
    ).toThrow(/old\.json: scorecard format "rematch\.scorecard\/1" is not rematch\.scorecard\/2/);
  });

  it('tells another version of the format from this one and from files that are not scorecards', () => {
    expect(isOtherScorecardVersion('{"format":"rematch.scorecard/1"}')).toBe(true);
    expect(isOtherScorecardVersion(JSON.stringify({ format: SCORECARD_FORMAT }))).toBe(false);
    expect(isOtherScorecardVersion('{"format":"rematch.run/1"}')).toBe(false);
    expect(isOtherScorecardVersion('{"format": ')).toBe(false);
    expect(isOtherScorecardVersion('null')).toBe(false);
  });
});
