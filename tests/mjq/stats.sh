#!/bin/sh
# SPDX-License-Identifier: MIT
# mjq stats against the published exhaustive counts (every digit), the
# totals of every legal N against C(136, N) and the number of count
# vectors, mjq enumerate (every hand through the public queries) against
# mjq stats for N up to 8; rank and unrank inverse on dealt hands and at
# both ends of every size; deal reproducible and legal; every bad input.
# Usage: tests/mjq/stats.sh BUILD_DIR   (run by `make test`)
set -u
B=${1:-build}
Q="$B/mjq"
T="$B/test/mjt.lmdb"
. "$(dirname "$0")/../harness.sh"

# has NAME FILE TEXT: FILE holds TEXT.
has() {
    grep -qF -- "$3" "$2" && ok || bad "$1: no '$3' in: $(head -c 300 "$2")"
}

"$Q" --tables "$T" stats --json >"$tmp/14" || bad "stats 14 failed"
has 14 "$tmp/14" '"tiles":14,"players":4,"count":"dealt","total":"4250305029168216000"'
has 14 "$tmp/14" '"overall":{"-1":"12859078207674","0":"2966241795738948","1":"99154452630748356","2":"828714358375292670","3":"1867404976243926528","4":"1211948980271480832","5":"233501763289743360","6":"6601397483077632"}'
has 14 "$tmp/14" '"mean":{"exact":"33367408859373163/10572898082508000","decimal":"3.155937813737"}'
has 14 "$tmp/14" '"complete":{"standard":"11353128141498","chiitoitsu":"1505948184576","both":"1306741248","kokushi":"1308622848","any":"12859078207674"}'

"$Q" --tables "$T" stats --count distinct --json >"$tmp/14d" ||
    bad "stats 14 distinct failed"
has 14d "$tmp/14d" '"count":"distinct","total":"326520504500"'
has 14d "$tmp/14d" '"complete":{"standard":"11498658","chiitoitsu":"5379616","both":"4668","kokushi":"13",'

"$Q" --tables "$T" stats --tiles 13 --json >"$tmp/13" || bad "stats 13 failed"
has 13 "$tmp/13" '"total":"483774556165488000"'
has 13 "$tmp/13" '"overall":{"0":"39270395383132","1":"3006175115638776","2":"45249205945148216","3":"175141291509958900","4":"192909046305573888","5":"63384201353756672","6":"4045365540028416"}'
has 13 "$tmp/13" '"decimal":"3.579679'
has 13 "$tmp/13" '"ukeire_mean":{"exact":"50028647007532501/959870151122000","decimal":"52.120223'
has 13 "$tmp/13" '"1m":{"standard":"1078779323540","chiitoitsu":"206698770432","kokushi":"369098752"}'
has 13 "$tmp/13" '"5m":{"standard":"1770865960192",'

# Totals: C(136, N) hands dealt, and the count vectors of N tiles.
while read -r n dealt distinct; do
    "$Q" --tables "$T" stats --tiles "$n" --json >"$tmp/n" 2>&1
    has "total $n" "$tmp/n" "\"count\":\"dealt\",\"total\":\"$dealt\""
    "$Q" --tables "$T" stats --tiles "$n" --count distinct --json >"$tmp/n" 2>&1
    has "distinct $n" "$tmp/n" "\"count\":\"distinct\",\"total\":\"$distinct\""
done <<'END'
1 136 34
2 9180 595
4 13633830 66045
5 359933112 501908
7 145944307080 18623330
8 2353351951665 95305485
10 425067659180736 1900269316
11 4868956823342976 7558429024
13 483774556165488000 98521596000
14 4250305029168216000 326520504500
END

# The other route: every hand through the library, the same bytes.
for arg in "1 dealt" "2 dealt" "4 dealt" "5 dealt" "7 dealt" "8 dealt" \
    "2 distinct" "4 distinct" "5 distinct" "7 distinct"; do
    set -- $arg
    "$Q" --tables "$T" stats --tiles "$1" --count "$2" --json >"$tmp/s"
    "$Q" --tables "$T" enumerate -j 2 --tiles "$1" --count "$2" --json \
        >"$tmp/e" 2>&1
    cmp -s "$tmp/s" "$tmp/e" && ok ||
        bad "enumerate --tiles $1 --count $2 differs from stats"
done
# ... and on the hands of one suit, where enumerate visits every one of the
# 13 and 14 tiles (effective tiles and waits counting draws of any kind).
for arg in "13 dealt" "13 distinct" "14 dealt" "14 distinct"; do
    set -- $arg
    "$Q" --tables "$T" stats --one-suit --tiles "$1" --count "$2" --json \
        >"$tmp/s"
    "$Q" --tables "$T" enumerate --one-suit -j 2 --tiles "$1" --count "$2" \
        --json >"$tmp/e" 2>&1
    cmp -s "$tmp/s" "$tmp/e" && ok ||
        bad "enumerate --one-suit --tiles $1 --count $2 differs from stats"
done
# The route through the public queries, one hand at a time, agrees too.
for arg in "2 dealt" "4 dealt" "5 dealt" "5 distinct" "13 dealt --one-suit"; do
    set -- $arg
    "$Q" --tables "$T" stats --tiles "$1" --count "$2" ${3:-} --json >"$tmp/s"
    "$Q" --tables "$T" enumerate --by-query -j 2 --tiles "$1" --count "$2" ${3:-} \
        --json >"$tmp/e" 2>&1
    cmp -s "$tmp/s" "$tmp/e" && ok ||
        bad "enumerate --by-query --tiles $1 --count $2 ${3:-} differs from stats"
done
# Three players: 108 tiles of 27 kinds.  Totals C(108, N) and the count
# vectors on 27 kinds; stats and enumerate (the public queries, hand by
# hand) agree for N up to 8; a job split in parts merges to the same.
while read -r n dealt distinct; do
    "$Q" --tables "$T" stats --players 3 --tiles "$n" --json >"$tmp/n" 2>&1
    has "sanma total $n" "$tmp/n" "\"tiles\":$n,\"players\":3,\"count\":\"dealt\",\"total\":\"$dealt\""
    "$Q" --tables "$T" stats --players 3 --tiles "$n" --count distinct --json \
        >"$tmp/n" 2>&1
    has "sanma distinct $n" "$tmp/n" "\"count\":\"distinct\",\"total\":\"$distinct\""
done <<'END'
1 108 27
2 5778 378
4 5359095 27405
5 111469176 169884
7 27883218168 4261842
8 352025629371 18057546
10 38722819230810 249599610
11 344985116783580 830534445
13 20592957740312160 7633490490
14 139737927523546800 21310147575
END
sanma_n="1 2 4 5 7 8"
[ -n "${MJT_LONG:-}" ] && sanma_n="$sanma_n 10 11"
for n in $sanma_n; do
    for c in dealt distinct; do
        "$Q" --tables "$T" stats --players 3 --tiles "$n" --count "$c" \
            --json >"$tmp/s"
        "$Q" --tables "$T" --players 3 enumerate -j 2 --tiles "$n" \
            --count "$c" --json >"$tmp/e" 2>&1
        cmp -s "$tmp/s" "$tmp/e" && ok ||
            bad "enumerate --players 3 --tiles $n --count $c differs from stats"
    done
done
for k in 1 2 3; do
    "$Q" --tables "$T" enumerate --players 3 --tiles 7 --part "$k/3" \
        >"$tmp/p$k" || bad "enumerate --players 3 --part $k/3"
done
"$Q" stats --merge "$tmp/p1" "$tmp/p2" "$tmp/p3" --json >"$tmp/e"
"$Q" --tables "$T" stats --players 3 --tiles 7 --json >"$tmp/s"
cmp -s "$tmp/s" "$tmp/e" && ok || bad "three-player parts merge differently"
# no 2m to 8m among the tiles a tenpai hand waits on
has "sanma waiting_on" "$tmp/s" '"waiting_on":{"1m":{"standard":"'
grep -q '"[2-8]m":' "$tmp/s" && bad "sanma waiting_on names 2m to 8m" || ok
"$Q" --tables "$T" stats --players 3 --tiles 4 >"$tmp/text" &&
    has "sanma text" "$tmp/text" \
        "4 tiles, three players, dealt hands (sets of tiles out of 108): 5359095 hands"

# make test-long: every hand of 13 tiles (about ten minutes on two
# threads), with the job split in parts as a batch scheduler would.
if [ -n "${MJT_LONG:-}" ]; then
    for n in 13; do
        "$Q" --tables "$T" stats --tiles "$n" --json >"$tmp/s"
        for k in 1 2; do
            "$Q" --tables "$T" enumerate -j 2 --tiles "$n" --part "$k/2" \
                >"$tmp/long$k" || bad "enumerate --tiles $n --part $k/2"
        done
        "$Q" stats --merge "$tmp/long1" "$tmp/long2" --json >"$tmp/e"
        cmp -s "$tmp/s" "$tmp/e" && ok ||
            bad "enumerate --tiles $n differs from stats"
    done
fi
"$Q" --tables "$T" stats --one-suit --tiles 13 --count distinct --json \
    >"$tmp/one"
has one-suit "$tmp/one" '"one_suit":true,"count":"distinct","total":"93600"'
"$Q" --tables "$T" stats --tiles 5 >"$tmp/text" && has text "$tmp/text" \
    "5 tiles, dealt hands (sets of tiles out of 136): 359933112 hands"
"$Q" --tables "$T" stats --tiles 1 >"$tmp/text" && has text "$tmp/text" \
    "1 tile, dealt hands (sets of tiles out of 136): 136 hands"

# Bad input: exit 2 (1 for a missing table), a message, nothing on stdout.
refused() {
    want=$1 msg=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    if [ "$st" -eq "$want" ] && [ ! -s "$tmp/out" ] &&
        grep -qF -- "$msg" "$tmp/err"; then
        ok
    else
        bad "$*: exit $st, stderr '$(cat "$tmp/err")', stdout $(wc -c <"$tmp/out") bytes"
    fi
}
refused 2 'stats: --tiles 15: want 1 to 14 tiles, 1 or 2 mod 3' \
    "$Q" --tables "$T" stats --tiles 15
refused 2 'stats: --tiles 12: want' "$Q" --tables "$T" stats --tiles 12
refused 2 'stats: --tiles x: want' "$Q" --tables "$T" stats --tiles x
refused 2 'enumerate: --tiles 0: want' "$Q" --tables "$T" enumerate --tiles 0
refused 2 'stats: --count all: want dealt or distinct' \
    "$Q" --tables "$T" stats --count all
refused 2 'stats: 14: takes no argument (--merge takes files)' \
    "$Q" --tables "$T" stats 14
refused 2 'stats: -j: only enumerate takes it' \
    "$Q" --tables "$T" stats -j 2
refused 2 'enumerate: -j 0: want 1 to 64' "$Q" --tables "$T" enumerate -j 0
refused 2 'stats: --visible does not apply' \
    "$Q" --tables "$T" --visible 1m stats
refused 1 'no such file' "$Q" --tables "$tmp/none.lmdb" stats
"$B/mjt-gen" -q --max-tiles 3 -o "$tmp/small.lmdb" >/dev/null
refused 1 'suit table holds 220 valid patterns of the 405350 expected (a table made with mjt-gen --max-tiles answers no query)' \
    "$Q" --tables "$tmp/small.lmdb" stats
refused 1 'suit table holds 220 valid patterns of the 405350 expected (a table made with mjt-gen --max-tiles answers no query)' \
    "$Q" --tables "$tmp/small.lmdb" enumerate --tiles 5
"$Q" stats --help >"$tmp/help" && has help "$tmp/help" 'usage: mjq stats'

# ==== enumerate --part and stats --merge ====

for k in 1 2 3 4; do
    "$Q" --tables "$T" enumerate --tiles 7 --part "$k/4" >"$tmp/part$k" ||
        bad "enumerate --part $k/4"
done
"$Q" --tables "$T" stats --tiles 7 --json >"$tmp/whole"
"$Q" stats --merge "$tmp/part3" "$tmp/part1" "$tmp/part4" "$tmp/part2" \
    --json >"$tmp/merged" && cmp -s "$tmp/whole" "$tmp/merged" && ok ||
    bad "the merged parts are not stats --tiles 7"
# Ranges that end at every level of the walk (a suit, the honors, the hand
# without honors) and hold whole subtrees between: seven parts of 5 tiles.
for k in 1 2 3 4 5 6 7; do
    "$Q" --tables "$T" enumerate --tiles 5 --part "$k/7" >"$tmp/five$k" ||
        bad "enumerate --tiles 5 --part $k/7"
done
"$Q" --tables "$T" stats --tiles 5 --json >"$tmp/five"
"$Q" stats --merge "$tmp"/five? --json >"$tmp/fivem" &&
    cmp -s "$tmp/five" "$tmp/fivem" && ok ||
    bad "the merged seven parts are not stats --tiles 5"
"$Q" --tables "$T" enumerate --tiles 5 --one-suit --part 2/2 >"$tmp/other"
head -c 400 "$tmp/part2" >"$tmp/cut"
printf 'hello\n' >"$tmp/junk"
refused 2 'part 4 of 4 missing' \
    "$Q" stats --merge "$tmp/part1" "$tmp/part2" "$tmp/part3"
refused 2 'part 2 of 4 given twice' \
    "$Q" stats --merge "$tmp/part1" "$tmp/part2" "$tmp/part2" "$tmp/part3" \
    "$tmp/part4"
refused 2 'are parts of different jobs (--tiles 7, 4 parts; --tiles 5 --one-suit, 2 parts)' \
    "$Q" stats --merge "$tmp/part1" "$tmp/other"
refused 2 'cut: truncated or damaged' \
    "$Q" stats --merge "$tmp/part1" "$tmp/cut" "$tmp/part3" "$tmp/part4"
refused 2 'junk: not a part of mjq enumerate' "$Q" stats --merge "$tmp/junk"
refused 2 'none: cannot read it' "$Q" stats --merge "$tmp/none"
sed 's/"first":"[0-9]*"/"first":"1"/' "$tmp/part2" >"$tmp/moved"
refused 2 'moved: not the range of part 2 of 4' \
    "$Q" stats --merge "$tmp/part1" "$tmp/moved" "$tmp/part3" "$tmp/part4"
refused 2 'stats: --merge: no FILE given' "$Q" stats --merge
refused 2 'stats: --merge: the parts say which hands' \
    "$Q" stats --merge --tiles 7 "$tmp/part1"
refused 2 'stats: --part: only enumerate takes it' "$Q" stats --part 1/2
refused 2 'enumerate: --part 3/2: want K/N' "$Q" enumerate --part 3/2
refused 2 'enumerate: --part x: want K/N' "$Q" enumerate --part x
refused 2 'enumerate: --merge: stats merges parts' "$Q" enumerate --merge x
"$Q" --tables "$T" enumerate --players 3 --tiles 7 --part 2/4 >"$tmp/part2of3"
refused 2 'are parts of different jobs (--tiles 7, 4 parts; --tiles 7 --players 3, 4 parts)' \
    "$Q" stats --merge "$tmp/part1" "$tmp/part2of3" "$tmp/part3" "$tmp/part4"
refused 2 'stats: --players 5: a game has 3 or 4 players' \
    "$Q" --tables "$T" stats --players 5
refused 2 'mjq: --players x: a game has 3 or 4 players' \
    "$Q" --players x stats
refused 2 'stats: --one-suit: the hands of the manzu alone are four-player ones' \
    "$Q" --tables "$T" stats --players 3 --one-suit
refused 2 'deal: --players 2: a game has 3 or 4 players' "$Q" deal --players 2

# ==== rank, unrank, deal ====

# Dealt hands of every size rank and unrank back to themselves, with red
# fives told apart or not.
for n in 1 2 4 5 7 8 10 11 13 14; do
    for red in "" --red; do
        "$Q" deal $red --seed "$n" --count 300 --tiles "$n" >"$tmp/dealt"
        # shellcheck disable=SC2046
        "$Q" rank $red $(cat "$tmp/dealt") >"$tmp/idx" &&
            "$Q" unrank $red --tiles "$n" $(cat "$tmp/idx") >"$tmp/back" &&
            cmp -s "$tmp/dealt" "$tmp/back" && ok ||
            bad "rank/unrank $red of $n tiles: not the hands dealt"
    done
done
# Both ends of every size; one past the end is refused.
for n in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
    for red in "" --red; do
        last=$("$Q" unrank $red --tiles "$n" --json 0 |
            sed 's/.*"of":"\([0-9]*\)".*/\1/')
        last=$((last - 1))
        for i in 0 "$last"; do
            h=$("$Q" unrank $red --tiles "$n" "$i")
            [ "$("$Q" rank $red -- "$h" 2>&1)" = "$i" ] ||
                [ "$n" -eq 0 ] || { bad "ends: $n tiles $red index $i"; continue; }
            ok
        done
        "$Q" unrank $red --tiles "$n" $((last + 1)) >/dev/null 2>&1
        [ $? -eq 2 ] && ok || bad "unrank $red --tiles $n $((last + 1)) accepted"
    done
done
"$Q" rank 11112222333344m 44555566667777z >"$tmp/r"
printf '326520504499\n0\n' | cmp -s - "$tmp/r" && ok ||
    bad "rank of the first and last 14-tile hands: $(cat "$tmp/r")"

# deal: fixed by its seed (the first hand of seed 1 is pinned, so a change
# of generator shows), legal, and ready for batch mode.
"$Q" deal --seed 1 --count 3 >"$tmp/d1"
"$Q" deal --seed 1 --count 3 >"$tmp/d2"
cmp -s "$tmp/d1" "$tmp/d2" && ok || bad "deal --seed 1 differs between runs"
[ "$(head -n 1 "$tmp/d1")" = 2457m45p1348s4667z ] && ok ||
    bad "deal --seed 1 no longer deals 2457m45p1348s4667z first"
"$Q" deal --seed 2 --count 2000 --tiles 13 --red >"$tmp/many"
[ "$(wc -l <"$tmp/many")" -eq 2000 ] && ok || bad "deal --count 2000"
grep -Eq '0[0-9]*0[0-9]*[mps]' "$tmp/many" && bad "two red fives of a suit" ||
    ok
grep -q 0 "$tmp/many" && ok || bad "no red five in 2000 hands"
"$Q" --tables "$T" --json <"$tmp/many" >"$tmp/analysed" 2>&1 && ok ||
    bad "mjq refused a dealt hand: $(grep -m1 error "$tmp/analysed")"
[ "$(grep -c '"tiles":13' "$tmp/analysed")" -eq 2000 ] && ok ||
    bad "not 2000 analyses of 13 tiles"

refused 2 'unrank: --tiles N is needed' "$Q" unrank 0
refused 2 'unrank: 98521596000: not an index of 13 tiles (0 to 98521595999)' \
    "$Q" unrank --tiles 13 98521596000
refused 2 'unrank: -1: not an index' "$Q" unrank --tiles 13 -- -1
refused 2 'unrank: --tiles 15: want 0 to 14 tiles' "$Q" unrank --tiles 15 0
refused 2 'rank: 11112222333344m5p: more than 14 tiles' \
    "$Q" rank 11112222333344m5p
refused 2 'rank: 00m: two red fives of a suit' "$Q" rank --red 00m
refused 2 'rank: 1x: unknown character' "$Q" rank 1x
refused 2 'rank: --tiles: a hand says how many' "$Q" rank --tiles 3 1m
refused 2 'rank: --seed: only deal takes it' "$Q" rank --seed 3 1m
refused 2 'deal: --tiles 12: want 1 to 14 tiles, 1 or 2 mod 3' \
    "$Q" deal --tiles 12
refused 2 'deal: --count x: want a whole number' "$Q" deal --count x
refused 2 'deal: 5: takes no argument' "$Q" deal 5

finish stats
