// cardstock preview: fills the page from state.json and keeps it current: /events sends
// the state again whenever it changes, and the page changes only what differs, in
// place (elements keep their identity, so the scroll position and focus stay, and a
// picture is fetched again only when its key, a hash of what it shows, changed).
'use strict';

const byId = (id) => document.getElementById(id);
let state = null;
let openCard = null;  // dom id of the card shown larger

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function pic(key) { return 'pic/' + key + '.png'; }

function setImg(img, key, alt, w, h) {
  if (img.dataset.key !== key) { img.dataset.key = key; img.src = pic(key); }
  if (img.alt !== alt) img.alt = alt;
  if (w) { img.width = w; img.height = h; }
}

// Makes `parent`'s children the elements for `items`, in order: an existing child of the
// same key is updated in place, a new one made, the rest removed.
function sync(parent, items, keyOf, make, update) {
  const old = new Map();
  for (const c of Array.from(parent.children)) if (c.dataset.sync) old.set(c.dataset.sync, c);
  let at = 0;
  for (const item of items) {
    const key = keyOf(item);
    let e = old.get(key);
    if (e) old.delete(key); else { e = make(item); e.dataset.sync = key; }
    update(e, item);
    if (parent.children[at] !== e) parent.insertBefore(e, parent.children[at] || null);
    at++;
  }
  for (const e of old.values()) e.remove();
}

function cardAlt(deck, card, side) {
  return 'Card ' + card.id + ' of deck ' + (deck.title || deck.id) + ', ' + side;
}

function makeCard(card) {
  const b = el('button', 'card');
  b.type = 'button';
  const sides = el('span', 'sides');
  const front = el('img', 'front');
  front.loading = 'lazy';
  front.decoding = 'async';
  sides.append(front);
  b.append(sides, el('span', 'name'), el('span', 'copies'));
  b.addEventListener('click', () => showCard(b.id));
  return b;
}

function updateCard(b, card, deck, problems) {
  const changed = b.dataset.front && b.dataset.front !== card.front;
  b.id = card.dom;
  b.dataset.cardId = card.id;
  b.dataset.deck = deck.id;
  b.dataset.front = card.front;
  const sides = b.querySelector('.sides');
  setImg(sides.querySelector('img.front'), card.front, cardAlt(deck, card, 'front'), card.w, card.h);
  let back = sides.querySelector('img.back');
  if (card.back) {
    if (!back) { back = el('img', 'back'); back.loading = 'lazy'; sides.append(back); }
    setImg(back, card.back, cardAlt(deck, card, 'back'), card.w, card.h);
  } else if (back) back.remove();
  b.querySelector('.name').textContent = card.id;
  b.querySelector('.copies').textContent = card.copies === 1 ? '1 copy' : '× ' + card.copies + ' copies';
  const bad = problems.has(card.dom);
  b.classList.toggle('has-problem', bad);
  b.setAttribute('aria-label', 'Card ' + card.id + ', ' + (card.copies === 1 ? '1 copy' : card.copies + ' copies') +
    (bad ? ', has a problem' : '') + '. Enter shows it larger.');
  if (changed) { b.classList.remove('flash'); void b.offsetWidth; b.classList.add('flash'); }
}

function makeDeck() {
  const s = el('section', 'deck');
  s.append(el('h3'), el('div', 'cards'));
  return s;
}

function updateDeck(s, deck, problems) {
  s.id = deck.dom;
  const h = s.querySelector('h3');
  h.textContent = (deck.title || deck.id) + ' ';
  const n = deck.cards.reduce((a, c) => a + c.copies, 0);
  h.append(el('span', 'meta', '(' + deck.cards.length + ' cards, ' + n + ' copies, ' +
    deck.width_mm.toFixed(1) + ' × ' + deck.height_mm.toFixed(1) + ' mm; ' + deck.source + ')'));
  sync(s.querySelector('.cards'), deck.cards, (c) => c.dom, makeCard, (b, c) => updateCard(b, c, deck, problems));
}

function makeOutput() {
  const d = el('details', 'output');
  d.open = true;
  d.append(el('summary'), el('div', 'pages'));
  return d;
}

function updateOutput(d, out, problems) {
  d.id = out.dom;
  d.querySelector('summary').textContent = out.file + ': ' + out.pages.length + (out.pages.length === 1 ? ' page' : ' pages');
  d.classList.toggle('has-problem', problems.has(out.dom));
  sync(d.querySelector('.pages'), out.pages, (p) => String(p.n), () => {
    const f = el('figure');
    const img = el('img');
    img.loading = 'lazy';
    f.append(img, el('figcaption'));
    return f;
  }, (f, p) => {
    setImg(f.querySelector('img'), p.key, out.file + ', page ' + p.n, p.w, p.h);
    f.querySelector('figcaption').textContent = 'page ' + p.n;
  });
}

function makeGame() {
  const s = el('section', 'game');
  const sheets = el('section', 'outputs sheets');
  sheets.append(el('h3', '', 'Printed sheets'), el('div', 'list'));
  const booklet = el('section', 'outputs booklet');
  booklet.append(el('h3', '', 'Booklet pages, in reading order'), el('div', 'list'));
  s.append(el('h2'), el('p', 'stale-note',
    'This game has errors: these are its cards as they last loaded without them. Fix the problems above and save.'),
    el('div', 'decks'), sheets, booklet);
  return s;
}

function updateGame(s, g, problems) {
  s.id = 'game-' + g.id;
  s.classList.toggle('stale', !!g.stale);
  const h = s.querySelector('h2');
  h.textContent = (g.title || g.id || g.source) + ' ';
  h.append(el('span', 'file', g.source));
  sync(s.querySelector('.decks'), g.decks, (d) => d.dom, makeDeck, (e, d) => updateDeck(e, d, problems));
  for (const [cls, list] of [['sheets', g.sheets], ['booklet', g.booklet]]) {
    const part = s.querySelector('.' + cls);
    part.hidden = list.length === 0;
    sync(part.querySelector('.list'), list, (o) => o.dom, makeOutput, (e, o) => updateOutput(e, o, problems));
  }
}

function updateProblems(st) {
  const list = byId('problem-list');
  list.replaceChildren();
  for (const p of st.problems) {
    const li = el('li', 'sev-' + p.severity);
    const where = p.target ? el('a', 'where', p.where) : el('span', 'where', p.where);
    if (p.target) where.href = '#' + p.target;
    li.append(where, ': ', el('span', 'sev', p.severity), ': ', el('span', 'message', p.message));
    list.append(li);
  }
  byId('problems').hidden = st.problems.length === 0;
  const said = byId('said');
  said.textContent = st.said || '';
  said.hidden = !st.said;
}

function updateToc(st) {
  const toc = byId('toc');
  toc.replaceChildren();
  for (const g of st.games)
    for (const d of g.decks) {
      const a = el('a', '', d.title || d.id);
      a.href = '#' + d.dom;
      toc.append(a);
    }
}

function apply(st) {
  state = st;
  const problems = new Set(st.problems.filter((p) => p.severity !== 'note').map((p) => p.target).filter(Boolean));
  updateProblems(st);
  updateToc(st);
  sync(byId('games'), st.games, (g) => g.source, makeGame, (e, g) => updateGame(e, g, problems));
  const errors = st.problems.filter((p) => p.severity === 'error').length;
  const cards = st.games.reduce((a, g) => a + g.decks.reduce((b, d) => b + d.cards.length, 0), 0);
  setStatus('live', cards + ' cards' + (errors ? ', ' + errors + ' error' + (errors === 1 ? '' : 's') : '') +
    ' · updated ' + new Date().toLocaleTimeString());
  document.body.dataset.version = String(st.version);
  if (openCard) {
    if (byId(openCard)) showCard(openCard); else byId('card-view').close();
  }
}

function setStatus(cls, text) {
  const s = byId('status');
  s.className = 'status ' + cls;
  s.textContent = text;
}

function findCard(dom) {
  for (const g of state.games)
    for (const d of g.decks)
      for (const c of d.cards) if (c.dom === dom) return [g, d, c];
  return null;
}

function showCard(dom) {
  const found = findCard(dom);
  if (!found) return;
  const [, deck, card] = found;
  openCard = dom;
  byId('card-view-title').textContent = card.id + ' (' + (deck.title || deck.id) + ', ' +
    (card.copies === 1 ? '1 copy' : card.copies + ' copies') + ')';
  const pics = byId('card-view-pictures');
  pics.replaceChildren();
  for (const [side, key] of [['front', card.front_large], ['back', card.back_large]]) {
    if (!key) continue;
    const f = el('figure');
    const img = el('img');
    setImg(img, key, cardAlt(deck, card, side) + ', with trim, bleed and safe lines');
    f.append(img, el('figcaption', '', side));
    pics.append(f);
  }
  const probs = byId('card-view-problems');
  probs.replaceChildren();
  for (const p of state.problems.filter((x) => x.target === dom))
    probs.append(el('p', 'sev-' + p.severity, p.where + ': ' + p.severity + ': ' + p.message));
  const body = byId('card-view-fields').querySelector('tbody');
  body.replaceChildren();
  for (const f of card.fields) {
    const tr = el('tr');
    tr.append(el('td', '', f.name), el('td', '', f.value), el('td', 'where', f.source));
    body.append(tr);
  }
  const src = byId('card-view-sources');
  src.replaceChildren(el('li', '', 'card: ' + card.source));
  for (const d of card.designs) {
    src.append(el('li', '', d.side + ' design ' + d.name + ': ' + d.source));
    for (const l of d.layers) src.append(el('li', '', '  layer ' + l.n + ': ' + l.source));
  }
  const dlg = byId('card-view');
  if (!dlg.open) dlg.showModal();
}

async function refresh() {
  try {
    const r = await fetch('state.json', { cache: 'no-store' });
    if (!r.ok) throw new Error('state.json: ' + r.status);
    apply(await r.json());
  } catch (e) {
    setStatus('offline', 'cannot reach cardstock preview (is it still running?)');
  }
}

function listen() {
  const events = new EventSource('events');
  events.addEventListener('state', (e) => {
    try { apply(JSON.parse(e.data)); } catch (err) { refresh(); }
  });
  events.addEventListener('error', () => {
    setStatus('offline', 'reconnecting to cardstock preview…');
    // Refused for good (too many open tabs: 503): try again later.
    if (events.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
  });
}

byId('card-view').addEventListener('close', () => {
  const back = openCard && byId(openCard);
  openCard = null;
  if (back) back.focus();
});
refresh().then(listen);
