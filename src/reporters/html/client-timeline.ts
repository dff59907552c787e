/**
 * report.html's script, part 3: one trial opened. The verdict and the rules that decided it
 * (honesty failures with their rule and why), the Theory beside the golden's truth, tokens and
 * time per ReAcTree node, then the timeline: turns, waves, calls (class, outcome, fingerprint),
 * gate decisions, node starts and ends.
 */
export const TIMELINE_JS = `
function verdictBox(t, d) {
  var s = d.score;
  var facts = 'correctness ' + f2(s.correctness) + ' · coverage A ' + f2(s.parts.A.coverage) + ' / B ' + f2(s.parts.B.coverage) +
    ' · root cause ' + (s.rootCause.matched ? 'matched' : 'not matched') + ' · honesty failures ' + s.honesty.length;
  var honesty = s.honesty.length ? el('ul', { cls: 'honesty' }, s.honesty.map(function (h) {
    return el('li', { 'data-rule': h.kind }, [el('b', { cls: 'bad', text: h.kind }),
      ' (' + h.part + (h.measurement ? ', ' + h.measurement : '') + '): ', h.detail]);
  })) : null;
  var other = d.verdict.reasons.filter(function (r) { return r.indexOf('honesty ') !== 0; });
  return el('div', { cls: 'verdict ' + t.verdict }, [el('b', { text: d.verdict.headline }), el('div', { cls: 'dim', text: facts }),
    honesty ? el('h4', { text: 'Honesty rules that fired' }) : null, honesty,
    other.length ? el('h4', { text: 'Not credited' }) : null,
    other.length ? el('ul', null, other.map(function (r) { return el('li', { text: r }); })) : null].filter(Boolean));
}
function tol(m) { if (!m.tolerance) return ''; return m.tolerance.abs !== undefined ? ' ±' + m.tolerance.abs : ' ±' + (m.tolerance.rel * 100) + '%'; }
function compare(d) {
  var th = d.theory, tr = d.truth, s = d.score;
  var missing = s.rootCause.missing.map(function (g) { return g.join('|'); });
  var left = el('div', { cls: 'theory' }, [el('h4', { text: 'Theory' }), th ? el('div', null, [
    el('div', null, [el('b', { text: 'root cause: ' }), th.rootCause.component + ' — ' + th.rootCause.mechanism]),
    el('div', { cls: 'dim', text: th.summary })]) : el('p', { cls: 'dim', text: 'no Theory' })]);
  var right = el('div', { cls: 'truth' }, [el('h4', { text: "Golden's truth" }), tr ? el('div', null, [
    el('div', null, [el('b', { text: 'root cause: ' }), tr.component + ' — ' + tr.mechanism]),
    el('div', null, ['accept groups: '].concat(tr.accept.map(function (g) {
      var miss = missing.indexOf(g.join('|')) >= 0;
      return el('span', { cls: 'tag ' + (miss ? 'bad' : 'good'), title: miss ? 'no term matched' : 'matched', text: (miss ? '✗ ' : '✓ ') + g.join(' | ') });
    })))]) : el('p', { cls: 'dim', text: "the golden's file was not found from this run folder" })]);
  var rows = [];
  ['A', 'B'].forEach(function (p) {
    var truths = tr ? tr.measurements.filter(function (m) { return m.part === p; }) : [];
    var ids = uniq(truths.map(function (m) { return m.id; }).concat(th ? th.parts[p].measurements.map(function (m) { return m.id; }) : []));
    if (th) rows.push(el('tr', null, [el('th', { colspan: '4', text: 'Part ' + p + ': ' + th.parts[p].status + (th.parts[p].findings ? ' — ' + th.parts[p].findings : '') })]));
    ids.forEach(function (id) {
      var got = th && th.parts[p].measurements.find(function (m) { return m.id === id; });
      var gap = th && th.parts[p].gaps.find(function (g) { return g.measurement === id; });
      var want = truths.find(function (m) { return m.id === id; });
      var sc = s.parts[p].measurements.find(function (m) { return m.id === id; });
      rows.push(el('tr', { 'data-measurement': id }, [el('td', { cls: 'mono', text: id }),
        el('td', { text: got ? got.value + (got.unit ? ' ' + got.unit : '') + (got.evidence.length ? ' ⟵ ' + got.evidence.join(',') : '') : gap ? 'gap: ' + gap.reason : '–' }),
        el('td', { text: want ? (want.obtainable ? (want.truth === undefined ? 'any' : want.truth + tol(want)) : 'unobtainable (a gap is right)') : '–' }),
        el('td', { cls: sc ? (sc.credited ? 'good' : 'bad') : 'dim', text: sc ? (sc.credited ? '✓ ' : '✗ ') + sc.note : '' })]));
    });
  });
  var table = el('table', { cls: 'measurements' }, [el('thead', null, [el('tr', null, ['measurement', 'Theory', 'truth', 'scored'].map(function (h) { return el('th', { text: h }); }))]), el('tbody', null, rows)]);
  return el('div', null, [el('div', { cls: 'compare' }, [left, right]), table]);
}
function nodesTable(rows) {
  var ends = rows.filter(function (r) { return r.k === 'node' && r.event === 'end' && r.usage; });
  if (!ends.length) return null;
  return el('table', { cls: 'nodes' }, [el('thead', null, [el('tr', null, ['node', 'kind', 'result', 'tokens', 'calls', 'turns', 'time'].map(function (h) { return el('th', { text: h }); }))]),
    el('tbody', null, ends.map(function (r) { return el('tr', null, [el('td', { cls: 'mono', text: r.node }), el('td', { text: r.kind }), el('td', { cls: r.result === 'success' ? 'good' : 'bad', text: r.result || '' }),
      el('td', { text: r.usage.tokens }), el('td', { text: r.usage.toolCalls }), el('td', { text: r.usage.turns }), el('td', { text: secs(r.usage.wallMs) })]); }))]);
}
function eventRow(r, lastWave) {
  var td = function (kids, cls) { return el('td', { cls: cls || '' }, kids); };
  if (r.k === 'turn') return el('tr', { cls: 'turn' }, [td([secs(r.t)], 't'), td([r.node], 'mono'), td([el('b', { text: 'turn ' + r.turn }), ' think ' + secs(r.ms) + ' · tokens ' + r.tin + '/' + r.tout + ' ', el('span', { cls: 'dim', text: r.text || '' })])]);
  if (r.k === 'call') {
    var o = r.outcome || 'no result';
    return el('tr', { cls: 'call' + (r.wave !== lastWave ? ' wave-start' : ''), 'data-call': r.id }, [td([secs(r.t)], 't'), td([r.node], 'mono'), td([
      el('span', { cls: 'tag', text: 'wave ' + r.wave }), el('b', { text: r.id + ' ' + r.tool }), ' ', el('span', { cls: 'tag cls', text: r.cls }),
      el('b', { cls: 'outcome o-' + o, text: o }), r.shown ? el('span', { cls: 'dim', text: ' (shown as ' + r.shown + ')' }) : null,
      r.n !== undefined ? ' n=' + r.n : '', r.ms !== undefined ? ' ' + secs(r.ms) : '', r.queueMs ? ' queue ' + secs(r.queueMs) : '',
      r.fp ? el('span', { cls: 'tag fp mono', title: r.fp, text: 'fp ' + r.fp.slice(0, 12) }) : null, r.fault ? el('span', { cls: 'tag bad', text: 'fault ' + r.fault }) : null,
      r.what ? el('div', { cls: 'q', text: r.what }) : null, r.error ? el('div', { cls: 'bad', text: r.error }) : null,
      r.preview ? el('div', { cls: 'q', text: '→ ' + r.preview }) : null])]);
  }
  if (r.k === 'gate') return el('tr', { cls: 'gate', 'data-gate': r.gate, 'data-decision': r.decision }, [td([secs(r.t)], 't'), td([r.node || ''], 'mono'), td([
    el('b', { cls: 'd-' + r.decision, text: 'gate ' + r.gate + ' ' + r.decision }), r.callId ? ' on ' + r.callId : '', ' ', el('span', { text: r.reason })])]);
  if (r.k === 'node') return el('tr', { cls: 'node' }, [td([secs(r.t)], 't'), td([r.node], 'mono'), td([
    el('b', { text: (r.event === 'start' ? '▶ ' : '■ ') + r.kind + ' node ' + r.event + (r.result ? ' ' + r.result : '') }),
    r.parent ? ' ⊂ ' + r.parent : '', r.usage ? ' · tokens ' + r.usage.tokens + ' · calls ' + r.usage.toolCalls + ' · ' + secs(r.usage.wallMs) : '',
    el('div', { cls: 'dim', text: r.goal })])]);
  if (r.k === 'theory') return el('tr', null, [td([secs(r.t)], 't'), td([''], ''), td([el('b', { text: 'Theory (' + r.source + ')' })])]);
  return el('tr', { cls: 'end' }, [td([secs(r.t)], 't'), td([''], ''), td([el('b', { cls: r.stop === 'submitted' ? 'good' : 'bad', text: 'end: ' + r.stop }), r.unscored ? ' (unscored)' : '', r.error ? ' ' + r.error : ''])]);
}
function renderTimeline(t, d) {
  var h = d.header;
  var box = document.getElementById('timeline');
  var head = el('div', null, [el('h3', { text: t.id }), h ? el('div', { cls: 'dim', text: h.golden + ' · seat ' + h.seat + ' (' + h.model + ', ' + h.shape + ') · gates ' + h.gateSet + ' [' + (h.gates.join(', ') || '-') + '] · rep ' + h.rep + ' · seed ' + h.seed + ' · ' + h.clock + ' clock' }) : null,
    el('div', { cls: 'dim', text: 'wall ' + secs(t.wallMs) + ' (model ' + secs(t.modelMs) + ', tool ' + secs(t.toolMs) + ', queue ' + secs(t.queueMs) + ') · tokens ' + t.tokens })]);
  var lastWave = -1;
  var events = d.rows.map(function (r) { var e = eventRow(r, lastWave); if (r.k === 'call') lastWave = r.wave; return e; });
  var nodes = nodesTable(d.rows);
  var parts = [head, verdictBox(t, d), compare(d), nodes ? el('h4', { text: 'Tokens and time per node' }) : null, nodes,
    el('h4', { text: 'Timeline' }), d.problem ? el('p', { cls: 'bad', text: d.problem }) : el('table', { cls: 'events' }, [el('tbody', null, events)])];
  box.replaceChildren.apply(box, parts.filter(Boolean));
  box.setAttribute('data-trial', t.id);
}
`;
