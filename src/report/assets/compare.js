// Draws the comparison page from the runs embedded in it; every string is set as text or as an attribute, never parsed as HTML.
(() => {
  const data = JSON.parse(document.getElementById('cloudconf-data').textContent);
  const BROKEN = new Set(data.broken);
  /** The tag of each move: its style, and its words. */
  const MOVE_TAG = {
    worse: ['new', '▼ worse'],
    better: ['improved', '▲ better'],
    unjudged: ['known', '○ not judged now'],
    judged: ['known', '● judged now'],
  };

  const isChanged = (row) => new Set(row.verdicts.filter((v) => v !== null)).size > 1;

  /** The cell of one run: its verdict, and how it moved from the run before it. */
  function cell(row, i) {
    const v = row.verdicts[i];
    if (v === null) return h('td', { class: 'cell muted', title: 'not in this run' }, '—');
    // The page draws the move the report computed (compare.ts moveOf), so the ranking lives in one place.
    const move = row.moves[i];
    const run = data.runs[i];
    const label = h('span', { class: `badge v-${v}` }, v);
    const shown =
      run.href && BROKEN.has(v) ? h('a', { href: `${run.href}#req-${encodeURIComponent(row.id)}` }, label) : label;
    return h(
      'td',
      { class: `cell${move ? ` ${move}` : ''}`, title: data.details[i][row.id] || '', 'data-verdict': v },
      shown,
      move ? h('span', { class: `tag ${MOVE_TAG[move][0]}` }, MOVE_TAG[move][1]) : null,
    );
  }

  const state = { onlyChanged: data.rows.some(isChanged), part: '', area: '', q: '' };
  const rendered = [];

  function buildTable() {
    const table = document.getElementById('compare-table');
    table.tHead.append(
      h(
        'tr',
        null,
        h('th', null, 'requirement'),
        h('th', null, 'level'),
        data.runs.map((r, i) => h('th', { class: 'cell', title: r.label }, `${i + 1}: ${r.label}`)),
        h('th', null, 'text'),
      ),
    );
    const fragment = document.createDocumentFragment();
    for (const row of data.rows) {
      const changed = isChanged(row);
      const tr = h(
        'tr',
        { class: changed ? 'changed' : null, 'data-id': row.id },
        h('td', { class: 'id' }, row.id),
        h('td', null, row.level),
        row.verdicts.map((_, i) => cell(row, i)),
        h('td', null, row.text),
      );
      rendered.push([row, changed, tr]);
      fragment.append(tr);
    }
    table.tBodies[0].append(fragment);
  }

  function apply() {
    let shown = 0;
    for (const [row, changed, tr] of rendered) {
      tr.hidden = !(
        (!state.onlyChanged || changed) &&
        (state.part === '' || String(row.part) === state.part) &&
        (state.area === '' || row.area === state.area) &&
        (state.q === '' || row.id.toLowerCase().includes(state.q))
      );
      if (!tr.hidden) shown += 1;
    }
    document.getElementById('shown').textContent = `showing ${shown} of ${rendered.length}`;
  }

  function buildFilters() {
    const only = h('input', { type: 'checkbox', name: 'changed', checked: state.onlyChanged });
    only.addEventListener('change', () => {
      state.onlyChanged = only.checked;
      apply();
    });
    const search = idSearch(state, apply);
    const distinct = (key) => [...new Set(data.rows.map((r) => String(r[key])))].sort();
    document
      .getElementById('filters')
      .append(
        h('label', null, only, 'only requirements whose verdict changed'),
        filterSelect(state, apply, 'part', distinct('part'), 'part'),
        filterSelect(state, apply, 'area', distinct('area'), 'area'),
        search,
        h('span', { id: 'shown', class: 'muted' }),
      );
  }

  buildFilters();
  buildTable();
  apply();
})();
