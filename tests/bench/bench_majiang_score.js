#!/usr/bin/env node
// SPDX-License-Identifier: MIT
//
// majiang-core's scoring on the hands of the scoring fixture, for make
// bench to print beside mjt's (tests/bench/bench_score.c times the same
// hands).  Two figures, each the median of five timed passes after two to
// warm the JIT, in ns a hand on one core:
//   majiang.prebuilt  Util.hule on Shoupai objects and parameters made
//                     beforehand
//   majiang.text      from the hand's text: Shoupai.fromString,
//                     Util.hule_param and Util.hule
// Usage: node tests/bench/bench_majiang_score.js MODULE_DIR FIXTURE
'use strict';

const fs = require('fs');

const [moduleDir, fixture] = process.argv.slice(2);
if (!moduleDir || !fixture) {
    process.stderr.write('usage: bench_majiang_score.js MODULE_DIR FIXTURE\n');
    process.exit(2);
}
const Majiang = require(require('path').resolve(moduleDir));
const cases = fs.readFileSync(fixture, 'utf8').split('\n').filter((l) => l)
    .map((l) => JSON.parse(l).majiang);

function median(v) {
    const s = [...v].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
}

function time(pass) {
    let sink = 0;
    for (let i = 0; i < 2; i++) sink += pass();
    const runs = [];
    for (let i = 0; i < 5; i++) {
        const t0 = process.hrtime.bigint();
        sink += pass();
        runs.push(Number(process.hrtime.bigint() - t0) / cases.length);
    }
    return [median(runs), sink];
}

const built = cases.map((c) => ({
    shoupai: Majiang.Shoupai.fromString(c.shoupai),
    rongpai: c.rongpai,
    param: Majiang.Util.hule_param(c.param),
}));

const [prebuilt] = time(() => {
    let n = 0;
    for (const b of built) {
        const r = Majiang.Util.hule(b.shoupai, b.rongpai, b.param);
        if (r) n += r.defen;
    }
    return n;
});
const [text] = time(() => {
    let n = 0;
    for (const c of cases) {
        const r = Majiang.Util.hule(Majiang.Shoupai.fromString(c.shoupai),
                                    c.rongpai, Majiang.Util.hule_param(c.param));
        if (r) n += r.defen;
    }
    return n;
});
console.log(`BENCH majiang.prebuilt ${prebuilt.toFixed(1)} ns`);
console.log(`BENCH majiang.text ${text.toFixed(1)} ns`);
console.log(`BENCH majiang.hands ${cases.length} hands`);
