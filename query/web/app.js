// SPDX-License-Identifier: MIT
// mjq serve's page: a palette to click a hand together, the analysis from
// /api/analyze drawn as tiles, and the hand kept in the URL.  Without this
// script the page still works: the form asks the server, which renders the
// analysis as text.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const NUMERALS = '一二三四五六七八九';
const HONORS = '東南西北白發中';
const RED = '#c0392b', BLUE = '#1f5f8b', GREEN = '#2e7d32', INK = '#1d232a';

// ==== Tiles ====

// A tile id: 0-33 the kinds (1m..9m, 1p..9p, 1s..9s, 1z..7z), 34-36 red fives.
function kindOf(id) { return id >= 34 ? (id - 34) * 9 + 4 : id; }
function nameOf(id) {
  if (id >= 34) return '0' + 'mps'[id - 34];
  return String(id % 9 + 1) + 'mpsz'[Math.floor(id / 9)];
}

// Tile ids of text in the text form ("406m1z"; calls after commas are
// returned apart).
function parseTiles(text) {
  const ids = [];
  let digits = [];
  for (const c of text) {
    if (c >= '0' && c <= '9') { digits.push(c); continue; }
    const suit = 'mpsz'.indexOf(c);
    if (suit < 0) { digits = []; continue; }
    for (const d of digits) {
      if (d === '0' && suit < 3) ids.push(34 + suit);
      else if (d !== '0') ids.push(suit * 9 + Number(d) - 1);
    }
    digits = [];
  }
  return ids;
}

function el(name, attrs, ...children) {
  const e = name.startsWith('svg:') ?
    document.createElementNS(SVG, name.slice(4)) : document.createElement(name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children)
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}

// Pip positions of the circles and bamboo suits, on a 40 x 56 face.
const PIPS = {
  1: [[20, 28]], 2: [[20, 14], [20, 42]], 3: [[10, 12], [20, 28], [30, 44]],
  4: [[12, 15], [28, 15], [12, 41], [28, 41]],
  5: [[12, 13], [28, 13], [20, 28], [12, 43], [28, 43]],
  6: [[12, 12], [28, 12], [12, 28], [28, 28], [12, 44], [28, 44]],
  7: [[9, 9], [20, 14], [31, 19], [12, 33], [28, 33], [12, 46], [28, 46]],
  8: [[12, 9], [28, 9], [12, 22], [28, 22], [12, 35], [28, 35], [12, 48],
      [28, 48]],
  9: [[9, 11], [20, 11], [31, 11], [9, 28], [20, 28], [31, 28], [9, 45],
      [20, 45], [31, 45]],
};

// The picture of tile id, drawn here: no image is fetched.
function tileSVG(id) {
  const kind = kindOf(id), suit = Math.floor(kind / 9), n = kind % 9 + 1;
  const red = id >= 34;
  const s = el('svg:svg', { viewBox: '0 0 40 56', role: 'img',
                            'aria-label': nameOf(id) });
  s.append(el('svg:rect', { class: 'face', x: 1, y: 1, width: 38, height: 54,
                            rx: 5, fill: '#fdfcf5', stroke: '#8a8f96',
                            'stroke-width': 1.5 }));
  if (suit === 0) {
    s.append(el('svg:text', { x: 20, y: 24, 'text-anchor': 'middle',
                              'font-size': 19, fill: red ? RED : INK,
                              'font-family': 'serif' }, NUMERALS[n - 1]));
    s.append(el('svg:text', { x: 20, y: 48, 'text-anchor': 'middle',
                              'font-size': 19, fill: RED,
                              'font-family': 'serif' }, '萬'));
  } else if (suit === 1) {
    const r = n === 1 ? 12 : n <= 4 ? 7 : n <= 6 ? 6 : 5;
    PIPS[n].forEach(([x, y], i) => {
      const c = red || (n === 1) || (n === 5 && i === 2) ? RED :
        (i % 2 ? GREEN : BLUE);
      s.append(el('svg:circle', { cx: x, cy: y, r, fill: 'none', stroke: c,
                                  'stroke-width': 2.2 }));
      s.append(el('svg:circle', { cx: x, cy: y, r: r / 3, fill: c }));
    });
  } else if (suit === 2) {
    if (n === 1) {  // the bird, as a simple emblem
      s.append(el('svg:circle', { cx: 20, cy: 22, r: 8, fill: GREEN }));
      s.append(el('svg:path', { d: 'M12 40 Q20 28 28 40 L20 48 Z',
                                fill: red ? RED : GREEN }));
    } else {
      PIPS[n].forEach(([x, y], i) => {
        const c = red || (n === 5 && i === 2) || (n === 9 && i % 3 === 1) ?
          RED : GREEN;
        s.append(el('svg:rect', { x: x - 2.5, y: y - 6, width: 5, height: 12,
                                  rx: 2, fill: c }));
      });
    }
  } else if (n === 5) {  // White: an empty frame
    s.append(el('svg:rect', { x: 9, y: 10, width: 22, height: 36, rx: 2,
                              fill: 'none', stroke: BLUE,
                              'stroke-width': 2.5 }));
  } else {
    const c = n === 6 ? GREEN : n === 7 ? RED : INK;
    s.append(el('svg:text', { x: 20, y: 38, 'text-anchor': 'middle',
                              'font-size': 26, fill: c,
                              'font-family': 'serif' }, HONORS[n - 1]));
  }
  return s;
}

function tile(id, opts) {
  const o = opts || {};
  const t = el(o.button ? 'button' : 'span',
               o.button ? { type: 'button', class: 'tile',
                            'data-tile': nameOf(id),
                            'aria-label': o.label || nameOf(id) }
                        : { class: 'tile', title: nameOf(id) });
  t.append(tileSVG(id));
  return t;
}

function tileRow(names, cls) {
  const row = el('span', { class: 'tiles ' + (cls || 'small') });
  for (const n of names) for (const id of parseTiles(n)) row.append(tile(id));
  return row;
}

// ==== The hand being made ====

const state = { ids: [], calls: '', seen: [] };
const $ = (id) => document.getElementById(id);

function handText() {
  const by = [[], [], [], []];
  for (const id of [...state.ids].sort((a, b) =>
    kindOf(a) - kindOf(b) || b - a))
    by[Math.floor(kindOf(id) / 9)].push(id >= 34 ? 0 : kindOf(id) % 9 + 1);
  const text = by.map((d, s) => d.length ? d.join('') + 'mpsz'[s] : '')
    .join('');
  return state.calls ? text + ',' + state.calls : text;
}

function fromText(text) {
  const comma = text.indexOf(',');
  state.ids = parseTiles(comma < 0 ? text : text.slice(0, comma));
  state.calls = comma < 0 ? '' : text.slice(comma + 1);
}

function held(kind) {
  return state.ids.filter((id) => kindOf(id) === kind).length +
    state.seen.filter((id) => kindOf(id) === kind).length;
}

function seenText() {
  return [...state.seen].sort((a, b) => kindOf(a) - kindOf(b) || b - a)
    .map(nameOf).join('');
}

function toSeen() {
  return document.querySelector('input[name=target]:checked').value === 'seen';
}

// The tiles of list in box, sorted, each a button that takes it out.
function drawRemovable(box, list, verb) {
  box.replaceChildren();
  [...list].sort((a, b) => kindOf(a) - kindOf(b) || b - a)
    .forEach((id) => {
      const b = tile(id, { button: true, label: verb + ' ' + nameOf(id) });
      b.addEventListener('click', () => {
        list.splice(list.indexOf(id), 1);
        changed();
      });
      box.append(b);
    });
}

function drawHand() {
  const box = $('hand-tiles');
  drawRemovable(box, state.ids, 'remove');
  if (state.calls)
    for (const c of state.calls.split(','))
      box.append(el('span', { class: 'call' }, tileRow([c], 'tiles')));
  drawRemovable($('seen-tiles'), state.seen, 'unsee');
  const three = $('players').checked, full = !toSeen() && state.ids.length >= 14;
  for (const b of $('palette').querySelectorAll('button')) {
    const id = Number(b.dataset.id), k = kindOf(id);
    const absent = three && k >= 1 && k <= 7;
    b.disabled = absent || held(k) >= 4 || full ||
      (id >= 34 && (state.ids.includes(id) || state.seen.includes(id)));
  }
}

function buildPalette() {
  const p = $('palette');
  const order = [];
  for (let s = 0; s < 3; s++) {
    for (let r = 0; r < 9; r++) order.push(s * 9 + r);
    order.push(34 + s);
  }
  for (let z = 27; z < 34; z++) order.push(z);
  for (const id of order) {
    const b = tile(id, { button: true, label: 'add ' + nameOf(id) });
    b.dataset.id = id;
    b.addEventListener('click', () => {
      (toSeen() ? state.seen : state.ids).push(id);
      changed();
    });
    p.append(b);
  }
  p.hidden = false;
  $('target').hidden = false;
  $('clear').hidden = false;
}

// ==== The analysis ====

const FORMS = { standard: 'standard', chiitoitsu: 'seven pairs',
                kokushi: 'thirteen orphans' };

// Each effective tile with the copies left of it written under it (no
// hover needed: a phone cannot hover).
function ukeireCell(u) {
  const cell = el('span', { class: 'tiles small' });
  u.tiles.forEach((name, i) => {
    const t = tile(parseTiles(name)[0]);
    t.title = name + ': ' + u.left[i] + ' left';
    cell.append(el('span', { class: 'left' }, t,
                   el('span', { class: 'count' }, String(u.left[i]))));
  });
  return cell;
}

// The improvement tiles, each with the copies left of it and the most
// effective tiles a discard leaves after drawing it (→ N) under it.
function improveCell(imp) {
  const cell = el('span', { class: 'tiles small', id: 'improvement' });
  imp.tiles.forEach((name, i) => {
    const t = tile(parseTiles(name)[0]);
    t.title = name + ': ' + imp.left[i] + ' left; then ' + imp.best[i] +
      ' effective tiles after discarding ' + imp.discards[i].join(' or ');
    cell.append(el('span', { class: 'left' }, t,
                   el('span', { class: 'count' }, String(imp.left[i])),
                   el('span', { class: 'count best' }, '→' + imp.best[i])));
  });
  return cell;
}

// A shanten as a player says it: -1 is a complete hand.
function shantenWord(n) { return n === -1 ? 'complete' : String(n); }

// The tiles a hand's text holds, 3 for each call.
function tileCount(text) {
  const parts = text.split(',');
  return parseTiles(parts[0]).length + 3 * (parts.length - 1);
}

// Why the server refused the hand or the seen tiles, in a player's words
// where the page can tell (the code, the offset of the character); any
// other refusal (a fifth copy, a call that is no meld) as the server says.
function refusal(body) {
  const seen = body.field === 'visible';
  const text = (seen ? $('visible') : $('hand')).value.trim();
  const pre = seen ? 'seen tiles: ' : '';
  if (body.code === 'ECOUNT' && !seen) {
    const n = tileCount(text);
    if (n > 14) return 'remove a tile (13 or 14 for a full hand)';
    return 'add a tile (13 or 14 for a full hand)';
  }
  // a player reads the tile, not the byte it sits at
  const plain = body.error.replace(/,? (fifth )?at offset \d+/, '');
  if (body.code !== 'ESYNTAX' || body.offset === null ||
      body.offset >= text.length) return plain;
  const c = text[body.offset];
  if ('MPSZ'.includes(c))
    return pre + 'this is not a tile: ' + c + ' (suits are small letters: ' +
      'm, p, s, z)';
  if ('mpsz'.includes(c))
    return pre + 'put the numbers before their suit, as in 123m';
  if (c === ' ')
    return pre + 'write a suit\'s numbers together, as in 123m';
  if (c >= '0' && c <= '9')
    return /honor/.test(body.error) ?
      pre + 'this is not a tile: ' + c + 'z (the honors are 1z to 7z)' :
      pre + 'end the numbers with their suit: m, p, s or z';
  if (c.charCodeAt(0) < 0x80) return pre + 'this is not a tile: ' + c;
  return plain;
}

function render(a) {
  const box = $('answer');
  box.replaceChildren();
  const s = a.shanten;
  const word = s.overall === -1 ? 'complete' : s.overall === 0 ? 'tenpai' :
    s.overall + '-shanten';
  const forms = ['standard', 'chiitoitsu', 'kokushi']
    .filter((f) => s[f] !== null)
    .map((f) => FORMS[f] + ' ' + shantenWord(s[f])).join(', ');
  box.append(el('p', { class: 'shanten', id: 'shanten' },
                el('strong', {}, word), ' ', el('span', { class: 'forms' },
                                                 '(' + forms + ')')));
  if (a.discards) {
    box.append(el('h2', {}, 'Discards'));
    const table = el('table', { id: 'discards' },
                     el('tr', {}, el('th', {}, 'discard'),
                        el('th', {}, 'shanten'), el('th', {}, 'effective tiles'),
                        el('th', {}, 'tiles'),
                        el('th', { title: 'copies left of the draws that ' +
                                   'widen the hand without lowering ' +
                                   'its shanten' }, 'improve'),
                        el('th', { title: 'for each effective tile, its ' +
                                   'copies left times the effective ' +
                                   'tiles it leads to' }, 'two-step'),
                        el('th', { class: 'prob' }, 'tenpai'),
                        el('th', { class: 'prob' }, 'win'),
                        el('th', { class: 'prob', title: 'expected points ' +
                                   'of a tsumo win within the draws' },
                           'points')));
    const best = a.discards.length ? a.discards[0] : null;
    for (const d of a.discards) {
      const top = d.shanten === best.shanten && d.ukeire.count ===
        best.ukeire.count;
      const row = el('tr', { class: top ? 'best' : '', 'data-tile': d.tile },
                     el('td', {}, tile(parseTiles(d.tile)[0])),
                     el('td', { class: 'num' }, String(d.shanten)),
                     el('td', {}, ukeireCell(d.ukeire)),
                     el('td', { class: 'num' }, String(d.ukeire.count)),
                     el('td', { class: 'num improve' }, d.improvement ?
                        String(d.improvement.count) : ''),
                     el('td', { class: 'num two-step' }, d.two_step ?
                        String(d.two_step.total) : '–'),
                     el('td', { class: 'num prob tenpai' }, '…'),
                     el('td', { class: 'num prob win' }, '…'),
                     el('td', { class: 'num prob points' }, '…'));
      table.append(row);
    }
    box.append(table);
  }
  if (a.ukeire) {
    box.append(el('h2', {}, 'Effective tiles: ' + a.ukeire.count + ' left'));
    const cell = ukeireCell(a.ukeire);
    cell.id = 'ukeire';
    box.append(cell);
  }
  if (a.improvement) {
    const imp = a.improvement;
    box.append(el('h2', {}, 'Improvement tiles: ' + imp.count + ' left'));
    box.append(imp.tiles.length ? improveCell(imp) :
      el('p', { class: 'note' }, 'No draw widens this hand.'));
    if (a.two_step)
      box.append(el('p', { class: 'note', id: 'two-step' },
        'Two-step: ' + a.two_step.total + ' (each effective tile\'s copies ' +
        'left times the effective tiles it leaves: ' +
        a.two_step.tiles.map((t, i) => t + ' → ' + a.two_step.reach[i])
          .join(', ') + ').'));
  }
  box.append(el('section', { id: 'chances', hidden: '' }));
  if (a.waits) {
    box.append(el('h2', {}, 'Waits'));
    if (!a.shapes || !a.shapes.length)
      box.append(el('p', {}, 'tenpai, but no tile is left to win on'));
    for (const w of a.shapes || []) {
      const line = el('div', { class: 'shape' }, tile(parseTiles(w.tile)[0]),
                      el('span', { class: 'name' }, w.shape));
      if (w.melds && w.melds.length)
        line.append(tileRow(['' + w.wait]), tileRow(w.melds),
                    w.pair ? tileRow([w.pair]) : '');
      box.append(line);
    }
  }
  if (s.overall === -1 && !$('players').checked) box.append(scoreForm());
  if (a.decompositions) {
    box.append(el('h2', {}, 'Complete'));
    for (const d of a.decompositions) {
      const line = el('div', { class: 'shape' },
                      el('span', { class: 'name' }, FORMS[d.form]));
      if (d.melds) line.append(tileRow(d.melds), tileRow([d.pair]));
      box.append(line);
    }
  }
}

// ==== The score of a complete hand ====

const WINDS = ['1z', '2z', '3z', '4z'];

// The winning tile: the one added last (clicked, or written last).
function lastTile() {
  const ids = state.ids.length ? state.ids :
    parseTiles($('hand').value.split(',')[0]);
  return ids.length ? nameOf(ids[ids.length - 1]) : null;
}

function select(id, label, options, value) {
  const s = el('select', { id, name: id });
  for (const [v, text] of options) {
    const o = el('option', { value: v }, text);
    if (v === value) o.selected = true;
    s.append(o);
  }
  s.addEventListener('change', askScore);
  return el('label', { class: 'check' }, label + ' ', s);
}

function check(id, label) {
  const c = el('input', { type: 'checkbox', id });
  c.addEventListener('change', askScore);
  return el('label', { class: 'check' }, c, ' ' + label);
}

// The situation of the win, and where its score is drawn.
function scoreForm() {
  const kinds = [...new Set(state.ids.length ? state.ids.map(nameOf) :
    parseTiles($('hand').value.split(',')[0]).map(nameOf))];
  const windNames = ['East', 'South', 'West', 'North'];
  const dora = el('input', { id: 'dora', autocomplete: 'off',
                             spellcheck: 'false', placeholder: '4p',
                             size: 8 });
  dora.addEventListener('change', askScore);
  const form = el('div', { class: 'row situation' },
    select('win', 'won on', kinds.map((k) => [k, k]), lastTile()),
    select('how', '', [['ron', 'ron'], ['tsumo', 'tsumo']], 'ron'),
    select('seat', 'seat', WINDS.map((w, i) => [w, windNames[i]]), '2z'),
    select('round', 'round', WINDS.map((w, i) => [w, windNames[i]]), '1z'),
    check('riichi', 'riichi'),
    el('label', { class: 'check' }, 'dora indicators ', dora));
  const section = el('section', { id: 'score' }, el('h2', {}, 'Score'),
                     form, el('div', { id: 'score-answer' }));
  setTimeout(askScore, 0);
  return section;
}

function drawScore(sc) {
  const box = $('score-answer');
  if (!box) return;
  if (sc.error) {
    box.replaceChildren(el('p', { class: 'error' }, sc.error));
    return;
  }
  if (!sc.yaku.length) {
    box.replaceChildren(el('p', { class: 'note', id: 'score-total' },
                           'No yaku: complete, but it scores nothing.'));
    return;
  }
  const table = el('table', { id: 'yaku' });
  for (const y of sc.yaku)
    table.append(el('tr', {}, el('td', {}, y.name),
                    el('td', { class: 'num' }, sc.yakuman ?
                       (y.han > 1 ? y.han + '× yakuman' : 'yakuman') :
                       y.han + ' han')));
  const parts = [];
  if (sc.fu_parts)
    parts.push(el('p', { class: 'note', id: 'fu' }, sc.fu_parts.map((f) =>
      f.name + ' ' + f.fu).join(' + ') + ' = ' + sc.fu + ' fu'));
  const title = sc.title !== 'none' ? ' ' + sc.title : '';
  const head = sc.yakuman ? (sc.yakuman > 1 ? sc.yakuman + '× ' : '') +
    'yakuman' : sc.han + ' han ' + sc.fu + ' fu' + title;
  const pays = Object.entries(sc.payments).filter(([k]) => k !== 'sticks')
    .map(([k, v]) => ['East', 'South', 'West', 'North'][Number(k[0]) - 1] +
         ' pays ' + v).join(', ');
  box.replaceChildren(table, ...parts,
    el('p', { class: 'total', id: 'score-total' },
       el('strong', {}, sc.points + ' points'), ' (' + head + '): ' + pays),
    el('p', { class: 'note' }, 'read as ' + sc.decomposition.blocks.join(' ') +
       ', ' + sc.decomposition.wait));
}

let scored = 0;
async function askScore() {
  if (!$('score')) return;
  const q = { hand: $('hand').value.trim(), win: $('win').value,
              seat: $('seat').value, round: $('round').value };
  if ($('how').value === 'tsumo') q.tsumo = true;
  if ($('riichi').checked) q.riichi = 1;
  if ($('dora').value.trim()) q.dora = $('dora').value.trim();
  const mine = ++scored;
  try {
    const res = await fetch('/api/score', { method: 'POST',
                                            body: JSON.stringify(q) + '\n' });
    const text = await res.text();
    if (mine !== scored) return;
    const sc = res.ok ? JSON.parse(text) : { error: JSON.parse(text).error };
    drawScore(sc);
    document.body.dataset.scored = q.hand;
  } catch (e) { /* the analysis stands without it */ }
}

// ==== The chances: tenpai and a win within the draws left ====

const CURVE_COLOURS = [BLUE, RED, GREEN];

function percent(p) {
  return (100 * p).toFixed(1) + '%';
}

function points(v) {
  return v === undefined || v === null ? '–' : Math.round(v).toString();
}

// The curves of up to three discards (or of the hand) as an SVG plot:
// draws across, the chance of a win up (solid) and of tenpai (dashed),
// and the expected points (dotted) on the scale at the right.
function plot(series, T) {
  const W = 420, H = 220, L = 40, B = 28, top = 10, right = 40;
  const x = (h) => L + (W - L - right) * (h - 1) / Math.max(T - 1, 1);
  const y = (p) => top + (H - top - B) * (1 - p);
  const s = el('svg:svg', { viewBox: '0 0 ' + W + ' ' + H, id: 'curves',
                            role: 'img', 'aria-label': 'chances by draw' });
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    s.append(el('svg:line', { x1: L, x2: W - right, y1: y(p), y2: y(p),
                              stroke: '#d5d9de' }));
    s.append(el('svg:text', { x: L - 4, y: y(p) + 4, 'text-anchor': 'end',
                              'font-size': 11, fill: '#5b6570' },
                (100 * p) + '%'));
  }
  for (const h of [1, Math.round(T / 2), T])
    s.append(el('svg:text', { x: x(h), y: H - 8, 'text-anchor': 'middle',
                              'font-size': 11, fill: '#5b6570' }, String(h)));
  // the points' scale: a round number at or above the highest point
  const high = Math.max(0, ...series.flatMap((c) => c.score || []));
  const step = [100, 200, 500, 1000, 2000, 5000, 10000, 20000]
    .find((v) => 4 * v >= high) || 50000;
  const py = (v) => y(Math.max(v, 0) / (4 * step));
  if (high > 0)
    for (let i = 1; i <= 4; i++)
      s.append(el('svg:text', { x: W - right + 2, y: py(i * step) + 4,
                                'text-anchor': 'start', 'font-size': 10,
                                fill: '#5b6570', class: 'points-scale' },
                  String(i * step)));
  series.forEach((c, i) => {
    for (const [key, dash] of [['win', ''], ['tenpai', '5 4'],
                               ['score', '1 3']]) {
      if (!c[key] || (key === 'score' && high <= 0)) continue;
      const at = key === 'score' ? py : y;
      const pts = c[key].map((p, h) => x(h + 1) + ',' + at(p)).join(' ');
      s.append(el('svg:polyline', { points: pts, fill: 'none',
                                    stroke: CURVE_COLOURS[i],
                                    'stroke-width': 2, 'stroke-dasharray': dash,
                                    class: 'curve ' + key,
                                    'data-tile': c.tile || 'hand' }));
    }
  });
  return s;
}

function showChances(p) {
  const box = $('chances');
  if (!box) return;
  const T = p.draws, last = T - 1;
  let series;
  if (p.discards) {
    for (const d of p.discards) {
      const row = document.querySelector('#discards tr[data-tile="' + d.tile + '"]');
      if (!row) continue;
      row.querySelector('td.tenpai').textContent = percent(d.tenpai[last]);
      row.querySelector('td.win').textContent = percent(d.win[last]);
      row.querySelector('td.points').textContent =
        d.score ? points(d.score[last]) : '–';
    }
    series = p.discards.slice(0, 3);
  } else {
    series = [p];
  }
  const legend = el('p', { class: 'legend' });
  series.forEach((c, i) => {
    legend.append(el('span', { class: 'key', style: 'color:' + CURVE_COLOURS[i] },
                     '■ '),
                  c.tile ? tile(parseTiles(c.tile)[0]) : 'this hand',
                  ' win ' + percent(c.win[last]) + ', tenpai ' +
                  percent(c.tenpai[last]) +
                  (c.score ? ', ' + points(c.score[last]) + ' points' : '') +
                  '   ');
  });
  box.replaceChildren(
    el('h2', {}, 'Chances within ' + T + ' draws'),
    el('p', { class: 'note' }, 'If you play on with the best discards, ' +
       (p.exact ? 'exactly' : 'at most') + ' (solid: win; dashed: tenpai' +
       (p.riichi ? '; dotted: expected points of a tsumo win, at the ' +
        'right, as South in the East round, riichi when it pays' : '') +
       ').'),
    plot(series, T), legend);
  box.hidden = false;
}

async function chances(q, mine) {
  try {
    // with the expected points (four players' scoring), else without
    const qs = new URLSearchParams(q);
    let res, body;
    if (qs.get('players') !== '3') {
      qs.set('score', '1');
      res = await fetch('/api/prob?' + qs);
      body = await res.json();
    }
    if (!res || !res.ok) {
      res = await fetch('/api/prob?' + q);
      body = await res.json();
    }
    if (mine !== asked) return;
    if (!res.ok) {
      const box = $('chances');
      if (box) {
        box.replaceChildren(el('p', { class: 'note' },
                               'The chances are not shown: ' + body.error));
        box.hidden = false;
      }
      return;
    }
    showChances(body);
    document.body.dataset.chances = $('hand').value.trim();
  } catch (e) { /* the analysis stands without them */ }
}

let asked = 0;
async function analyse() {
  const hand = $('hand').value.trim();
  const visible = $('visible').value.trim();
  const three = $('players').checked;
  const q = new URLSearchParams();
  if (hand) q.set('hand', hand);
  if (visible) q.set('visible', visible);
  if (three) q.set('players', '3');
  history.replaceState(null, '', q.toString() ? '/?' + q : '/');
  if (!hand) { $('answer').replaceChildren(); return; }
  const mine = ++asked;
  const qa = new URLSearchParams(q);
  qa.set('improve', '1');
  const res = await fetch('/api/analyze?' + qa);
  const body = await res.json();
  if (mine !== asked) return;  // a later question is on its way
  if (!res.ok) {
    $('answer').replaceChildren(el('p', { class: 'error', id: 'answer-error' },
                                   res.status === 400 ? refusal(body) :
                                   body.error));
    document.body.dataset.refused = hand;
    return;
  }
  render(body);
  document.body.dataset.analysed = hand;
  document.body.dataset.analysedAt = String(Math.round(performance.now()));
  chances(q, mine);
}

function changed() {
  $('hand').value = handText();
  $('visible').value = seenText();
  drawHand();
  analyse();
}

document.addEventListener('DOMContentLoaded', () => {
  buildPalette();
  fromText($('hand').value.trim());
  state.seen = parseTiles($('visible').value);
  drawHand();
  for (const r of document.querySelectorAll('input[name=target]'))
    r.addEventListener('change', drawHand);
  $('visible').addEventListener('change', () => {
    state.seen = parseTiles($('visible').value);
    drawHand();
  });
  $('form').addEventListener('submit', (e) => {
    e.preventDefault();
    fromText($('hand').value.trim());
    drawHand();
    analyse();
  });
  $('hand').addEventListener('change', () => {
    fromText($('hand').value.trim());
    drawHand();
  });
  $('players').addEventListener('change', () => { drawHand(); analyse(); });
  $('clear').addEventListener('click', () => {
    state.ids = [];
    state.calls = '';
    state.seen = [];
    changed();
  });
  if ($('hand').value.trim()) analyse();
});
