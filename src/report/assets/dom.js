// What the report page scripts share, set before each of them in the same script element: building elements without parsing HTML, and the controls that filter a table.

/** Builds an element: attributes through setAttribute, children as text nodes or elements. */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** A drop-down filtering on `state[name]`: "<label>: all", then each value; a choice sets the state and calls `apply`. */
// biome-ignore lint/correctness/noUnusedVariables: the page script set after this one calls it
function filterSelect(state, apply, name, values, label) {
  const el = h(
    'select',
    { name, 'aria-label': label },
    h('option', { value: '' }, `${label}: all`),
    values.map((v) => h('option', { value: v }, v)),
  );
  el.addEventListener('change', () => {
    state[name] = el.value;
    apply();
  });
  return el;
}

/** A search box filtering on requirement ids: its text, trimmed and lower-cased, goes to `state.q`, then `apply` runs. */
// biome-ignore lint/correctness/noUnusedVariables: the page script set after this one calls it
function idSearch(state, apply) {
  const search = h('input', {
    type: 'search',
    name: 'q',
    placeholder: 'requirement id contains…',
    'aria-label': 'search by requirement id',
  });
  search.addEventListener('input', () => {
    state.q = search.value.trim().toLowerCase();
    apply();
  });
  return search;
}
