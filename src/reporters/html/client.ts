/**
 * report.html's script, part 1: helpers, the trial index, the filters and the trial list. Plain
 * browser JavaScript kept as a string (the page is one file; nothing is built or fetched). Every
 * value from the run goes into the page through textContent, never innerHTML. No template literals
 * in here: this text is itself inside one.
 */
export const CLIENT_JS = `
var DATA = JSON.parse(document.getElementById('rematch-index').textContent);
var IDX = DATA.index;
var DETAILS = {};
function el(tag, attrs, kids) {
  var e = document.createElement(tag);
  if (attrs) for (var k in attrs) {
    if (k === 'text') e.textContent = attrs[k];
    else if (k === 'cls') e.className = attrs[k];
    else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), attrs[k]);
    else e.setAttribute(k, attrs[k]);
  }
  (kids || []).forEach(function (c) {
    if (c === null || c === undefined || c === false) return;
    e.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  });
  return e;
}
function secs(ms) { return ms >= 100000 ? Math.round(ms / 1000) + 's' : (ms / 1000).toFixed(1) + 's'; }
function f2(x) { return (Math.round(x * 100) / 100).toFixed(2); }
function uniq(xs) { var s = []; xs.forEach(function (x) { if (s.indexOf(x) < 0) s.push(x); }); return s; }
function detail(i) {
  if (!(i in DETAILS)) DETAILS[i] = JSON.parse(document.getElementById('trial-' + i).textContent);
  return DETAILS[i];
}
var FILTER = { golden: '', seat: '', gateSet: '', verdict: '', text: '' };
function select(key, label, values) {
  var s = el('select', { 'aria-label': label, 'data-filter': key, onchange: function () { FILTER[key] = s.value; renderList(); } },
    [el('option', { value: '', text: 'every ' + label })].concat(values.map(function (v) { return el('option', { value: v, text: v }); })));
  return s;
}
function renderFilters() {
  var box = document.getElementById('filters');
  box.appendChild(select('golden', 'golden', uniq(IDX.map(function (t) { return t.golden; }))));
  box.appendChild(select('seat', 'seat', uniq(IDX.map(function (t) { return t.seat; })).sort()));
  box.appendChild(select('gateSet', 'gate set', uniq(IDX.map(function (t) { return t.gateSet; }))));
  box.appendChild(select('verdict', 'verdict', ['pass', 'fail', 'unscored', 'honesty']));
  var q = el('input', { type: 'search', placeholder: 'trial id contains', 'aria-label': 'search',
    oninput: function () { FILTER.text = q.value; renderList(); } });
  box.appendChild(q);
}
function shown(t) {
  if (FILTER.golden && t.golden !== FILTER.golden) return false;
  if (FILTER.seat && t.seat !== FILTER.seat) return false;
  if (FILTER.gateSet && t.gateSet !== FILTER.gateSet) return false;
  if (FILTER.verdict === 'honesty') { if (!t.honesty.length) return false; }
  else if (FILTER.verdict && t.verdict !== FILTER.verdict) return false;
  return !FILTER.text || t.id.indexOf(FILTER.text) >= 0;
}
var SELECTED = -1;
function renderList() {
  var rows = IDX.filter(shown).map(function (t) {
    var v = el('td', { cls: t.verdict === 'pass' ? 'good' : 'bad', text: t.verdict });
    return el('tr', { cls: 'trial' + (t.i === SELECTED ? ' selected' : ''), 'data-trial': t.id,
      onclick: function () { openTrial(t.i); } }, [
      el('td', { cls: 'id' }, [el('div', { cls: 'dim', text: t.golden }), el('div', { cls: 'mono', text: t.seat + ' · ' + t.gateSet + ' · r' + t.rep })]), v, el('td', { text: f2(t.correctness) }),
      el('td', { cls: t.honesty.length ? 'bad' : 'dim', title: t.honesty.join(', '), text: t.honesty.length ? String(t.honesty.length) : '–' }),
      el('td', { text: secs(t.wallMs) })]);
  });
  var head = el('tr', null, ['trial', 'verdict', 'corr', 'honesty', 'wall'].map(function (h) { return el('th', { text: h }); }));
  var list = document.getElementById('trial-list');
  list.replaceChildren(el('table', null, [el('thead', null, [head]), el('tbody', null, rows)]));
  list.setAttribute('data-count', String(rows.length));
}
function openTrial(i) {
  SELECTED = i;
  document.querySelectorAll('#trial-list tr.selected').forEach(function (r) { r.classList.remove('selected'); });
  var row = document.querySelector('#trial-list tr[data-trial="' + CSS.escape(IDX[i].id) + '"]');
  if (row) row.classList.add('selected');
  renderTimeline(IDX[i], detail(i));
  if (location.hash !== '#trial=' + encodeURIComponent(IDX[i].id)) history.replaceState(null, '', '#trial=' + encodeURIComponent(IDX[i].id));
}
function openFromHash() {
  var m = /^#trial=(.*)$/.exec(location.hash);
  if (!m) return;
  var id = decodeURIComponent(m[1]);
  var t = IDX.find(function (x) { return x.id === id; });
  if (t) openTrial(t.i);
}
function main() {
  renderFilters();
  renderList();
  document.querySelectorAll('td.cell').forEach(function (td) {
    td.addEventListener('click', function () {
      ['golden', 'seat', 'gate'].forEach(function (k) {
        var key = k === 'gate' ? 'gateSet' : k;
        FILTER[key] = td.getAttribute('data-' + k);
        var s = document.querySelector('#filters select[data-filter="' + key + '"]');
        if (s) s.value = FILTER[key];
      });
      renderList();
      document.getElementById('trials').scrollIntoView();
    });
  });
  try { renderPlots(); } catch (e) { document.getElementById('plots').appendChild(el('p', { cls: 'bad', text: 'plots failed: ' + e })); }
  window.addEventListener('hashchange', openFromHash);
  openFromHash();
}
`;
