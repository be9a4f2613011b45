#!/usr/bin/env node
// SPDX-License-Identifier: MIT
//
// Known-answer vectors for `mjq score` from a second implementation: draws
// random complete riichi hands with random win situations, scores each with
// @kobalab/majiang-core (MIT; Majiang.Util.hule under its default rule,
// Majiang.rule()), and writes one JSON object a line:
//
//   {"in": <the question, as mjq score's JSON input>,
//    "expect": <majiang's answer, in mjq's terms>,
//    "majiang": {"shoupai": ..., "rongpai": ..., "param": <hule_param args>}}
//
// Usage: node scripts/score-oracle.js --count N --seed S
//            [--module PATH_TO_majiang-core] [--rules LIST] [--stats]
// The module defaults to build/node_modules/@kobalab/majiang-core (relative
// to the working directory).  The same seed gives the same lines (our own
// PRNG; nothing reads the clock or Math.random).  --rules: ruleset
// choices by mjq's names, "open_tanyao=0,pao=0" (mjq score --rule takes
// the same), given to majiang as its rule and written to "rules" of each
// line; the hands drawn are those of the default.  --stats: histograms of
// what was drawn and what majiang answered, to standard error.
// tests/data/score/README.md describes the format and the fixture made with
// it.  Node 20, CommonJS, nothing needed but majiang-core.
'use strict';

const path = require('path');

/* ---------------------------------------------------------------- args */

function usage(msg) {
    if (msg) process.stderr.write(`score-oracle: ${msg}\n`);
    process.stderr.write('usage: node scripts/score-oracle.js --count N ' +
                         '--seed S [--module PATH] [--rules LIST] ' +
                         '[--stats]\n');
    process.exit(2);
}

function parseArgs(argv) {
    const a = { count: null, seed: null, module: null, stats: false,
                rules: '' };
    for (let i = 0; i < argv.length; i++) {
        const k = argv[i];
        const val = () => {
            if (i + 1 >= argv.length) usage(`${k} wants a value`);
            return argv[++i];
        };
        if (k === '--count') a.count = val();
        else if (k === '--seed') a.seed = val();
        else if (k === '--module') a.module = val();
        else if (k === '--stats') a.stats = true;
        else if (k === '--rules') a.rules = val();
        else if (k === '--help' || k === '-h') usage();
        else usage(`unknown argument ${k}`);
    }
    if (a.count === null || !/^\d+$/.test(a.count)) usage('--count N');
    if (a.seed === null || a.seed === '') usage('--seed S');
    a.count = Number(a.count);
    return a;
}

/* ----------------------------------------------------------------- PRNG */

// xoshiro128** over 32-bit words, its state filled by splitmix32 from a
// hash of the seed text, so any seed string works and "1" is stable.
function makeRng(seedText) {
    let h = 0x811c9dc5;
    for (const ch of String(seedText)) {
        h ^= ch.codePointAt(0);
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    let sm = h;
    const splitmix = () => {
        sm = (sm + 0x9e3779b9) >>> 0;
        let z = sm;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
        return (z ^ (z >>> 16)) >>> 0;
    };
    const s = [splitmix(), splitmix(), splitmix(), splitmix()];
    if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
    const rotl = (x, k) => ((x << k) | (x >>> (32 - k))) >>> 0;
    const next = () => {
        const r = Math.imul(rotl(Math.imul(s[1], 5) >>> 0, 7), 9) >>> 0;
        const t = (s[1] << 9) >>> 0;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 11);
        for (let i = 0; i < 4; i++) s[i] >>>= 0;
        return r;
    };
    const rng = {
        float: () => next() / 4294967296,
        int: (n) => Math.floor(rng.float() * n),
        chance: (p) => rng.float() < p,
        pick: (arr) => arr[rng.int(arr.length)],
        range: (lo, hi) => lo + rng.int(hi - lo + 1),
        // [[weight, value], ...]
        weighted: (list) => {
            let total = 0;
            for (const [w] of list) total += w;
            let x = rng.float() * total;
            for (const [w, v] of list) {
                if ((x -= w) < 0) return v;
            }
            return list[list.length - 1][1];
        },
        shuffle: (arr) => {
            for (let i = arr.length - 1; i > 0; i--) {
                const j = rng.int(i + 1);
                [arr[i], arr[j]] = [arr[j], arr[i]];
            }
            return arr;
        },
    };
    return rng;
}

/* ---------------------------------------------------------------- tiles */

// A kind is 0-33: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-33 = 1z-7z.
// A tile (one physical copy) is {k, red}; red only on a five of a suit.
const SUITS = 'mpsz';
const suitOf = (k) => SUITS[Math.floor(k / 9)];
const numOf = (k) => (k % 9) + 1;
const isHonor = (k) => k >= 27;
const isTerminal = (k) => !isHonor(k) && (k % 9 === 0 || k % 9 === 8);
const isYaochu = (k) => isHonor(k) || isTerminal(k);
const isFive = (k) => !isHonor(k) && k % 9 === 4;
const kindsOf = (pred) => [...Array(34).keys()].filter(pred);

const ALL = kindsOf(() => true);
const SIMPLES = kindsOf((k) => !isYaochu(k));
const HONORS = kindsOf(isHonor);
const WINDS = [27, 28, 29, 30];
const DRAGONS = [31, 32, 33];
const TERMINALS = kindsOf(isTerminal);
const YAOCHU = kindsOf(isYaochu);
const GREEN = [19, 20, 21, 23, 25, 32]; // 2s 3s 4s 6s 8s 6z
const suitKinds = (si) => [...Array(9).keys()].map((n) => si * 9 + n);

const digit = (t) => (t.red ? '0' : String(numOf(t.k)));
// Order within a suit: by number, a red five before a plain five.
const tileOrder = (a, b) => (a.k - b.k) || ((b.red ? 1 : 0) - (a.red ? 1 : 0));

// Tiles as our text: digits then the suit letter, suits in m p s z order.
function ourText(tiles) {
    let out = '';
    for (const s of SUITS) {
        const ts = tiles.filter((t) => suitOf(t.k) === s).sort(tileOrder);
        if (ts.length) out += ts.map(digit).join('') + s;
    }
    return out;
}
const ourTile = (t) => digit(t) + suitOf(t.k);
const mjTile = (t) => suitOf(t.k) + digit(t);

/* --------------------------------------------------------- hand builder */

// The blocks of a standard hand while it is drawn: copies per kind are
// counted so that no kind goes past four.
class Builder {
    constructor() {
        this.cnt = new Array(34).fill(0);
        this.melds = [];  // {type: 'run'|'trip', k}
        this.pair = null; // kind
    }
    canRun(k) {
        return k < 27 && k % 9 <= 6 && this.cnt[k] < 4 &&
               this.cnt[k + 1] < 4 && this.cnt[k + 2] < 4;
    }
    canTrip(k) { return this.cnt[k] <= 1; }
    canPair(k) { return this.cnt[k] <= 2; }
    run(k) {
        if (!this.canRun(k)) return false;
        this.cnt[k]++; this.cnt[k + 1]++; this.cnt[k + 2]++;
        this.melds.push({ type: 'run', k });
        return true;
    }
    trip(k) {
        if (!this.canTrip(k)) return false;
        this.cnt[k] += 3;
        this.melds.push({ type: 'trip', k });
        return true;
    }
    setPair(k) {
        if (this.pair !== null || !this.canPair(k)) return false;
        this.cnt[k] += 2;
        this.pair = k;
        return true;
    }
    // One meld from pool: a run (all three kinds in pool) with chance runP,
    // else a triplet; false when none fits.
    meldFrom(rng, pool, runP) {
        const inPool = new Set(pool);
        const runs = pool.filter((k) => this.canRun(k) &&
                                 inPool.has(k + 1) && inPool.has(k + 2));
        const trips = pool.filter((k) => this.canTrip(k));
        let useRun = rng.chance(runP);
        if (useRun && !runs.length) useRun = false;
        if (!useRun && !trips.length) useRun = runs.length > 0;
        if (useRun) return this.run(rng.pick(runs));
        if (!trips.length) return false;
        return this.trip(rng.pick(trips));
    }
    pairFrom(rng, pool) {
        const ok = pool.filter((k) => this.canPair(k));
        return ok.length > 0 && this.setPair(rng.pick(ok));
    }
    fill(rng, pool, runP, pairPool = pool) {
        while (this.melds.length < 4) {
            if (!this.meldFrom(rng, pool, runP)) return false;
        }
        if (this.pair === null && !this.pairFrom(rng, pairPool)) return false;
        return true;
    }
}

// Themes: each draws the blocks of a standard hand biased toward some yaku,
// and says how the hand likes to be called.  hint.closedP: the chance the
// hand has no open call; hint.openAll: meld indices that must be open calls
// (yakuman liability); hint.kans: quads to force.
const THEMES = {
    plain(b, rng) {
        return b.fill(rng, ALL, 0.55) && {};
    },
    runs(b, rng) { // pinfu, sequences only
        const pairPool = rng.chance(0.7) ? kindsOf((k) => k < 27) : ALL;
        return b.fill(rng, ALL, 1, pairPool) && { closedP: 0.7 };
    },
    simples(b, rng) {
        return b.fill(rng, SIMPLES, 0.6) && {};
    },
    halfFlush(b, rng) {
        const pool = suitKinds(rng.int(3)).concat(HONORS);
        if (!b.meldFrom(rng, HONORS, 0) && !b.pairFrom(rng, HONORS)) {
            return false;
        }
        return b.fill(rng, pool, 0.6) && {};
    },
    fullFlush(b, rng) {
        return b.fill(rng, suitKinds(rng.int(3)), 0.65) && {};
    },
    outside(b, rng) { // chanta / junchan
        const honors = rng.chance(0.5);
        const yaochu = honors ? YAOCHU : TERMINALS;
        const runStarts = kindsOf((k) => k < 27 &&
                                  (k % 9 === 0 || k % 9 === 6));
        for (let i = 0; i < 4; i++) {
            if (i === 0 || rng.chance(0.55)) {
                const ok = runStarts.filter((k) => b.canRun(k));
                if (!ok.length || !b.run(rng.pick(ok))) return false;
            } else if (!b.meldFrom(rng, yaochu, 0)) {
                return false;
            }
        }
        return b.pairFrom(rng, yaochu) && {};
    },
    terminalsHonors(b, rng) { // honroutou
        return b.fill(rng, YAOCHU, 0) && {};
    },
    terminals(b, rng) { // chinroutou
        return b.fill(rng, TERMINALS, 0) && {};
    },
    honors(b, rng) { // tsuuiisou
        return b.fill(rng, HONORS, 0) && {};
    },
    green(b, rng) {
        return b.fill(rng, GREEN, 0.35) && {};
    },
    dragons(b, rng) {
        const three = rng.chance(0.4);
        const ds = rng.shuffle(DRAGONS.slice());
        b.trip(ds[0]);
        b.trip(ds[1]);
        if (three) b.trip(ds[2]);
        else if (rng.chance(0.65)) b.setPair(ds[2]);
        if (!b.fill(rng, ALL, 0.5)) return false;
        if (three && rng.chance(0.45)) return { openAll: [0, 1, 2] };
        return {};
    },
    winds(b, rng) {
        const four = rng.chance(0.4);
        const ws = rng.shuffle(WINDS.slice());
        b.trip(ws[0]);
        b.trip(ws[1]);
        b.trip(ws[2]);
        if (four) b.trip(ws[3]);
        else if (rng.chance(0.7)) b.setPair(ws[3]);
        if (!b.fill(rng, ALL, 0.5)) return false;
        if (four && rng.chance(0.45)) return { openAll: [0, 1, 2, 3] };
        return {};
    },
    mixedSequence(b, rng) { // sanshoku doujun
        const n = rng.int(7);
        b.run(n); b.run(9 + n); b.run(18 + n);
        return b.fill(rng, ALL, 0.6) && {};
    },
    tripleTriplets(b, rng) { // sanshoku doukou
        const n = rng.int(9);
        b.trip(n); b.trip(9 + n); b.trip(18 + n);
        return b.fill(rng, ALL, 0.4) && {};
    },
    straight(b, rng) { // ittsu
        const s = rng.int(3) * 9;
        b.run(s); b.run(s + 3); b.run(s + 6);
        const pool = rng.chance(0.3) ? suitKinds(s / 9) : ALL;
        return b.fill(rng, pool, 0.6) && {};
    },
    doubleRuns(b, rng) { // iipeikou / ryanpeikou
        const starts = kindsOf((k) => k < 27 && k % 9 <= 6);
        const k1 = rng.pick(starts);
        b.run(k1); b.run(k1);
        if (rng.chance(0.45)) {
            const k2 = rng.pick(starts);
            if (!b.run(k2) || !b.run(k2)) return false;
        }
        return b.fill(rng, ALL, 0.7) && { closedP: 0.85 };
    },
    concealedTriplets(b, rng) { // sanankou / suuankou
        const n = rng.chance(0.35) ? 4 : 3;
        for (let i = 0; i < n; i++) {
            if (!b.meldFrom(rng, ALL, 0)) return false;
        }
        return b.fill(rng, ALL, 0.6) && { closedP: 0.85, ankanP: 0.15 };
    },
    quads(b, rng) { // sankantsu / suukantsu
        const n = rng.chance(0.4) ? 4 : 3;
        for (let i = 0; i < n; i++) {
            const ok = ALL.filter((k) => b.cnt[k] === 0);
            b.trip(rng.pick(ok));
        }
        return b.fill(rng, ALL, 0.6) && { kans: n };
    },
};

const THEME_WEIGHTS = [
    [30, 'plain'], [12, 'runs'], [9, 'simples'], [7, 'halfFlush'],
    [5, 'fullFlush'], [6, 'outside'], [2.5, 'terminalsHonors'],
    [0.6, 'terminals'], [0.6, 'honors'], [0.6, 'green'], [3.5, 'dragons'],
    [2.5, 'winds'], [5, 'mixedSequence'], [2.5, 'tripleTriplets'],
    [5, 'straight'], [5, 'doubleRuns'], [4, 'concealedTriplets'],
    [2, 'quads'],
];

const DIRS = ['left', 'across', 'right'];

// Turn the drawn melds into blocks of tiles, some of them calls.
// A block: {type: 'pair'|'run'|'trip'|'quad', tiles: [tile], call}
// call: null, or {kind: 'chi'|'pon'|'minkan'|'kakan'|'ankan', dir}.
function assignCalls(rng, b, hint) {
    const closed = hint.openAll ? false
                 : rng.chance(hint.closedP ?? 0.45);
    const callP = 0.15 + 0.6 * rng.float();
    const openAll = new Set(hint.openAll || []);
    const blocks = b.melds.map((m) => ({ type: m.type, k: m.k, call: null }));
    const canQuad = (m) => m.type === 'trip' && b.cnt[m.k] === 3;
    const quad = (m, kind) => {
        m.type = 'quad';
        b.cnt[m.k] = 4;
        m.call = { kind, dir: kind === 'ankan' ? null : rng.pick(DIRS) };
    };
    blocks.forEach((m, i) => {
        if (m.type === 'run') {
            if (openAll.has(i) || (!closed && rng.chance(callP))) {
                m.call = { kind: 'chi', dir: 'left' };
            }
            return;
        }
        const open = openAll.has(i) || (!closed && rng.chance(callP));
        if (open) {
            const kind = rng.weighted([[70, 'pon'], [15, 'minkan'],
                                       [15, 'kakan']]);
            if (kind === 'pon' || !canQuad(m)) {
                m.call = { kind: 'pon', dir: rng.pick(DIRS) };
            } else {
                quad(m, kind);
            }
        } else if (canQuad(m) && rng.chance(hint.ankanP ?? 0.06)) {
            quad(m, 'ankan');
        }
    });
    if (hint.kans) {
        const trips = blocks.filter((m) => m.type === 'trip' && canQuad(m));
        rng.shuffle(trips);
        let have = blocks.filter((m) => m.type === 'quad').length;
        for (const m of trips) {
            if (have >= hint.kans) break;
            const kind = closed ? 'ankan'
                       : m.call ? rng.pick(['minkan', 'kakan'])
                       : rng.pick(['ankan', 'minkan', 'kakan']);
            quad(m, kind);
            have++;
        }
    }
    return blocks;
}

function tilesOfBlock(m) {
    const n = m.type === 'run' ? 3 : m.type === 'trip' ? 3
            : m.type === 'quad' ? 4 : 2;
    const out = [];
    for (let i = 0; i < n; i++) {
        out.push({ k: m.type === 'run' ? m.k + i : m.k, red: false });
    }
    return out;
}

// Make some fives red: at most one a suit over the whole hand.
function paintRed(rng, tiles, p) {
    for (let si = 0; si < 3; si++) {
        const fives = tiles.filter((t) => t.k === si * 9 + 4);
        if (fives.length && rng.chance(p)) rng.pick(fives).red = true;
    }
}

/* ---------------------------------------------------------------- forms */

// A drawn hand: {form, theme, blocks: [{type, tiles, call}], win: tile,
// winBlock} where blocks without a call hold the concealed tiles (for the
// special forms one block of type 'loose' holds them all).

function drawStandard(rng) {
    for (;;) {
        const theme = rng.weighted(THEME_WEIGHTS);
        const b = new Builder();
        const hint = THEMES[theme](b, rng);
        if (!hint || b.melds.length !== 4 || b.pair === null) continue;
        rng.shuffle(b.melds);
        if (hint.openAll) {
            // The yakuman melds were drawn first; find them after the shuffle.
            const ks = theme === 'dragons' ? DRAGONS : WINDS;
            hint.openAll = b.melds.map((m, i) => (m.type === 'trip' &&
                                        ks.includes(m.k) ? i : -1))
                                  .filter((i) => i >= 0);
        }
        const blocks = assignCalls(rng, b, hint);
        blocks.push({ type: 'pair', k: b.pair, call: null });
        for (const m of blocks) m.tiles = tilesOfBlock(m);
        paintRed(rng, blocks.flatMap((m) => m.tiles), 0.3);
        // The winning tile: a concealed block, then a tile in it, so that
        // the waits vary (pair: tanki; triplet: shanpon; run: ryanmen,
        // penchan or kanchan by where in it).
        const open = blocks.filter((m) => !m.call);
        const wb = rng.pick(open);
        const win = rng.pick(wb.tiles);
        return { form: 'standard', theme, blocks, win, winBlock: wb };
    }
}

function drawSevenPairs(rng) {
    const si = rng.int(3);
    const [variant, pool] = rng.weighted([
        [40, ['plain', ALL]], [15, ['simples', SIMPLES]],
        [15, ['halfFlush', suitKinds(si).concat(HONORS)]],
        [10, ['fullFlush', suitKinds(si)]],
        [12, ['terminalsHonors', YAOCHU]], [8, ['honors', HONORS]],
    ]);
    const kinds = rng.shuffle(pool.slice()).slice(0, 7);
    const tiles = kinds.flatMap((k) => [{ k, red: false }, { k, red: false }]);
    paintRed(rng, tiles, 0.3);
    const blk = { type: 'loose', tiles, call: null };
    return { form: 'sevenPairs', theme: variant, blocks: [blk],
             win: rng.pick(tiles), winBlock: blk };
}

function drawOrphans(rng) {
    const tiles = YAOCHU.map((k) => ({ k, red: false }));
    const extra = { k: rng.pick(YAOCHU), red: false };
    tiles.push(extra);
    const blk = { type: 'loose', tiles, call: null };
    // Half the time the winning tile is one of the pair: a 13-sided wait.
    const win = rng.chance(0.5)
        ? rng.pick(tiles.filter((t) => t.k === extra.k)) : rng.pick(tiles);
    return { form: 'orphans', theme: 'orphans', blocks: [blk], win,
             winBlock: blk };
}

function drawNineGates(rng) {
    const si = rng.int(3);
    const nums = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.range(1, 9)];
    const tiles = nums.map((n) => ({ k: si * 9 + n - 1, red: false }));
    paintRed(rng, tiles, 0.3);
    const extraK = tiles[13].k;
    const blk = { type: 'loose', tiles, call: null };
    // Half the time the winning tile is the extra one's kind: pure.
    const win = rng.chance(0.5)
        ? rng.pick(tiles.filter((t) => t.k === extraK)) : rng.pick(tiles);
    return { form: 'nineGates', theme: 'nineGates', blocks: [blk], win,
             winBlock: blk };
}

const FORMS = [[90, drawStandard], [8.5, drawSevenPairs], [0.7, drawOrphans],
               [0.7, drawNineGates]];

/* ------------------------------------------------------------ situation */

// All tiles of a hand (concealed and called) as copies per kind, and the
// suits whose red five is taken.
function tally(hand) {
    const cnt = new Array(34).fill(0);
    const red = new Set();
    for (const m of hand.blocks) {
        for (const t of m.tiles) {
            cnt[t.k]++;
            if (t.red) red.add(suitOf(t.k));
        }
    }
    return { cnt, red };
}

// The kind a dora indicator points at, and the kinds pointing at kind k.
const doraOf = (k) => {
    if (k < 27) return Math.floor(k / 9) * 9 + ((k % 9) + 1) % 9;
    if (k < 31) return 27 + ((k - 27) + 1) % 4;
    return 31 + ((k - 31) + 1) % 3;
};
const indicatorFor = (k) => ALL.find((i) => doraOf(i) === k);

// Draw n indicators under the copy limits; forbid: a kind none may show.
function drawIndicators(rng, n, tl, handKinds, forbid) {
    const out = [];
    for (let i = 0; i < n; i++) {
        let k = null;
        if (rng.chance(0.2)) {
            const want = indicatorFor(rng.pick(handKinds));
            if (tl.cnt[want] < 4 && want !== forbid) k = want;
        }
        if (k === null) {
            const ok = ALL.filter((x) => tl.cnt[x] < 4 && x !== forbid);
            k = rng.pick(ok);
        }
        const t = { k, red: false };
        if (isFive(k) && !tl.red.has(suitOf(k)) && rng.chance(0.25)) {
            t.red = true;
            tl.red.add(suitOf(k));
        }
        tl.cnt[k]++;
        out.push(t);
    }
    return out;
}

function drawSituation(rng, hand) {
    const calls = hand.blocks.filter((m) => m.call);
    const closed = calls.every((m) => m.call.kind === 'ankan');
    const nQuads = calls.filter((m) => m.type === 'quad').length;
    const tl = tally(hand);
    const sit = {};
    sit.tsumo = rng.chance(0.5);
    if (!sit.tsumo) sit.from = rng.pick(DIRS);
    sit.round = rng.weighted([[45, 0], [35, 1], [10, 2], [10, 3]]);
    sit.seat = rng.int(4);
    sit.riichi = 0;
    if (closed && rng.chance(0.4)) sit.riichi = rng.chance(0.1) ? 2 : 1;
    sit.ippatsu = sit.riichi > 0 && rng.chance(0.25);
    sit.rinshan = sit.tsumo && nQuads > 0 && !sit.ippatsu && rng.chance(0.3);
    sit.last = !sit.rinshan && rng.chance(0.05);
    // Robbing a quad: the other three copies of the winning tile are in
    // someone's pon, so the hand holds no other copy (nor may an indicator).
    sit.chankan = !sit.tsumo && !sit.last && tl.cnt[hand.win.k] === 1 &&
                  rng.chance(0.06);
    sit.first = sit.tsumo && calls.length === 0 && sit.riichi === 0 &&
                !sit.last && rng.chance(0.03);
    sit.honba = rng.chance(0.5) ? 0 : rng.range(1, 5);
    sit.sticks = rng.chance(0.5) ? 0 : rng.range(1, 4);
    if (sit.riichi && sit.sticks === 0) sit.sticks = 1;
    // One indicator, one more for each quad (ours, or others' in extra).
    const extra = Math.min(rng.weighted([[65, 0], [25, 1], [7, 2], [3, 3]]),
                           4 - nQuads);
    const nInd = Math.min(5, 1 + nQuads + extra);
    const handKinds = hand.blocks.flatMap((m) => m.tiles.map((t) => t.k));
    const forbid = sit.chankan ? hand.win.k : -1;
    sit.dora = drawIndicators(rng, nInd, tl, handKinds, forbid);
    sit.ura = sit.riichi ? drawIndicators(rng, nInd, tl, handKinds, forbid)
                         : [];
    return sit;
}

/* ---------------------------------------------------- the two notations */

const MJ_DIR = { left: '-', across: '=', right: '+' };

function majiangCall(rng, Shoupai, m) {
    const s = suitOf(m.k);
    const ts = m.tiles.slice().sort(tileOrder);
    const d = ts.map(digit);
    let str;
    const c = m.call;
    if (c.kind === 'chi') {
        const i = rng.int(3);
        str = s + d.map((x, j) => (j === i ? x + '-' : x)).join('');
    } else {
        const dir = MJ_DIR[c.dir] || '';
        const i = rng.int(d.length); // the called (or added) copy
        const rest = d.filter((_, j) => j !== i);
        if (c.kind === 'pon' || c.kind === 'minkan') {
            str = s + rest.join('') + d[i] + dir;
        } else if (c.kind === 'kakan') {
            const j = rng.int(rest.length); // the copy the pon called
            const pon = rest.filter((_, x) => x !== j);
            str = s + pon.join('') + rest[j] + dir + d[i];
        } else {
            str = s + d.join('');
        }
    }
    const canon = Shoupai.valid_mianzi(str);
    if (!canon) throw new Error(`majiang refuses the call ${str}`);
    return canon;
}

function ourCall(m) {
    const where = m.call.kind === 'ankan' ? 'closed' : m.call.dir;
    return `${ourText(m.tiles)}:${where}`;
}

const WIND_IDX = (i) => `${i + 1}z`;

function build(rng, Majiang, hand, sit) {
    const concealed = hand.blocks.filter((m) => !m.call)
                                 .flatMap((m) => m.tiles);
    const calls = hand.blocks.filter((m) => m.call);
    const rest = concealed.filter((t) => t !== hand.win);

    const inn = { hand: ourText(concealed) };
    if (calls.length) inn.calls = calls.map(ourCall);
    inn.win = ourTile(hand.win);
    if (sit.tsumo) inn.tsumo = true;
    else inn.from = sit.from;
    if (sit.riichi) inn.riichi = sit.riichi;
    if (sit.ippatsu) inn.ippatsu = true;
    inn.round = WIND_IDX(sit.round);
    inn.seat = WIND_IDX(sit.seat);
    inn.dora = sit.dora.map(ourTile).join('');
    if (sit.ura.length) inn.ura = sit.ura.map(ourTile).join('');
    if (sit.last) inn.last = true;
    if (sit.rinshan) inn.rinshan = true;
    if (sit.chankan) inn.chankan = true;
    if (sit.first) inn.first = true;
    if (sit.honba) inn.honba = sit.honba;
    if (sit.sticks) inn.sticks = sit.sticks;

    // majiang: the concealed tiles by suit, the drawn tile last for tsumo.
    let shoupai = '';
    for (const s of SUITS) {
        const ts = rest.filter((t) => suitOf(t.k) === s).sort(tileOrder);
        if (ts.length) shoupai += s + ts.map(digit).join('');
    }
    if (sit.tsumo) shoupai += mjTile(hand.win);
    const mjCalls = calls.map((m) => majiangCall(rng, Majiang.Shoupai, m));
    if (mjCalls.length) shoupai += ',' + mjCalls.join(',');
    const rongpai = sit.tsumo ? null
                  : mjTile(hand.win) + MJ_DIR[sit.from];

    // hule_param's arguments: the winds always (its own default seat is
    // South, not East), the rest only when not its default.
    const param = { zhuangfeng: sit.round, menfeng: sit.seat };
    if (sit.riichi) param.lizhi = sit.riichi;
    if (sit.ippatsu) param.yifa = true;
    if (sit.chankan) param.qianggang = true;
    if (sit.rinshan) param.lingshang = true;
    if (sit.last) param.haidi = sit.tsumo ? 1 : 2;
    if (sit.first) param.tianhu = sit.seat === 0 ? 1 : 2;
    param.baopai = sit.dora.map(mjTile);
    if (sit.riichi) param.fubaopai = sit.ura.map(mjTile);
    if (sit.honba) param.changbang = sit.honba;
    if (sit.sticks) param.lizhibang = sit.sticks;
    return { inn, majiang: { shoupai, rongpai, param }, mjCalls };
}

/* ------------------------------------------------- majiang's answer */

const YAKU_NAMES = {
    '立直': 'riichi', 'ダブル立直': 'double riichi', '一発': 'ippatsu',
    '海底摸月': 'last tile drawn', '河底撈魚': 'last tile discarded',
    '嶺上開花': 'after a quad', '槍槓': 'robbing a quad',
    '天和': 'blessing of heaven', '地和': 'blessing of earth',
    '門前清自摸和': 'fully concealed tsumo',
    '翻牌 白': 'white dragon', '翻牌 發': 'green dragon',
    '翻牌 中': 'red dragon', '平和': 'pinfu', '断幺九': 'all simples',
    '一盃口': 'pure double sequence', '三色同順': 'mixed triple sequence',
    '一気通貫': 'pure straight', '混全帯幺九': 'half outside hand',
    '七対子': 'seven pairs', '対々和': 'all triplets',
    '三暗刻': 'three concealed triplets', '三槓子': 'three quads',
    '三色同刻': 'triple triplets', '混老頭': 'all terminals and honors',
    '小三元': 'little three dragons', '混一色': 'half flush',
    '純全帯幺九': 'fully outside hand',
    '二盃口': 'twice pure double sequence', '清一色': 'full flush',
    '国士無双': 'thirteen orphans',
    '国士無双十三面': 'thirteen orphans, 13-sided wait',
    '四暗刻': 'four concealed triplets',
    '四暗刻単騎': 'four concealed triplets, single wait',
    '大三元': 'big three dragons', '小四喜': 'little four winds',
    '大四喜': 'big four winds', '字一色': 'all honors',
    '緑一色': 'all green', '清老頭': 'all terminals', '四槓子': 'four quads',
    '九蓮宝燈': 'nine gates', '純正九蓮宝燈': 'pure nine gates',
    'ドラ': 'dora', '赤ドラ': 'red five', '裏ドラ': 'ura dora',
};

function yakuName(jp) {
    if (/^場風 [東南西北]$/.test(jp)) return 'round wind';
    if (/^自風 [東南西北]$/.test(jp)) return 'seat wind';
    const n = YAKU_NAMES[jp];
    if (!n) throw new Error(`unknown yaku from majiang: ${jp}`);
    return n;
}

function translate(rv, lizhibang) {
    if (!rv.hupai || rv.defen === 0) {
        return { yaku: [], han: 0, fu: null, yakuman: 0, points: 0,
                 payments: {} };
    }
    const yaku = rv.hupai.map((h) => ({
        name: yakuName(h.name),
        han: typeof h.fanshu === 'string' ? h.fanshu.length : h.fanshu,
    }));
    const payments = {};
    rv.fenpei.forEach((x, i) => { if (x < 0) payments[WIND_IDX(i)] = -x; });
    return {
        yaku,
        han: rv.damanguan ? 0 : rv.fanshu,
        fu: rv.damanguan ? null : rv.fu,
        yakuman: rv.damanguan || 0,
        points: rv.defen,
        payments,
        sticks: 1000 * lizhibang,
    };
}

/* ------------------------------------------------------- sanity checks */

// Reads "in" back on its own and checks it is a hand that can exist.
function parseTiles(text, what) {
    const out = [];
    if (!/^(\d+[mpsz])*$/.test(text)) throw new Error(`${what}: ${text}`);
    for (const [, ds, s] of text.matchAll(/(\d+)([mpsz])/g)) {
        for (const ch of ds) {
            const n = Number(ch);
            if (s === 'z' ? n < 1 || n > 7 : false) {
                throw new Error(`${what}: ${text}`);
            }
            out.push({ k: SUITS.indexOf(s) * 9 + (n === 0 ? 4 : n - 1),
                       red: n === 0 });
        }
    }
    return out;
}

function checkIn(inn) {
    const fail = (msg) => { throw new Error(`bad "in" (${msg}): ` +
                                            JSON.stringify(inn)); };
    const hand = parseTiles(inn.hand, 'hand');
    const calls = (inn.calls || []).map((c) => {
        const [text, where] = c.split(':');
        const ts = parseTiles(text, 'call');
        if (!['left', 'across', 'right', 'closed'].includes(where)) {
            fail('call seat');
        }
        const same = ts.every((t) => t.k === ts[0].k);
        const run = ts.length === 3 && ts[0].k < 27 &&
                    Math.floor(ts[0].k / 9) === Math.floor(ts[2].k / 9) &&
                    ts[1].k === ts[0].k + 1 && ts[2].k === ts[0].k + 2;
        if (!(same && (ts.length === 3 || ts.length === 4)) && !run) {
            fail('call shape');
        }
        if (run && where !== 'left') fail('chi not from the left');
        if (where === 'closed' && ts.length !== 4) fail('closed non-quad');
        return { ts, where };
    });
    if (hand.length + 3 * calls.length !== 14) fail('tile count');
    const dora = parseTiles(inn.dora || '', 'dora');
    const ura = parseTiles(inn.ura || '', 'ura');
    if (dora.length < 1 || dora.length > 5) fail('dora count');
    if (inn.ura && (!inn.riichi || ura.length !== dora.length)) fail('ura');
    const all = hand.concat(calls.flatMap((c) => c.ts), dora, ura);
    const cnt = new Array(34).fill(0);
    const reds = {};
    for (const t of all) {
        if (++cnt[t.k] > 4) fail('five copies');
        if (t.red && (reds[suitOf(t.k)] = (reds[suitOf(t.k)] || 0) + 1) > 1) {
            fail('two red fives of a suit');
        }
    }
    const win = parseTiles(inn.win, 'win');
    if (win.length !== 1 ||
        !hand.some((t) => t.k === win[0].k && t.red === win[0].red)) {
        fail('winning tile not in hand');
    }
    const closed = calls.every((c) => c.where === 'closed');
    if (inn.riichi && !closed) fail('riichi with open calls');
    if (inn.ippatsu && !inn.riichi) fail('ippatsu without riichi');
    if (!!inn.tsumo === !!inn.from) fail('tsumo xor from');
    if (inn.rinshan && (!inn.tsumo ||
                        !calls.some((c) => c.ts.length === 4))) {
        fail('rinshan');
    }
    if (inn.chankan && inn.tsumo) fail('chankan on tsumo');
    if (inn.first && (!inn.tsumo || calls.length || inn.riichi)) {
        fail('first');
    }
}

function checkMajiang(Majiang, out, mjCalls, nConcealed) {
    const sp = Majiang.Shoupai.fromString(out.majiang.shoupai);
    const got = sp._fulou.join(',');
    if (got !== mjCalls.join(',')) {
        throw new Error(`majiang read calls ${got} from ` +
                        out.majiang.shoupai);
    }
    let n = 0;
    for (const s of SUITS) {
        const b = sp._bingpai[s];
        for (let i = 1; i < b.length; i++) n += b[i];
    }
    const want = out.majiang.rongpai ? nConcealed - 1 : nConcealed;
    if (n !== want) {
        throw new Error(`majiang read ${n} tiles from ${out.majiang.shoupai}`);
    }
    // The same concealed tiles on both sides, red fives included.
    const ours = parseTiles(out.in.hand, 'hand');
    if (out.majiang.rongpai) {
        const w = parseTiles(out.in.win, 'win')[0];
        ours.splice(ours.findIndex((t) => t.k === w.k && t.red === w.red), 1);
    }
    const key = (ts) => ts.map((t) => `${t.k}${t.red ? 'r' : ''}`).sort()
                          .join(' ');
    const theirs = [];
    for (const s of SUITS) {
        const b = sp._bingpai[s];
        for (let i = 1; i < b.length; i++) {
            const reds = i === 5 && s !== 'z' ? b[0] : 0;
            for (let j = 0; j < b[i]; j++) {
                theirs.push({ k: SUITS.indexOf(s) * 9 + i - 1, red: j < reds });
            }
        }
    }
    if (key(ours) !== key(theirs)) {
        throw new Error(`majiang read other tiles from ${out.majiang.shoupai}`);
    }
    if (!out.majiang.rongpai && sp._zimo !== mjTile(parseTiles(out.in.win,
                                                               'win')[0])) {
        throw new Error(`majiang's drawn tile ${sp._zimo} is not the win`);
    }
}

/* ------------------------------------------------------------ stats */

class Stats {
    constructor() { this.h = {}; }
    add(group, key, n = 1) {
        const g = this.h[group] || (this.h[group] = new Map());
        g.set(key, (g.get(key) || 0) + n);
    }
    print(out) {
        for (const [group, g] of Object.entries(this.h)) {
            out.write(`== ${group}\n`);
            const keys = [...g.keys()].sort((a, b) =>
                (typeof a === 'number' && typeof b === 'number' ? a - b
                 : g.get(b) - g.get(a) || String(a).localeCompare(b)));
            for (const k of keys) {
                out.write(`  ${String(k).padEnd(38)} ${g.get(k)}\n`);
            }
        }
    }
}

function waitOf(hand) {
    const b = hand.winBlock;
    if (b.type === 'loose') return hand.form;
    if (b.type === 'pair') return 'tanki';
    if (b.type === 'trip') return 'shanpon';
    const pos = hand.win.k - b.k;
    if (pos === 1) return 'kanchan';
    if ((pos === 2 && b.k % 9 === 0) || (pos === 0 && b.k % 9 === 6)) {
        return 'penchan';
    }
    return 'ryanmen';
}

function record(stats, hand, sit, out, rv) {
    const e = out.expect;
    stats.add('form', hand.form);
    stats.add('theme', `${hand.form}/${hand.theme}`);
    stats.add('wait (as drawn)', waitOf(hand));
    for (const m of hand.blocks) {
        if (m.call) stats.add('call kind', m.call.kind);
    }
    stats.add('calls per hand', hand.blocks.filter((m) => m.call).length);
    // Fu parts as drawn (majiang may read the hand another way).
    for (const m of hand.blocks) {
        if (m.type === 'loose' || m.type === 'run') continue;
        if (m.type === 'pair') {
            const k = m.tiles[0].k;
            const round = k === 27 + sit.round;
            const seat = k === 27 + sit.seat;
            stats.add('fu part (as drawn)',
                      DRAGONS.includes(k) ? 'pair dragon'
                      : round && seat ? 'pair double wind'
                      : round ? 'pair round wind'
                      : seat ? 'pair seat wind' : 'pair plain');
            continue;
        }
        const closedSet = !m.call || m.call.kind === 'ankan';
        const byRon = m === hand.winBlock && !sit.tsumo;
        stats.add('fu part (as drawn)',
                  `${m.type} ${isYaochu(m.tiles[0].k) ? 'yaochu' : 'simple'} ` +
                  (closedSet ? (byRon ? 'closed, ron-completed' : 'closed')
                             : 'open'));
    }
    for (const y of e.yaku) stats.add('yaku (hands)', y.name);
    if (!e.yaku.length) stats.add('yaku (hands)', '(no yaku)');
    stats.add('fu', e.fu === null ? (e.yakuman ? 'yakuman' : 'none') : e.fu);
    if (e.yaku.length) {
        stats.add('han', e.yakuman ? `yakuman x${e.yakuman}` : e.han);
    }
    const dealer = sit.seat === 0 ? 'dealer' : 'non-dealer';
    const how = sit.tsumo ? 'tsumo' : 'ron';
    const pao = rv && rv.hupai && rv.hupai.some((h) => h.baojia);
    const payers = Object.keys(e.payments).length;
    if (e.yaku.length) {
        stats.add('payment', `${dealer} ${how}`);
        if (pao) stats.add('payment', `pao ${how} (${payers} payer(s))`);
        if (sit.honba) stats.add('payment', `honba>0 ${how}`);
        if (sit.sticks) stats.add('payment', 'sticks>0');
    }
    stats.add('situation', `indicators ${sit.dora.length}`);
    for (const k of ['riichi', 'ippatsu', 'last', 'rinshan', 'chankan',
                     'first']) {
        if (sit[k]) {
            stats.add('situation',
                      k + (k === 'riichi' ? sit.riichi : ''));
        }
    }
}

/* ---------------------------------------------------------- rules */

// mjq's rule names and majiang's: each a yes-or-no, but double_wind_fu
// (4, or 2: majiang's 連風牌は2符).
const RULES = {
    open_tanyao: 'クイタンあり', double_yakuman: 'ダブル役満あり',
    counted_yakuman: '数え役満あり', yakuman_stack: '役満の複合あり',
    round_up_mangan: '切り上げ満貫あり', pao: '役満パオあり',
    double_wind_fu: '連風牌は2符',
};

// "--rules open_tanyao=0,pao=0" as majiang's rule (null for none) and as
// mjq's, {name: value}.
function parseRules(Majiang, text) {
    if (!text) return { rule: null, changes: null, ours: null };
    const changes = {}, ours = {};
    for (const part of text.split(',')) {
        const m = part.match(/^([a-z_]+)=(\d+)$/);
        if (!m || !(m[1] in RULES)) usage(`--rules: ${part}`);
        const v = Number(m[2]);
        if (m[1] === 'double_wind_fu') {
            if (v !== 2 && v !== 4) usage('--rules: double_wind_fu is 2 or 4');
            changes[RULES[m[1]]] = v === 2;
        } else {
            if (v !== 0 && v !== 1) usage(`--rules: ${m[1]} is 0 or 1`);
            changes[RULES[m[1]]] = v === 1;
        }
        ours[m[1]] = v;
    }
    return { rule: Majiang.rule(changes), changes, ours };
}

/* ------------------------------------------------------------- main */

function main() {
    const args = parseArgs(process.argv.slice(2));
    const modPath = args.module
        ? path.resolve(args.module)
        : path.resolve('build/node_modules/@kobalab/majiang-core');
    let Majiang;
    try {
        Majiang = require(modPath);
    } catch (err) {
        process.stderr.write(`score-oracle: cannot load majiang-core from ` +
                             `${modPath} (${err.code || err.message}); ` +
                             'give --module PATH\n');
        process.exit(1);
    }
    process.stdout.on('error', (err) => {
        if (err.code === 'EPIPE') process.exit(0); // e.g. | head
        throw err;
    });
    const rules = parseRules(Majiang, args.rules);
    const rng = makeRng(args.seed);
    const stats = new Stats();
    let refused = 0;
    const lines = [];
    const flush = () => {
        if (lines.length) process.stdout.write(lines.join(''));
        lines.length = 0;
    };
    for (let n = 0; n < args.count;) {
        const hand = rng.weighted(FORMS)(rng);
        const sit = drawSituation(rng, hand);
        const { inn, majiang, mjCalls } = build(rng, Majiang, hand, sit);
        const nConcealed = hand.blocks.filter((m) => !m.call)
                                      .reduce((a, m) => a + m.tiles.length, 0);
        if (rules.changes) majiang.rule = rules.changes;
        const out = { in: inn, expect: null, majiang };
        if (rules.ours) out.rules = rules.ours;
        checkIn(inn);
        checkMajiang(Majiang, out, mjCalls, nConcealed);
        const sp = Majiang.Shoupai.fromString(majiang.shoupai);
        const rv = Majiang.Util.hule(sp, majiang.rongpai,
                                     Majiang.Util.hule_param(
                                         rules.rule ? { ...majiang.param,
                                                        rule: rules.rule }
                                                    : majiang.param));
        if (!rv) {
            refused++;
            if (args.stats) {
                stats.add('refused by majiang', `${hand.form}/${hand.theme}`);
                process.stderr.write(`refused: ${JSON.stringify(out)}\n`);
            }
            continue;
        }
        out.expect = translate(rv, sit.sticks);
        lines.push(JSON.stringify(out) + '\n');
        if (lines.length >= 512) flush();
        if (args.stats) record(stats, hand, sit, out, rv);
        n++;
    }
    flush();
    if (args.stats) {
        stats.print(process.stderr);
        process.stderr.write(`refused by majiang: ${refused}\n`);
    }
}

main();
