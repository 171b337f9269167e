// What the report page scripts share, set before each of them in the same script element: building elements without parsing HTML, and the controls that filter a table.

/**
 * Characters a reader would not see, or that reorder what follows them (zero-width spaces and
 * joiners, bidirectional controls, soft hyphens, tag characters): the set of src/http/inert.ts.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each mark is matched alone on purpose, to be shown escaped wherever it stands
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/** Text as shown: each invisible or reordering character as its escape (`\u202e`); line breaks and tabs stay. */
function visible(text) {
  return text.replace(INVISIBLE, (c) => {
    if (c === '\n' || c === '\t' || c === '\r') return c;
    const code = c.codePointAt(0);
    if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** Builds an element: attributes through setAttribute, children as text nodes (shown visible) or elements. */
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
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(visible(String(c))) : c);
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
