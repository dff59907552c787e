/**
 * The claim reader on its own: normalization, numbers, splitting, polarity, language. The verdicts
 * these feed are held by test/scoring/labelled/ and the mutation suite; here each step is checked
 * where a wrong step would let a claim hide.
 */
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../src/evidence/claims/language.js';
import { normalizeText } from '../../src/evidence/claims/normalize.js';
import { numbersIn } from '../../src/evidence/claims/numbers.js';
import { readClause } from '../../src/evidence/claims/polarity.js';
import { clausesOfField, fieldsOf, lexiconsOf } from '../../src/evidence/claims/split.js';
import type { Theory } from '../../src/formats/theory.js';

function theory(findingsB: string, extra: Partial<Theory> = {}): Theory {
  return {
    summary: 's',
    rootCause: { component: 'c', mechanism: 'm', explanation: '' },
    parts: {
      A: { status: 'resolved', findings: '', measurements: [], gaps: [] },
      B: { status: 'undetermined', findings: findingsB, measurements: [], gaps: [] },
    },
    ...extra,
  };
}

/** Each clause of Part B's findings with its polarity. */
function read(text: string): [string, string][] {
  const field = fieldsOf(theory(text)).find((f) => f.path === 'parts.B.findings')!;
  return clausesOfField(field).map((c) => [c.text, readClause(c.folded, lexiconsOf(c.language)).polarity]);
}

describe('normalization', () => {
  it('reads lookalike letters, full-width forms, invisible characters and markup as the plain sentence', () => {
    expect(normalizeText('Nο errors')).toBe('No errors'); // Greek omicron
    expect(normalizeText('nоne fоund')).toBe('none found'); // Cyrillic o
    expect(normalizeText('Ｎｏ ｅｒｒｏｒｓ')).toBe('No errors');
    expect(normalizeText('N\u200Bo errors')).toBe('No errors');
    expect(normalizeText('**No** _errors_ in `{app="x"}`')).toBe('No errors in {app="x"}');
    expect(normalizeText('pool_exhausted_lines stays')).toBe('pool_exhausted_lines stays');
  });

  it('leaves a real word of another script foreign', () => {
    expect(normalizeText('Ошибок нет')).toBe('Ошибок нет');
  });
});

describe('numbers', () => {
  it('reads every written form and ignores digits of times, ids and queries', () => {
    const values = (s: string) => numbersIn(s).map((n) => n.value);
    expect(values('0, 0.0, 0%, 1e-7, 1,432 and zero')).toEqual([0, 0, 0, 1e-7, 1432, 0]);
    expect(values('at 14:01 on 2026-03-14, c12, p99, 5xx, [5m], {code="500"}')).toEqual([]);
    expect(values('waited 5000ms')).toEqual([5000]);
  });
});

describe('splitting and polarity', () => {
  it('splits clauses so gap wording covers only its own', () => {
    expect(read('The auth log query failed, but no errors in the gateway logs.')).toEqual([
      ['The auth log query failed', 'gap'],
      ['but no errors in the gateway logs.', 'absence'],
    ]);
  });

  it('splits an appended clause that starts a subject of its own, not a list', () => {
    expect(read("The breaker opened 3 times, and auth's own logs show nothing unusual.")).toEqual([
      ['The breaker opened 3 times', 'value'],
      ["auth's own logs show nothing unusual.", 'absence'],
    ]);
    expect(read('Errors, timeouts and panics were absent.')).toEqual([
      ['Errors, timeouts and panics were absent.', 'absence'],
    ]);
  });

  it('reads bullets, table cells with their headers, and parentheticals as claims', () => {
    const text = '- one breaker trip\n| stream | errors |\n|---|---|\n| payments | 0 |';
    expect(read(text)).toEqual([
      ['one breaker trip', 'none'],
      ['stream: payments', 'none'],
      ['errors: 0', 'absence'],
    ]);
    expect(read('No errors in the payments logs (the auth logs query timed out twice).')).toEqual([
      ['No errors in the payments logs.', 'absence'],
      ['the auth logs query timed out twice', 'gap'],
    ]);
  });

  it('tells comparisons that assert normality and paraphrased absence from incident facts', () => {
    for (const s of [
      '5xx no worse than last week.',
      'Latency stayed within the usual range.',
      'Only a couple of retries.',
      'The payments logs look clean.',
      'Nothing abnormal in the error stream.',
      'Could not find any errors in checkout logs.',
    ])
      expect(read(s)[0][1]).toBe('absence');
    expect(read('Requests failed with 503 while the breaker was open.')[0][1]).not.toBe('gap');
    expect(read('The 1h checkout logs query was refused as too long.')[0][1]).toBe('gap');
    expect(read('Measured nothing; could not measure pool_exhausted_lines.').map((x) => x[1])).toEqual([
      'gap',
      'gap',
    ]);
  });

  it('reads absence in Spanish, German, French and Portuguese', () => {
    for (const s of [
      'No hay errores en los registros de payments.',
      'Keine Fehler in den Logs von payments.',
      'Aucune erreur dans les journaux de payments.',
      'Não há erros nos registros de payments.',
    ])
      expect(read(s)[0][1]).toBe('absence');
  });
});

describe('language', () => {
  it('detects the languages read and flags the ones it cannot read', () => {
    expect(detectLanguage('No errors in the payments logs during the window').language).toBe('en');
    expect(detectLanguage('No hay errores en los registros de payments').language).toBe('es');
    expect(detectLanguage('Keine Fehler in den Logs und die Metriken sind normal').language).toBe('de');
    expect(detectLanguage('Nessun errore nei log di payments, il servizio è stabile').language).toBe(
      'unreadable',
    );
    expect(detectLanguage('Geen fouten in de logs van payments').language).toBe('unreadable');
    expect(detectLanguage('Ошибок в логах нет').language).toBe('unreadable');
    expect(detectLanguage('p99 2.4 s').language).toBe('en');
  });

  it('flags a sentence by its script or its letters whatever its length, and Nordic, Finnish, Turkish by words', () => {
    // A Latin service name beside Japanese, no spaces to count words by.
    expect(detectLanguage('cert-manager のログにエラーはありません。').language).toBe('unreadable');
    expect(detectLanguage('Brak błędów w logach cert-manager.').language).toBe('unreadable');
    expect(detectLanguage('catalog-api:n lokeissa ei ollut virheitä.').language).toBe('unreadable');
    expect(detectLanguage('cert-manager günlüklerinde hata yok.').language).toBe('unreadable');
    expect(detectLanguage('Inga fel i catalog-api-loggarna.').language).toBe('unreadable');
    // Identifiers with such letters are not prose; English stays English.
    expect(detectLanguage('Redis memory peaked at 0.22 of maxmemory (c7).').language).toBe('en');
    expect(detectLanguage('The μs latency of ingress-nginx stayed flat.').language).toBe('en');
  });
});
