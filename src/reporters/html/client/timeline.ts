/**
 * report.html's script, part 4: one trial opened. The verdict and the rules that decided it
 * (honesty failures with their rule and why), the Theory beside the golden's truth, tokens and
 * time per ReAcTree node, then the timeline: turns, waves, calls (class, outcome, fingerprint),
 * gate decisions, node starts and ends.
 */

function verdictBox(t: Trial, d: Detail): HTMLElement {
  const s = d.score;
  const facts =
    `correctness ${f2(s.correctness)} · coverage A ${f2(s.parts.A.coverage)} / B ${f2(s.parts.B.coverage)}` +
    ` · root cause ${s.rootCause.matched ? 'matched' : 'not matched'} · honesty failures ${s.honesty.length}`;
  const honesty = s.honesty.length
    ? el(
        'ul',
        { cls: 'honesty' },
        s.honesty.map((h) =>
          el('li', { 'data-rule': h.kind }, [
            el('b', { cls: 'bad', text: h.kind }),
            ` (${h.part}${h.measurement ? `, ${h.measurement}` : ''}): `,
            h.detail,
          ]),
        ),
      )
    : null;
  const other = d.verdict.reasons.filter((r) => !r.startsWith('honesty '));
  const kids: Kid[] = [
    el('b', { text: d.verdict.headline }),
    el('div', { cls: 'dim', text: facts }),
    honesty ? el('h4', { text: 'Honesty rules that fired' }) : null,
    honesty,
    other.length ? el('h4', { text: 'Not credited' }) : null,
    other.length
      ? el(
          'ul',
          null,
          other.map((r) => el('li', { text: r })),
        )
      : null,
  ];
  return el('div', { cls: `verdict ${t.verdict}` }, kids.filter(Boolean));
}

/** A truth's tolerance as written (the golden's schema requires abs or rel). */
function tol(m: Truth): string {
  if (!m.tolerance) return '';
  return m.tolerance.abs !== undefined ? ` ±${m.tolerance.abs}` : ` ±${m.tolerance.rel! * 100}%`;
}

function theoryBox(th: Detail['theory']): HTMLElement {
  return el('div', { cls: 'theory' }, [
    el('h4', { text: 'Theory' }),
    th
      ? el('div', null, [
          el('div', null, [
            el('b', { text: 'root cause: ' }),
            `${th.rootCause.component} — ${th.rootCause.mechanism}`,
          ]),
          el('div', { cls: 'dim', text: th.summary }),
        ])
      : el('p', { cls: 'dim', text: 'no Theory' }),
  ]);
}

function truthBox(tr: Detail['truth'], missing: string[]): HTMLElement {
  const accept = (g: string[]) => {
    const miss = missing.includes(g.join('|'));
    return el('span', {
      cls: `tag ${miss ? 'bad' : 'good'}`,
      title: miss ? 'no term matched' : 'matched',
      text: `${miss ? '✗ ' : '✓ '}${g.join(' | ')}`,
    });
  };
  return el('div', { cls: 'truth' }, [
    el('h4', { text: "Golden's truth" }),
    tr
      ? el('div', null, [
          el('div', null, [el('b', { text: 'root cause: ' }), `${tr.component} — ${tr.mechanism}`]),
          el('div', null, ['accept groups: ', ...tr.accept.map(accept)]),
        ])
      : el('p', { cls: 'dim', text: "the golden's file was not found from this run folder" }),
  ]);
}

/** The Theory's value (or gap) for each measurement of a part, beside the truth and the score. */
function measurementRows(d: Detail, p: 'A' | 'B'): HTMLElement[] {
  const { theory: th, truth: tr, score: s } = d;
  const rows: HTMLElement[] = [];
  const truths = tr ? tr.measurements.filter((m) => m.part === p) : [];
  const ids = uniq([...truths.map((m) => m.id), ...(th ? th.parts[p].measurements.map((m) => m.id) : [])]);
  if (th) {
    const part = th.parts[p];
    const text = `Part ${p}: ${part.status}${part.findings ? ` — ${part.findings}` : ''}`;
    rows.push(el('tr', null, [el('th', { colspan: '4', text })]));
  }
  for (const id of ids) {
    const got = th?.parts[p].measurements.find((m) => m.id === id);
    const gap = th?.parts[p].gaps.find((g) => g.measurement === id);
    const want = truths.find((m) => m.id === id);
    const sc = s.parts[p].measurements.find((m) => m.id === id);
    const theory = got
      ? `${got.value}${got.unit ? ` ${got.unit}` : ''}${got.evidence.length ? ` ⟵ ${got.evidence.join(',')}` : ''}`
      : gap
        ? `gap: ${gap.reason}`
        : '–';
    const truth = want
      ? want.obtainable
        ? want.truth === undefined
          ? 'any'
          : want.truth + tol(want)
        : 'unobtainable (a gap is right)'
      : '–';
    rows.push(
      el('tr', { 'data-measurement': id }, [
        el('td', { cls: 'mono', text: id }),
        el('td', { text: theory }),
        el('td', { text: truth }),
        el('td', {
          cls: sc ? (sc.credited ? 'good' : 'bad') : 'dim',
          text: sc ? (sc.credited ? '✓ ' : '✗ ') + sc.note : '',
        }),
      ]),
    );
  }
  return rows;
}

function compare(d: Detail): HTMLElement {
  const missing = d.score.rootCause.missing.map((g) => g.join('|'));
  const head = el(
    'tr',
    null,
    ['measurement', 'Theory', 'truth', 'scored'].map((h) => el('th', { text: h })),
  );
  const rows = [...measurementRows(d, 'A'), ...measurementRows(d, 'B')];
  const table = el('table', { cls: 'measurements' }, [el('thead', null, [head]), el('tbody', null, rows)]);
  return el('div', null, [
    el('div', { cls: 'compare' }, [theoryBox(d.theory), truthBox(d.truth, missing)]),
    table,
  ]);
}

function nodesTable(rows: Row[]): HTMLElement | null {
  const ends = rows.flatMap((r) =>
    r.k === 'node' && r.event === 'end' && r.usage ? [{ ...r, usage: r.usage }] : [],
  );
  if (!ends.length) return null;
  const head = el(
    'tr',
    null,
    ['node', 'kind', 'result', 'tokens', 'calls', 'turns', 'time'].map((h) => el('th', { text: h })),
  );
  const body = ends.map((r) =>
    el('tr', null, [
      el('td', { cls: 'mono', text: r.node }),
      el('td', { text: r.kind }),
      el('td', { cls: r.result === 'success' ? 'good' : 'bad', text: r.result || '' }),
      el('td', { text: r.usage.tokens }),
      el('td', { text: r.usage.toolCalls }),
      el('td', { text: r.usage.turns }),
      el('td', { text: secs(r.usage.wallMs) }),
    ]),
  );
  return el('table', { cls: 'nodes' }, [el('thead', null, [head]), el('tbody', null, body)]);
}

const td = (kids: Kid[], cls?: string) => el('td', { cls: cls || '' }, kids);

function callRow(r: Row & { k: 'call' }, lastWave: number): HTMLElement {
  const o = r.outcome || 'no result';
  return el('tr', { cls: `call${r.wave !== lastWave ? ' wave-start' : ''}`, 'data-call': r.id }, [
    td([secs(r.t)], 't'),
    td([r.node], 'mono'),
    td([
      el('span', { cls: 'tag', text: `wave ${r.wave}` }),
      el('b', { text: `${r.id} ${r.tool}` }),
      ' ',
      el('span', { cls: 'tag cls', text: r.cls }),
      el('b', { cls: `outcome o-${o}`, text: o }),
      r.shown ? el('span', { cls: 'dim', text: ` (shown as ${r.shown})` }) : null,
      r.n !== undefined ? ` n=${r.n}` : '',
      r.ms !== undefined ? ` ${secs(r.ms)}` : '',
      r.queueMs ? ` queue ${secs(r.queueMs)}` : '',
      r.fp ? el('span', { cls: 'tag fp mono', title: r.fp, text: `fp ${r.fp.slice(0, 12)}` }) : null,
      r.fault ? el('span', { cls: 'tag bad', text: `fault ${r.fault}` }) : null,
      r.what ? el('div', { cls: 'q', text: r.what }) : null,
      r.error ? el('div', { cls: 'bad', text: r.error }) : null,
      r.preview ? el('div', { cls: 'q', text: `→ ${r.preview}` }) : null,
    ]),
  ]);
}

function eventRow(r: Row, lastWave: number): HTMLElement {
  if (r.k === 'turn')
    return el('tr', { cls: 'turn' }, [
      td([secs(r.t)], 't'),
      td([r.node], 'mono'),
      td([
        el('b', { text: `turn ${r.turn}` }),
        ` think ${secs(r.ms)} · tokens ${r.tin}/${r.tout} `,
        el('span', { cls: 'dim', text: r.text || '' }),
      ]),
    ]);
  if (r.k === 'call') return callRow(r, lastWave);
  if (r.k === 'gate')
    return el('tr', { cls: 'gate', 'data-gate': r.gate, 'data-decision': r.decision }, [
      td([secs(r.t)], 't'),
      td([r.node || ''], 'mono'),
      td([
        el('b', { cls: `d-${r.decision}`, text: `gate ${r.gate} ${r.decision}` }),
        r.callId ? ` on ${r.callId}` : '',
        ' ',
        el('span', { text: r.reason }),
      ]),
    ]);
  if (r.k === 'node')
    return el('tr', { cls: 'node' }, [
      td([secs(r.t)], 't'),
      td([r.node], 'mono'),
      td([
        el('b', {
          text: `${r.event === 'start' ? '▶ ' : '■ '}${r.kind} node ${r.event}${r.result ? ` ${r.result}` : ''}`,
        }),
        r.parent ? ` ⊂ ${r.parent}` : '',
        r.usage ? ` · tokens ${r.usage.tokens} · calls ${r.usage.toolCalls} · ${secs(r.usage.wallMs)}` : '',
        el('div', { cls: 'dim', text: r.goal }),
      ]),
    ]);
  if (r.k === 'theory')
    return el('tr', null, [
      td([secs(r.t)], 't'),
      td([''], ''),
      td([el('b', { text: `Theory (${r.source})` })]),
    ]);
  return el('tr', { cls: 'end' }, [
    td([secs(r.t)], 't'),
    td([''], ''),
    td([
      el('b', { cls: r.stop === 'submitted' ? 'good' : 'bad', text: `end: ${r.stop}` }),
      r.unscored ? ' (unscored)' : '',
      r.error ? ` ${r.error}` : '',
    ]),
  ]);
}

/** The gates as a config writes them (formats/gate-sets.ts `gateListText`): `ledger: prompt` for a prompted one. */
function gateList(h: { gates: string[]; prompted?: string[] }): string {
  return [...h.gates, ...(h.prompted ?? []).map((g) => `${g}: prompt`)].join(', ');
}

function renderTimeline(t: Trial, d: Detail): void {
  const h = d.header;
  const box = document.getElementById('timeline')!;
  const about = h
    ? `${h.golden} · seat ${h.seat} (${h.model}, ${h.shape}) · gates ${h.gateSet} [${gateList(h) || '-'}]` +
      ` · rep ${h.rep} · seed ${h.seed} · ${h.clock} clock`
    : null;
  const head = el('div', null, [
    el('h3', { text: t.id }),
    about === null ? null : el('div', { cls: 'dim', text: about }),
    el('div', {
      cls: 'dim',
      text:
        `wall ${secs(t.wallMs)} (model ${secs(t.modelMs)}, tool ${secs(t.toolMs)}, queue ${secs(t.queueMs)})` +
        ` · tokens ${t.tokens}`,
    }),
  ]);
  let lastWave = -1;
  const events = d.rows.map((r) => {
    const e = eventRow(r, lastWave);
    if (r.k === 'call') lastWave = r.wave;
    return e;
  });
  const nodes = nodesTable(d.rows);
  const parts: Kid[] = [
    head,
    verdictBox(t, d),
    compare(d),
    nodes ? el('h4', { text: 'Tokens and time per node' }) : null,
    nodes,
    el('h4', { text: 'Timeline' }),
    d.problem
      ? el('p', { cls: 'bad', text: d.problem })
      : el('table', { cls: 'events' }, [el('tbody', null, events)]),
  ];
  box.replaceChildren(...parts.filter((p): p is HTMLElement => Boolean(p)));
  box.setAttribute('data-trial', t.id);
}
