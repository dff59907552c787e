import { describe, expect, it } from 'vitest';
import { checkGolden } from '../../src/formats/load.js';
import { edit, MINI, tempDir, write } from '../formats/helpers.js';
import { serveTest } from './server.js';

// A fault's `match.query` is Go RE2, as the engines' regexes are: `(?i)` mid-pattern, `\pL`,
// POSIX classes and `\z` mean what Go says; JavaScript-only syntax is refused with Go's text.
const { get } = await serveTest({
  faults: [
    {
      id: 'case-blind',
      kind: 'http-error',
      status: 503,
      message: 'down',
      match: { api: ['prom.query'], query: 'sum\\(up(?i)\\{JOB=' },
    },
    {
      id: 'unicode',
      kind: 'http-error',
      status: 502,
      message: 'gateway',
      match: { api: ['prom.query'], query: 'service="\\pL+[[:digit:]]"\\}\\z' },
    },
  ],
});

describe('fault match patterns are Go RE2', () => {
  it('fires on RE2 syntax JavaScript lacks: inline (?i) after text, \\pL, [[:digit:]], \\z', async () => {
    expect((await get('/api/v1/query', { query: 'sum(up{job="x"})' })).status).toBe(503);
    expect((await get('/api/v1/query', { query: 'SUM(up{job="x"})' })).status).toBe(200);
    expect((await get('/api/v1/query', { query: 'up{service="Grüße7"}' })).status).toBe(502);
    expect((await get('/api/v1/query', { query: 'up{service="Grüße7"} ' })).status).toBe(200);
  });

  it('refuses a lookahead or backreference at load, with Go text at the field', () => {
    for (const [pattern, message] of [
      ['re(?=try)', 'invalid or unsupported Perl syntax: `(?=`'],
      ['(re)\\\\1', 'invalid escape sequence: `\\1`'],
    ]) {
      const golden = edit(
        MINI,
        'match: { api: [loki.query_range], query: "retry" }',
        `match: { api: [loki.query_range], query: "${pattern}" }`,
      );
      const issue = checkGolden(write(tempDir(), 'golden.yaml', golden)).issues.find(
        (i) => i.path === 'faults.0.match.query',
      );
      expect(issue?.message).toBe(`invalid regular expression: error parsing regexp: ${message}`);
      expect(issue?.severity).toBe('error');
    }
  });
});
