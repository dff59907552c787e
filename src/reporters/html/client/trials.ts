/**
 * report.html's script, part 2: the trial index, the filters and the trial list. A trial's detail
 * is a script file of its own beside the page (`report/<render>/<i>.js`, reporters/html/timelines.ts),
 * added the first time the trial is opened; it hands its detail to `rematchTrial`. A script element
 * loads from a file:// URL, where fetch is refused.
 */

const DATA: Page = JSON.parse(document.getElementById('rematch-index')!.textContent!);
const IDX = DATA.index;
const DETAILS: Record<number, Detail> = {};
const WAITING: Record<number, ((d: Detail) => void)[]> = {};

/** Called by each timeline file as it loads (a classic script's top-level function is a global). */
function rematchTrial(i: number, d: Detail): void {
  DETAILS[i] = d;
  for (const done of WAITING[i] ?? []) done(d);
  delete WAITING[i];
}

function detail(i: number): Promise<Detail> {
  if (i in DETAILS) return Promise.resolve(DETAILS[i]);
  return new Promise((ok, fail) => {
    const first = !(i in WAITING);
    (WAITING[i] ??= []).push(ok);
    if (!first) return;
    const src = `${DATA.timelines}${i}.js`;
    const s = el('script', { src });
    s.addEventListener('error', () => {
      delete WAITING[i];
      s.remove();
      fail(new Error(`cannot load ${src} beside the page (bench report DIR writes it again)`));
    });
    document.head.appendChild(s);
  });
}

const FILTER = { golden: '', seat: '', gateSet: '', verdict: '', text: '' };
type FilterKey = keyof typeof FILTER;

function select(key: FilterKey, label: string, values: string[]): HTMLSelectElement {
  const s = el(
    'select',
    {
      'aria-label': label,
      'data-filter': key,
      onchange: () => {
        FILTER[key] = s.value;
        renderList();
      },
    },
    [
      el('option', { value: '', text: `every ${label}` }),
      ...values.map((v) => el('option', { value: v, text: v })),
    ],
  );
  return s;
}

function renderFilters(): void {
  const box = document.getElementById('filters')!;
  box.appendChild(select('golden', 'golden', uniq(IDX.map((t) => t.golden))));
  box.appendChild(select('seat', 'seat', uniq(IDX.map((t) => t.seat)).sort()));
  box.appendChild(select('gateSet', 'gate set', uniq(IDX.map((t) => t.gateSet))));
  box.appendChild(select('verdict', 'verdict', ['pass', 'fail', 'unscored', 'honesty']));
  const q = el('input', {
    type: 'search',
    placeholder: 'trial id contains',
    'aria-label': 'search',
    oninput: () => {
      FILTER.text = q.value;
      renderList();
    },
  });
  box.appendChild(q);
}

function shown(t: Trial): boolean {
  if (FILTER.golden && t.golden !== FILTER.golden) return false;
  if (FILTER.seat && t.seat !== FILTER.seat) return false;
  if (FILTER.gateSet && t.gateSet !== FILTER.gateSet) return false;
  if (FILTER.verdict === 'honesty') {
    if (!t.honesty.length) return false;
  } else if (FILTER.verdict && t.verdict !== FILTER.verdict) return false;
  return !FILTER.text || t.id.includes(FILTER.text);
}

let SELECTED = -1;

function renderList(): void {
  const rows = IDX.filter(shown).map((t) =>
    el(
      'tr',
      {
        cls: `trial${t.i === SELECTED ? ' selected' : ''}`,
        'data-trial': t.id,
        onclick: () => openTrial(t.i),
      },
      [
        el('td', { cls: 'id' }, [
          el('div', { cls: 'dim', text: t.golden }),
          el('div', { cls: 'mono', text: `${t.seat} · ${t.gateSet} · r${t.rep}` }),
        ]),
        el('td', { cls: t.verdict === 'pass' ? 'good' : 'bad', text: t.verdict }),
        el('td', { text: f2(t.correctness) }),
        el('td', {
          cls: t.honesty.length ? 'bad' : 'dim',
          title: t.honesty.join(', '),
          text: t.honesty.length ? String(t.honesty.length) : '–',
        }),
        el('td', { text: secs(t.wallMs) }),
      ],
    ),
  );
  const head = el(
    'tr',
    null,
    ['trial', 'verdict', 'corr', 'honesty', 'wall'].map((h) => el('th', { text: h })),
  );
  const list = document.getElementById('trial-list')!;
  list.replaceChildren(el('table', null, [el('thead', null, [head]), el('tbody', null, rows)]));
  list.setAttribute('data-count', String(rows.length));
}

function openTrial(i: number): void {
  SELECTED = i;
  for (const r of document.querySelectorAll('#trial-list tr.selected')) r.classList.remove('selected');
  const row = document.querySelector(`#trial-list tr[data-trial="${CSS.escape(IDX[i].id)}"]`);
  if (row) row.classList.add('selected');
  const box = document.getElementById('timeline')!;
  box.removeAttribute('data-trial');
  box.replaceChildren(el('p', { cls: 'dim', text: `loading ${IDX[i].id} …` }));
  detail(i).then(
    (d) => {
      if (SELECTED === i) renderTimeline(IDX[i], d);
    },
    (e: Error) => {
      if (SELECTED === i) box.replaceChildren(el('p', { cls: 'bad', text: e.message }));
    },
  );
  const hash = `#trial=${encodeURIComponent(IDX[i].id)}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function openFromHash(): void {
  const m = /^#trial=(.*)$/.exec(location.hash);
  if (!m) return;
  const id = decodeURIComponent(m[1]);
  const t = IDX.find((x) => x.id === id);
  if (t) openTrial(t.i);
}
