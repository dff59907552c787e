/**
 * report.html's script, last part: wiring. The filters and the list, a grid cell's click as a
 * filter, the plots (a failure there is shown, not thrown: the list still works), and a trial
 * named in the URL's hash opened.
 */

function main(): void {
  renderFilters();
  renderList();
  document.querySelectorAll<HTMLElement>('td.cell').forEach((td) => {
    td.addEventListener('click', () => {
      for (const k of ['golden', 'seat', 'gate'] as const) {
        const key: FilterKey = k === 'gate' ? 'gateSet' : k;
        FILTER[key] = td.getAttribute(`data-${k}`) ?? '';
        const s = document.querySelector<HTMLSelectElement>(`#filters select[data-filter="${key}"]`);
        if (s) s.value = FILTER[key];
      }
      renderList();
      document.getElementById('trials')!.scrollIntoView();
    });
  });
  try {
    renderPlots();
  } catch (e) {
    document.getElementById('plots')!.appendChild(el('p', { cls: 'bad', text: `plots failed: ${e}` }));
  }
  window.addEventListener('hashchange', openFromHash);
  openFromHash();
}

main();
