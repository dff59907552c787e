/**
 * Regexes against a real Prometheus (Debian's 2.42, scripts/install-prometheus.sh): the same
 * series backfilled into it and served by `bench serve`'s HTTP adapter, the same requests to both,
 * the wire answers compared whole. RE2 semantics (leftmost-first, Unicode and POSIX classes,
 * anchoring, `.` and newlines) and the refusals' status, errorType and text.
 *
 * Version boundaries, left to test/promql/regex.test.ts: Go 1.22 learned `(?<name>...)`, so a
 * lookbehind `(?<!x)` is "invalid named capture" on Prometheus 3.x (our text) but "invalid or
 * unsupported Perl syntax: `(?<`" on 2.42's Go; and 3.x matches `^(?s:re)$`, so `a.b` takes
 * "a\nb", which 2.42's `^(?:re)$` does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackendStack, startHttpServer } from '../../src/backend/index.js';
import {
  findPrometheusBinaries,
  type RunningPrometheus,
  startBackfilledPrometheus,
} from '../../src/backend/oracle/process.js';
import { RealClock } from '../../src/clock.js';
import { SeriesStore } from '../../src/world/series-store.js';
import type { World } from '../../src/world/types.js';
import { makeGolden, makeWorld } from '../backend/fixtures.js';

const bin = findPrometheusBinaries();
const T0 = 1_700_000_000_000;
const VALUES = ['cart', 'checkout', 'Grüße', 'ab', 'abcd', 'a\nb', 'x-1', 'ΣΦ', '123', `${'a'.repeat(40)}x`];

const CASES = [
  // Refusals: 400 bad_data at the matcher, 422 execution in label_replace.
  'up{service=~"c(?=a)art"}',
  'up{service!~"c(?!a)art"}',
  'up{service=~"(c)\\\\1"}',
  'up{service=~"cart\\\\Z"}',
  'up{service=~"a{1001}"}',
  'up{service=~"a)|(b"}',
  'label_replace(up, "d", "$1", "service", "(?=p)")',
  // Semantics: anchoring, classes, flags, leftmost-first groups, linear time.
  'up{service=~"car|check"}',
  'up{service=~"cart|checkout"}',
  'up{service=~"\\\\pL+"}',
  'up{service=~"\\\\p{Greek}+"}',
  'up{service=~"[[:alpha:]]+"}',
  'up{service=~"[[:digit:]]+"}',
  'up{service=~"\\\\d+"}',
  'up{service=~"(?i)CART"}',
  'up{service=~"\\\\Qx-\\\\E\\\\d"}',
  'up{service=~"(a+)+x"}',
  'label_replace(up{service=~"ab|abcd"}, "d", "$1-$2-$3", "service", "(a|ab)(c|bcd|)(d*)")',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: `${1}` is Go's template syntax under test
  'label_replace(up{service="x-1"}, "d", "${1}y-$1y-$$", "service", "(x)-(\\\\d)")',
];

describe.skipIf(!bin)('regexes: bench serve vs a real Prometheus, over HTTP', () => {
  let prom: RunningPrometheus;
  let ours: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    const store = new SeriesStore();
    for (const v of VALUES) store.addSeries({ __name__: 'up', service: v }, [T0, T0 + 60_000], [1, 1]);
    store.all();
    prom = await startBackfilledPrometheus(bin!, store.all());
    const world: World = { ...makeWorld(), metrics: store };
    const { backend } = createBackendStack(makeGolden({}), world, {
      faults: false,
      clock: new RealClock(),
      seed: 1,
      capacity: false,
    });
    const http = await startHttpServer(backend, { port: 0 });
    ours = { url: http.promUrl, close: () => http.close() };
  }, 60_000);

  afterAll(async () => {
    await ours?.close();
    await prom?.stop();
  });

  it.each(CASES)('%s', async (query) => {
    const body = new URLSearchParams({ query, time: String((T0 + 30_000) / 1000) });
    const ask = async (base: string) => {
      const r = await fetch(`${base}/api/v1/query`, { method: 'POST', body });
      const json = (await r.json()) as { data?: { result?: { metric: Record<string, string> }[] } };
      json.data?.result?.sort((a, b) => JSON.stringify(a.metric).localeCompare(JSON.stringify(b.metric)));
      return { status: r.status, json };
    };
    expect(await ask(ours.url)).toEqual(await ask(prom.url));
  });
});
