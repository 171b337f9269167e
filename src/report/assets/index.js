// Draws index.html from the results embedded in the page; every string is set as text or as an attribute, never parsed as HTML.
(() => {
  const data = JSON.parse(document.getElementById('cloudconf-data').textContent);
  const VERDICTS = data.verdicts;
  const BROKEN = new Set(data.broken);
  /** Failures shown open at first; the rest stay one click away, so a run with many failures stays readable. */
  const OPEN_CARDS = 25;
  const reqs = data.requirements;

  const badge = (verdict) => h('span', { class: `badge v-${verdict}` }, verdict);

  function copyText(text, button) {
    const done = () => {
      const label = button.textContent;
      button.textContent = 'copied';
      setTimeout(() => {
        button.textContent = label;
      }, 1200);
    };
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
    } else fallbackCopy(text, done);
  }

  /** file:// pages may lack the clipboard API: copy through a selected text area instead. */
  function fallbackCopy(text, done) {
    const area = h('textarea', { readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
    done();
  }

  const command = (label, text, cls) => {
    const button = h('button', { type: 'button', class: 'copy', title: `copy the ${label}` }, `copy ${label}`);
    button.addEventListener('click', () => copyText(text, button));
    return h('div', { class: 'cmd' }, h('pre', { class: cls }, text), button);
  };

  /** JSON bodies are shown indented; anything else as it came. */
  function pretty(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }

  function bodyText(body) {
    if (!body) return '';
    const cut = body.cut ? `\n… ${body.cut} more characters: see results.json` : '';
    return `${body.cut ? body.text : pretty(body.text)}${cut}`;
  }

  const headerLines = (headers) =>
    Object.entries(headers || {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');

  function exchangeView(x, i, open) {
    const status = x.transportError ? `no answer (${x.transportError})` : `${x.status}`;
    const request = [
      `${x.method} ${x.url}`,
      headerLines(x.requestHeaders),
      x.requestBody ? `\n${bodyText(x.requestBody)}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const response = x.transportError
      ? x.transportError
      : [
          `HTTP ${x.status}${x.truncated ? ' (cut at the size cap)' : ''}`,
          headerLines(x.responseHeaders),
          `\n${bodyText(x.responseBody)}`,
        ]
          .filter(Boolean)
          .join('\n');
    return h(
      'details',
      { class: 'exchange', open },
      h('summary', null, `exchange ${i + 1}: ${x.method} ${x.url} → ${status} (${x.durationMs} ms)`),
      h(
        'div',
        { class: 'pair' },
        h('div', null, h('h4', null, 'Request'), h('pre', { class: 'request' }, request)),
        h('div', null, h('h4', null, 'Response'), h('pre', { class: 'response' }, response)),
      ),
      command('curl', x.curl, 'curl'),
    );
  }

  function failureView(f) {
    const few = f.exchanges.length <= 2;
    return h(
      'div',
      { class: 'failure' },
      h('h3', null, 'check ', h('code', null, f.check), f.case ? [' · case ', h('code', null, f.case)] : null),
      h(
        'dl',
        { class: 'kv' },
        h('dt', null, 'expected'),
        h('dd', { class: 'expected' }, f.expected),
        h('dt', null, 'actual'),
        h('dd', { class: 'actual' }, f.actual),
        h('dt', null, 'hint'),
        h('dd', { class: 'hint' }, f.hint),
      ),
      f.exchanges.map((x, i) => exchangeView(x, i, few)),
    );
  }

  /** A failure with the cases that failed alike: the first in full, each other one line that opens to the full case. */
  function groupView(f) {
    const view = failureView(f);
    if (!f.like || f.like.length === 0) return view;
    view.querySelector('h3').append(h('span', { class: 'like-count' }, ` · ${f.like.length + 1} cases like this one`));
    const lines = f.like.map((other) => {
      const line = h('details', { class: 'like-case' }, h('summary', null, other.line));
      line.addEventListener('toggle', () => line.append(failureView(other)), { once: true });
      return line;
    });
    view.append(
      h('details', { class: 'like' }, h('summary', null, `the other ${f.like.length}, one line each`), lines),
    );
    return view;
  }

  const anchor = (id) => `req-${encodeURIComponent(id)}`;

  /** The flaky mark: the verdict stands, and the target answered some of its requests only on a retry. */
  const flakyTag = (r) => (r.flaky ? h('span', { class: 'tag flaky', title: `flaky: ${r.flaky}` }, '~ flaky') : null);

  function changeTag(r) {
    if (!r.change) return null;
    const label = { new: 'new since baseline', known: 'known failure', improved: 'improved' }[r.change];
    return h('span', { class: `tag ${r.change}`, title: r.knownReason || '' }, label);
  }

  /** A failure card; a closed one builds its body when first opened, so a run with many failures opens quickly. */
  function cardView(r, open) {
    const card = h(
      'details',
      { class: `card v-${r.verdict}`, id: anchor(r.id), open, 'data-id': r.id },
      h(
        'summary',
        null,
        badge(r.verdict),
        h('code', { class: 'req-id' }, r.id),
        h('span', { class: 'muted' }, `${r.level} · part ${r.part} · ${r.area}`),
        changeTag(r),
        flakyTag(r),
      ),
      h('p', { class: 'text' }, r.text),
    );
    const fill = () =>
      card.append(
        r.reason ? h('p', { class: 'reason' }, h('strong', null, 'reason: '), r.reason) : '',
        r.flaky ? h('p', { class: 'reason' }, h('strong', null, 'flaky: '), r.flaky) : '',
        r.knownReason ? h('p', { class: 'muted' }, h('strong', null, 'known because: '), r.knownReason) : '',
        ...(r.failures || []).map(groupView),
        h('h3', null, 'replay'),
        command('replay command', r.replay, 'replay'),
      );
    if (open) fill();
    else card.addEventListener('toggle', fill, { once: true });
    return card;
  }

  // ---- filters

  const state = { verdicts: new Set(VERDICTS), part: '', area: '', level: '', q: '', onlyNew: false };

  function matches(r) {
    return (
      state.verdicts.has(r.verdict) &&
      (state.part === '' || String(r.part) === state.part) &&
      (state.area === '' || r.area === state.area) &&
      (state.level === '' || r.level === state.level) &&
      (state.q === '' || r.id.toLowerCase().includes(state.q)) &&
      (!state.onlyNew || r.change === 'new')
    );
  }

  const distinct = (key) => [...new Set(reqs.map((r) => String(r[key])))].sort();

  const controls = [];
  function select(name, values, label) {
    const el = filterSelect(state, apply, name, values, label);
    controls.push(el);
    return h('label', null, el);
  }

  const verdictBoxes = new Map();
  let newBox = null;
  function buildFilters() {
    const boxes = VERDICTS.map((v) => {
      const box = h('input', { type: 'checkbox', name: 'verdict', value: v, checked: true });
      verdictBoxes.set(v, box);
      box.addEventListener('change', () => {
        if (box.checked) state.verdicts.add(v);
        else state.verdicts.delete(v);
        apply();
      });
      return h('label', null, box, badge(v));
    });
    const search = idSearch(state, apply);
    controls.push(search);
    const reset = h('button', { type: 'button' }, 'show all');
    reset.addEventListener('click', resetFilters);
    const shown = h('span', { id: 'shown', class: 'muted' });
    const onlyNew = h('input', { type: 'checkbox', name: 'new' });
    onlyNew.addEventListener('change', () => {
      state.onlyNew = onlyNew.checked;
      apply();
    });
    newBox = onlyNew;
    const baselineFilter = reqs.some((r) => r.change === 'new')
      ? h('label', null, onlyNew, 'new since baseline')
      : null;
    document
      .getElementById('filters')
      .append(
        ...boxes,
        select('part', distinct('part'), 'part'),
        select('area', distinct('area'), 'area'),
        select('level', distinct('level'), 'level'),
        search,
        ...(baselineFilter ? [baselineFilter] : []),
        reset,
        shown,
      );
    for (const button of document.querySelectorAll('#counts .count')) {
      button.addEventListener('click', () => setVerdicts([button.dataset.verdict]));
    }
    return search;
  }

  function resetFilters() {
    for (const el of controls) el.value = '';
    if (newBox) newBox.checked = false;
    Object.assign(state, { part: '', area: '', level: '', q: '', onlyNew: false });
    setVerdicts(VERDICTS);
  }

  function setVerdicts(list) {
    state.verdicts = new Set(list);
    for (const [v, box] of verdictBoxes) box.checked = state.verdicts.has(v);
    apply();
  }

  // ---- sections

  const squares = [];
  const rows = [];
  const cards = [];

  function buildMatrix() {
    const body = document.getElementById('matrix-body');
    for (const part of distinct('part')) {
      const inPart = reqs.filter((r) => String(r.part) === part);
      const block = h('div', { class: 'matrix-part' }, h('h3', null, `Part ${part}`));
      for (const area of [...new Set(inPart.map((r) => r.area))]) {
        const inArea = inPart.filter((r) => r.area === area);
        const tally = VERDICTS.map((v) => [v, inArea.filter((r) => r.verdict === v).length])
          .filter(([, n]) => n > 0)
          .map(([v, n]) => `${n} ${v}`)
          .join(', ');
        const cells = inArea.map((r) => {
          const sq = h('button', {
            type: 'button',
            class: `sq v-${r.verdict}${r.change === 'new' ? ' new' : ''}${r.flaky ? ' flaky' : ''}`,
            title: `${r.id}: ${r.verdict}${r.flaky ? ' (flaky)' : ''}`,
            'aria-label': `${r.id}: ${r.verdict}${r.flaky ? ' (flaky)' : ''}`,
          });
          sq.addEventListener('click', () => show(r));
          squares.push([r, sq]);
          return sq;
        });
        block.append(
          h(
            'div',
            { class: 'matrix-row' },
            h('div', { class: 'area' }, area, h('small', null, tally)),
            h('div', { class: 'squares' }, cells),
          ),
        );
      }
      body.append(block);
    }
  }

  function buildFailures() {
    const body = document.getElementById('failures-body');
    const broken = reqs.filter((r) => BROKEN.has(r.verdict));
    // Fails first, then errors, then non-strict; new failures before known ones.
    const rank = (r) => VERDICTS.indexOf(r.verdict) * 2 + (r.change === 'known' ? 1 : 0);
    broken.sort((a, b) => rank(a) - rank(b));
    if (broken.length === 0) body.append(h('p', { class: 'empty' }, 'No failures.'));
    broken.forEach((r, i) => {
      const card = cardView(r, i < OPEN_CARDS);
      cards.push([r, card]);
      body.append(card);
    });
  }

  function buildTable() {
    const tbody = document.querySelector('#all-table tbody');
    const fragment = document.createDocumentFragment();
    for (const r of reqs) {
      const row = h(
        'tr',
        { 'data-id': r.id },
        h('td', { class: 'id' }, BROKEN.has(r.verdict) ? h('a', { href: `#${anchor(r.id)}` }, r.id) : r.id),
        h('td', null, r.level),
        h('td', null, badge(r.verdict), ' ', changeTag(r), ' ', flakyTag(r)),
        h(
          'td',
          null,
          r.text,
          r.reason ? h('div', { class: 'muted' }, r.reason) : null,
          r.flaky ? h('div', { class: 'muted' }, `flaky: ${r.flaky}`) : null,
        ),
      );
      rows.push([r, row]);
      fragment.append(row);
    }
    tbody.append(fragment);
  }

  function apply() {
    let shown = 0;
    for (const [r, sq] of squares) {
      const m = matches(r);
      sq.classList.toggle('dim', !m);
      if (m) shown += 1;
    }
    for (const [r, row] of rows) row.hidden = !matches(r);
    let failing = 0;
    for (const [r, card] of cards) {
      card.hidden = !matches(r);
      if (!card.hidden) failing += 1;
    }
    document.getElementById('shown').textContent = `showing ${shown} of ${reqs.length}`;
    document.getElementById('failures-count').textContent = `(${failing} shown of ${cards.length})`;
    document.getElementById('all-count').textContent = `(${shown})`;
  }

  /** Brings a requirement into view: its failure card when it has one, else its table row. */
  function show(r) {
    for (const el of document.querySelectorAll('.selected')) el.classList.remove('selected');
    if (!matches(r)) resetFilters();
    const card = cards.find(([c]) => c === r)?.[1];
    const target = card || rows.find(([c]) => c === r)?.[1];
    if (!target) return;
    if (card) card.open = true;
    target.classList.add('selected');
    target.scrollIntoView({ block: 'center' });
  }

  const search = buildFilters();
  buildMatrix();
  buildFailures();
  buildTable();
  // #req-<id> in the address searches for that requirement, so a link to one failure works.
  const wanted = decodeURIComponent(location.hash.replace(/^#req-/, ''));
  if (location.hash.startsWith('#req-') && wanted) {
    search.value = wanted;
    state.q = wanted.toLowerCase();
  }
  apply();
  performance.mark('cloudconf:drawn');
})();
