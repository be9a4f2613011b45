#!/bin/sh
# SPDX-License-Identifier: MIT
# mjq and mjt-gen from the outside: exit codes, stderr, JSON.
# Usage: tests/mjq/cli.sh BUILD_DIR   (run by `make test` after the C tests)
set -u
B=${1:-build}
T="$B/test/mjt.lmdb"
. "$(dirname "$0")/../harness.sh"

# check NAME WANT_EXIT WANT_SUBSTRING_IN_OUTPUT -- command...
check() {
    name=$1 want=$2 grep_for=$3
    shift 4
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"
        fail=$((fail + 1)); return
    fi
    if [ -n "$grep_for" ] && ! grep -qF -- "$grep_for" "$tmp/out" "$tmp/err"; then
        echo "FAIL $name: output lacks: $grep_for"; cat "$tmp/out" "$tmp/err"
        fail=$((fail + 1)); return
    fi
    pass=$((pass + 1))
}

Q="$B/mjq"
check json_tenpai 0 '{"hand":"123m456p789s1122z","tiles":13,"shanten":{"standard":0,"chiitoitsu":4,"kokushi":8,"overall":0},"ukeire":{"tiles":["1z","2z"],"left":[2,2],"count":4},"waits":["1z","2z"],"shapes":[{"tile":"1z","shape":"shanpon","wait":"11z","melds":["123m","456p","789s"],"pair":"22z"},{"tile":"2z","shape":"shanpon","wait":"22z","melds":["123m","456p","789s"],"pair":"11z"}]}' -- \
    "$Q" --tables "$T" --json 123m456p789s1122z
check json_ryanmen 0 '"shapes":[{"tile":"3m","shape":"ryanmen","wait":"45m","melds":["123p","456p","789s"],"pair":"11z"},{"tile":"6m","shape":"ryanmen","wait":"45m","melds":["123p","456p","789s"],"pair":"11z"}]}' -- \
    "$Q" --tables "$T" --json 45m123p456p789s11z
check json_tanki 0 '"shapes":[{"tile":"1z","shape":"tanki","wait":"1z","melds":[],"pair":null}]}' -- \
    "$Q" --tables "$T" --json 1z
check json_special 0 '{"tile":"7m","shape":"chiitoitsu","wait":"7m","melds":[],"pair":null}]}' -- \
    "$Q" --tables "$T" --json 1122334455667m
check json_kokushi13 0 '{"tile":"7z","shape":"kokushi13","wait":"7z","melds":[],"pair":null}]}' -- \
    "$Q" --tables "$T" --json 19m19p19s1234567z
check json_decompositions 0 '"decompositions":[{"form":"standard","melds":["123m","123m","456m","456m"],"pair":"77m"},{"form":"standard","melds":["123m","123m","567m","567m"],"pair":"44m"},{"form":"standard","melds":["234m","234m","567m","567m"],"pair":"11m"},{"form":"chiitoitsu"}]}' -- \
    "$Q" --tables "$T" --json 11223344556677m
check json_kokushi_complete 0 '"decompositions":[{"form":"kokushi"}]}' -- \
    "$Q" --tables "$T" --json 19m19p19s12345677z
check json_not_tenpai 0 '"7z"],"left":[4,4,4,4,4,4,4,4,3,3,3,4,4,4,4,4,4,2,2,2,4,4,4,4,4,4,4,4,4,4,4,4,4],"count":123}}' -- "$Q" --tables "$T" --json 1111m123p112233s
check text_shapes 0 '  3m  penchan    [12m] 345m 678m 999m 11m' -- \
    "$Q" --tables "$T" 1112345678999m
check text_decompositions 0 '  standard   111m 234m 345m 345m 22m' -- \
    "$Q" --tables "$T" 11122233344455m

# mjq waits: shapes, the countTiles listing of one hand and of all of them
check waits_text 0 '  2m  kanchan    [13m] 123p 123s 123s 11m' -- \
    "$Q" waits --tables "$T" 1113m123p112233s
check waits_listing 0 '(111)(222)(123)(333)[4]' -- \
    "$Q" waits --tables "$T" --format=countTiles 1111222233334m
check waits_listing_head 0 '1111222233334:' -- \
    "$Q" waits --tables "$T" --format=countTiles 1111222233334m
check waits_listing_none 0 '(none)' -- \
    "$Q" waits --tables "$T" --format=countTiles 1111222233347s
check waits_listing_honors 0 '(111)(222)(333)(44)[55]' -- \
    "$Q" waits --tables "$T" --format=countTiles 1112223334455z
check waits_two_suits 2 'tiles of more than one suit' -- \
    "$Q" waits --tables "$T" --format=countTiles 111222333m4445p
check waits_count 2 '14 tiles: the count must be 1 mod 3' -- \
    "$Q" waits --tables "$T" 11122233344455m
check waits_no_hand 2 'no HAND given' -- "$Q" waits --tables "$T"
check waits_bad_j 2 '-j 0: want 1 to 64' -- "$Q" waits --all-one-suit -j 0
check waits_bad_hand 2 'tile 5p appears 5 times' -- "$Q" waits 55555p
"$Q" waits --tables "$T" --all-one-suit -j 1 >"$tmp/all1" 2>&1
"$Q" waits --tables "$T" --all-one-suit -j2 >"$tmp/all2" 2>&1
check waits_all_jobs_agree 0 '' -- cmp "$tmp/all1" "$tmp/all2"
check waits_all_hands 0 '' -- sh -c "test \"\$(grep -c ':' \"$tmp/all2\")\" -eq 93600"
check waits_all_bytes 0 '' -- sh -c "test \"\$(wc -c <\"$tmp/all2\")\" -eq 4213870"
check waits_all_first 0 '' -- sh -c "head -1 \"$tmp/all2\" | grep -qx '1111222233334:'"
check waits_all_last 0 '' -- sh -c "grep ':' \"$tmp/all2\" | tail -1 | grep -qx '6777788889999:'"

check json_short_hand 0 '"chiitoitsu":null,"kokushi":null' -- \
    "$Q" --tables "$T" --json 1m
check json_discards 0 '"discards":[{"tile":"1m","shanten":0,"ukeire":{"tiles":["1m","4m"],"left":[3,4],"count":7}}' -- \
    "$Q" --tables "$T" --json 123m456p789s11222z
check text_trap 0 'shanten   1 (standard 1' -- "$Q" --tables "$T" 1111m123p112233s
check visible 0 '"count":3' -- "$Q" --tables "$T" --json --visible 1z 123m456p789s1122z
check visible_too_many 2 'tile 1z: 2 in the hand and 3 visible (at most 4)' -- \
    "$Q" --tables "$T" --visible 111z 123m456p789s1122z
check fifth_copy 2 'tile 5p appears 5 times (at most 4)' -- "$Q" --tables "$T" 55555p
check too_many 2 '15 tiles (at most 14)' -- "$Q" --tables "$T" 123456789m123456p
check bad_count 2 '12 tiles: the count must be 1 or 2 mod 3' -- "$Q" --tables "$T" 123456789m123p
# red fives: one a suit, in the hand and its calls together
check red_two 2 '00m: 2 red 5m (the game has only 1)' -- "$Q" --tables "$T" 00m
check red_four 2 '0000m: 4 red 5m (the game has only 1)' -- "$Q" --tables "$T" 0000m
check red_calls 2 '2 red 5s counting the calls (the game has only 1)' -- \
    "$Q" --tables "$T" '406s33z,055s,111z,222z'
check calls_from 0 '"calls":["789s:left","555p:across","7777z:closed"]' -- \
    "$Q" --tables "$T" --json '123m44p,789s:left,555p:across,7777z:closed'
check calls_run_right 2 'a run is called from the left only' -- \
    "$Q" --tables "$T" '123m456p11z,789s:right'
# a closed quad holds four copies, as an open one does
check calls_closed_visible 2 'tile 5m: 4 in the hand and its calls and 1 visible (at most 4)' -- \
    "$Q" --tables "$T" --visible 5m '12m55p,5555m:closed,111z,222z'
check calls_closed_left 0 '"calls":["5555m:closed","111z","222z"]' -- \
    "$Q" --tables "$T" --json '12m55p,5555m:closed,111z,222z'
check bad_char 2 "unknown character 'x' at offset 3" -- "$Q" --tables "$T" 123x
check bad_option 2 'unknown option' -- "$Q" --frobnicate
check no_tables 1 'no such file' -- "$Q" --tables "$tmp/none.lmdb" 1m
check help 0 'usage: mjq' -- "$Q" --help

printf '123m456p789s1122z\r\n\n55555m\n1m' >"$tmp/in"
check batch_goes_on 1 '{"line":3,"error":"tile 5m appears 5 times (at most 4), fifth at offset 4"}' -- \
    sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/in\""
check batch_last_line 1 '{"hand":"1m","tiles":1' -- \
    sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/in\""

# Batch input limits: long lines, NUL bytes, garbage, and memory that stays
# flat over many lines (MJT_BATCH_LINES, 10,000,000 under make test-long).
{ head -c 100000 /dev/zero | tr '\0' 1; printf '\n1m\n12\0003m\n'; } >"$tmp/odd"
check batch_long_line 1 '{"line":1,"error":"line longer than 1023 bytes"}' -- \
    sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/odd\""
check batch_after_long_line 1 '{"hand":"1m","tiles":1' -- \
    sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/odd\""
check batch_nul_byte 1 '{"line":3,"error":"unknown byte 0x00 at offset 2"}' -- \
    sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/odd\""
head -c 300000 /dev/urandom >"$tmp/garbage"
check batch_garbage 1 '' -- sh -c "\"$Q\" --tables \"$T\" --json <\"$tmp/garbage\" >/dev/null"
# Batch memory stays flat: the least address space (in steps of 1 MB)
# that 1,000 lines run in must carry N lines too, with 2 MB to spare, so
# the check holds whatever the shared libraries mjq links take up.
# (Sanitizer builds reserve address space of their own: no limit there.)
N=${MJT_BATCH_LINES:-1000000}
lines_in() { # lines_in KB LINES: whether LINES lines run within KB
    sh -c "ulimit -v $1; yes 123m456p789s11222z | head -n $2 | \
        \"$Q\" --tables \"$T\" --json | wc -l" 2>/dev/null | grep -qx "$2"
}
lo=4000 hi=512000
while [ $((hi - lo)) -gt 1000 ]; do
    mid=$(((lo + hi) / 2))
    if lines_in "$mid" 1000; then hi=$mid; else lo=$mid; fi
done
LIMIT="ulimit -v $((hi + 2000));"
[ -n "${MJT_SANITIZER:-}" ] && LIMIT=""
check batch_flat_memory 0 "$N" -- sh -c "$LIMIT yes 123m456p789s11222z | \
    head -n $N | \"$Q\" --tables \"$T\" --json | wc -l"

check dump 0 '{"melds":1,"pair":1,"deficit":2,"need":"23456789","excess":"1"}' -- \
    "$Q" dump --tables "$T" 1111m
check dump_key 0 '"key":"0x000000000000000f"' -- "$Q" dump --tables "$T" 1111s
check dump_two_suits 2 'tiles of more than one suit' -- "$Q" dump --tables "$T" 11m22p
check dump_malformed 2 "unknown character 'q'" -- "$Q" dump --tables "$T" 11q
check dump_no_table 1 'no such file' -- "$Q" dump --tables "$tmp/none.lmdb" 11m
echo "not a table" >"$tmp/foreign"
check dump_foreign 1 'not an LMDB file' -- "$Q" dump --tables "$tmp/foreign" 11m
: >"$tmp/empty"
check info_empty 1 'empty file' -- "$Q" info "$tmp/empty"
check info 0 'suit.patterns        405350' -- "$Q" info "$T"
head -c 100000 "$T" >"$tmp/trunc"
check info_truncated 1 'truncated' -- "$Q" info "$tmp/trunc"

# mjq info --verify and mjq diff.  Solvers are compared on the patterns of
# at most 10 tiles (86,350 of the 448,480; the reference solver takes 10 s
# on two cores for all of them, which `make test-long` does).
check info_verify 0 'suit             intact (405350 records' -- "$Q" info --verify "$T"
G="$B/mjt-gen"
M=${MJT_DIFF_TILES:-10}
"$G" -q -j 2 --max-tiles "$M" -o "$tmp/bit.lmdb" >/dev/null
"$G" -q -j 2 --max-tiles "$M" --solver reference -o "$tmp/ref.lmdb" >/dev/null
"$G" -q -j 2 --max-tiles 8 -o "$tmp/bit8.lmdb" >/dev/null
"$G" -q -j 2 --max-tiles 8 --solver nocap -o "$tmp/nocap8.lmdb" >/dev/null
check diff_reference_by_digest 0 'suit: identical (equal digests' -- \
    "$Q" diff "$tmp/bit.lmdb" "$tmp/ref.lmdb"
if [ "$M" = 10 ]; then
    check diff_reference_full_suit 0 'suit: 74396 compared, 0 changed, 0 only in OLD, 0 only in NEW' -- \
        "$Q" diff --full "$tmp/bit.lmdb" "$tmp/ref.lmdb"
    check diff_reference_full_honor 0 'honor: 13925 compared, 0 changed, 0 only in OLD, 0 only in NEW' -- \
        "$Q" diff --full "$tmp/bit.lmdb" "$tmp/ref.lmdb"
    check diff_only_in 1 'suit: 22330 compared, 0 changed, 0 only in OLD, 52066 only in NEW' -- \
        "$Q" diff "$tmp/bit8.lmdb" "$tmp/bit.lmdb"
fi
check diff_reference_full_both 0 '' -- sh -c "test \"\$(\"$Q\" diff --full \
    \"$tmp/bit.lmdb\" \"$tmp/ref.lmdb\" | grep -c ' 0 changed, 0 only in OLD, 0 only in NEW')\" -eq 4"
check diff_nocap 1 'suit 1111 (1 meld + pair): deficit 2 -> 1; need "23456789" -> ""; excess "1" -> ""' -- \
    "$Q" diff "$tmp/bit8.lmdb" "$tmp/nocap8.lmdb"
check diff_nocap_summary 1 'suit: 22330 compared, 1803 changed, 0 only in OLD, 0 only in NEW' -- \
    "$Q" diff "$tmp/bit8.lmdb" "$tmp/nocap8.lmdb"
check diff_max 1 '(--max 2: later differences not shown)' -- \
    "$Q" diff --max 2 "$tmp/bit8.lmdb" "$tmp/nocap8.lmdb"
check diff_max_counts 0 '' -- sh -c "test \"\$(\"$Q\" diff --max 2 \
    \"$tmp/bit8.lmdb\" \"$tmp/nocap8.lmdb\" | grep -c ' -> ')\" -eq 2"
check diff_json 1 '{"table":"suit","pattern":"1111","key":"0x000000000000000f","melds":1,"pair":1,"old":{"deficit":2,"need":"23456789","excess":"1"},"new":{"deficit":1,"need":"","excess":""}}' -- \
    "$Q" diff --json "$tmp/bit8.lmdb" "$tmp/nocap8.lmdb"
check diff_json_summary 1 '],"formats":[3,3],"identical":false}' -- \
    "$Q" diff --json --max 0 "$tmp/bit8.lmdb" "$tmp/nocap8.lmdb"
check diff_same_file 2 'are the same file' -- "$Q" diff "$T" "$T"
check diff_missing 2 'no such file' -- "$Q" diff "$T" "$tmp/none.lmdb"
check diff_foreign 2 'not an LMDB file' -- "$Q" diff "$tmp/foreign" "$T"
check diff_one_file 2 'want two files' -- "$Q" diff "$T"
check diff_truncated 2 'truncated' -- "$Q" diff "$T" "$tmp/trunc"
check diff_empty 2 'empty file' -- "$Q" diff "$tmp/empty" "$T"
check diff_bad_max 2 'want a count' -- "$Q" diff --max -1 "$T" "$tmp/bit.lmdb"

# Red fives: kept in the hand, and a discard of their own beside the 5.
check red_text 0 '406m123p456789s1z (13 tiles)' -- \
    "$Q" --tables "$T" 406m123p456s789s1z
check red_json_hand 0 '{"hand":"3055m123p45678s11z","tiles":14,' -- \
    "$Q" --tables "$T" --json 3055m123p45678s11z
check red_json_discard 0 '{"tile":"5m","shanten":1,"ukeire":{"tiles":["4m","5m","3s","6s","9s","1z"],"left":[4,1,4,3,4,2],"count":18}},{"tile":"0m","shanten":1,"ukeire":{"tiles":["4m","5m","3s","6s","9s","1z"],"left":[4,1,4,3,4,2],"count":18}}' -- \
    "$Q" --tables "$T" --json 3055m123p45678s11z
check red_only 0 '  0m  shanten' -- "$Q" --tables "$T" 340m123p456s789s11z
check tables_hint 1 "make them with 'make tables'" -- \
    "$Q" --tables "$tmp/none.lmdb" 1m

# What a player reads: copies left of each effective tile, a wait with
# none left said so, a hand that waits on nothing said so, "1 tile".
check left_text 0 'ukeire    3m(4) 6m(2) (6 tiles)' -- "$Q" --tables "$T" 4566m123p456p789s
check left_none 0 'waits     1z (no tile left to draw)' -- \
    "$Q" --tables "$T" --visible 111z 123m456p789s1z
check left_none_count 0 'ukeire    1z(0) (0 tiles)' -- \
    "$Q" --tables "$T" --visible 111z 123m456p789s1z
check one_tile 0 'ukeire    1z(1) (1 tile)' -- "$Q" --tables "$T" --visible 11z 123m456p789s1z
check waits_not_tenpai 0 'not tenpai' -- "$Q" waits --tables "$T" 1111m123p112233s

# Calls: the hand after its concealed tiles, each call after a comma; JSON
# "hand" is the concealed part, "calls" the melds, "tiles" the concealed
# count; the same object in batch mode, and a JSON error line for a bad one.
check calls_json 0 '{"hand":"12m55p","calls":["3333m","111z","222z"],"tiles":4,"shanten":{"standard":1,"chiitoitsu":null,"kokushi":null,"overall":1},"ukeire":{"tiles":["1m","2m","5p"],"left":[3,3,2],"count":8}}' -- \
    "$Q" --tables "$T" --json 12m55p,3333m,111z,222z
check calls_text 0 '12m55p,3333m,111z,222z (4 tiles, 3 calls)' -- \
    "$Q" --tables "$T" 12m55p,3333m,111z,222z
check calls_no_wait 0 'ukeire    2m(4) 3m(4)' -- "$Q" --tables "$T" 1m,111m,222z,333z,444z
check calls_red 0 '{"hand":"123m406p5s","calls":["406s","777z"],"tiles":7' -- \
    "$Q" --tables "$T" --json 123m406p5s,406s,777z
check calls_left 0 '"ukeire":{"tiles":["5s"],"left":[1],"count":1}' -- \
    "$Q" --tables "$T" --json --visible 5s 123m406p5s,456s,777z
check calls_visible_too_many 2 'tile 5s: 2 in the hand and its calls and 3 visible (at most 4)' -- \
    "$Q" --tables "$T" --visible 555s 123m406p5s,456s,777z
check calls_not_a_meld 2 'call 124m at offset 7: not a run, a triplet or a quad' -- \
    "$Q" --tables "$T" 12m55p,124m,111z,222z
check calls_pair 2 'call 11z at offset 7: a call is 3 tiles, or 4 for a kan' -- \
    "$Q" --tables "$T" 12m55p,11z,111z,222z
check calls_honor_run 2 'honors make no runs' -- "$Q" --tables "$T" 12m55p,123z,111z,222z
check calls_fifth_copy 2 'tile 1m appears 5 times counting the calls (at most 4)' -- \
    "$Q" --tables "$T" 12m,1111m,222z,333z,444z
check calls_total 2 '5 concealed tiles and 2 calls make 11 tiles (3 a call): a hand with calls makes 13 or 14' -- \
    "$Q" --tables "$T" 12345m,111z,222z
check calls_five 2 '5 calls (at most 4), the fifth at offset 23' -- \
    "$Q" --tables "$T" 1m,111m,222z,333z,444z,555z
check calls_empty 2 "',' at offset 17 has no call after it" -- \
    "$Q" --tables "$T" 12m55p,3333m,111z,
printf '%s\n' '{"hand":"12m55p","calls":["3333m","111z","222z"]}' \
    '{"calls":"3333m,111z,222z","hand":"12m55p"}' \
    '{"hand":"12m55p","calls":["3333m","11z","222z"]}' \
    '{"hand":"12m55p","calls":[3]}' \
    '{"hand":"12m55p,3333m","calls":["111z","222z"]}' \
    '12m55p,3333m,111z,222z' >"$tmp/calls"
"$Q" --tables "$T" --json <"$tmp/calls" >"$tmp/calls.out" 2>&1
check calls_batch_array 0 '' -- sh -c "sed -n 1p '$tmp/calls.out' | grep -qF '\"calls\":[\"3333m\",\"111z\",\"222z\"],\"tiles\":4'"
check calls_batch_string 0 '' -- sh -c "test \"\$(sed -n 2p '$tmp/calls.out')\" = \"\$(sed -n 1p '$tmp/calls.out')\""
check calls_batch_text 0 '' -- sh -c "test \"\$(sed -n 6p '$tmp/calls.out')\" = \"\$(sed -n 1p '$tmp/calls.out')\""
check calls_batch_bad 0 '{"line":3,"error":"call 11z at offset 13: a call is 3 tiles, or 4 for a kan"}' -- cat "$tmp/calls.out"
check calls_batch_not_strings 0 '{"line":4,"error":"JSON line: \"calls\" holds something other than strings"}' -- cat "$tmp/calls.out"
check calls_batch_twice 0 '{"line":5,"error":"JSON line: calls both in \"hand\" and in \"calls\""}' -- cat "$tmp/calls.out"
# What mjq --json writes for a hand with calls reads back as the same hand.
"$Q" --tables "$T" --json 12m55p,3333m,111z,222z | sed 's/,"tiles".*/}/' >"$tmp/back"
check calls_read_back 0 '"calls":["3333m","111z","222z"],"tiles":4' -- \
    sh -c "'$Q' --tables '$T' --json <'$tmp/back'"

# Three players: 2m to 8m do not exist, 1m and 9m make no run.
check sanma_json 0 '{"hand":"19m123456p789s11z","tiles":13,"players":3,"shanten":{"standard":1,"chiitoitsu":5,"kokushi":7,"overall":1},"ukeire":{"tiles":["1m","9m","1z"],"left":[3,3,2],"count":8}}' -- \
    "$Q" --tables "$T" --json --players 3 19m123p456p789s11z
check sanma_text 0 '19m123456p789s11z (13 tiles, three players)' -- \
    "$Q" --tables "$T" --players=3 19m123p456p789s11z
check sanma_four 0 '"tiles":["1m","2m","3m","7m","8m","9m","1z"]' -- \
    "$Q" --tables "$T" --json 19m123p456p789s11z
check sanma_kokushi 0 '{"tile":"7z","shape":"kokushi13","wait":"7z","melds":[],"pair":null}]}' -- \
    "$Q" --tables "$T" --json --players 3 19m19p19s1234567z
check sanma_tile 2 'mjq: 15m123p456s11z: tile 5m has no place in three-player mahjong (it has no 2m to 8m)' -- \
    "$Q" --tables "$T" --players 3 15m123p456s11z
check sanma_red 2 'tile 0m has no place in three-player mahjong' -- \
    "$Q" --tables "$T" --players 3 109m55p123s11z,777z
check sanma_chi 2 'call 123p has no place in three-player mahjong (there is no chi)' -- \
    "$Q" --tables "$T" --players 3 19m1p55s,123p,111z,222z
check sanma_pon 0 '19m1p55s,111p,111z,222z (5 tiles, 3 calls, three players)' -- \
    "$Q" --tables "$T" --players 3 19m1p55s,111p,111z,222z
check sanma_visible 2 'visible tile 3m has no place in three-player mahjong' -- \
    "$Q" --tables "$T" --players 3 --visible 3m 19m123p456p789s11z
check sanma_players_bad 2 'mjq: --players 2: a game has 3 or 4 players' -- \
    "$Q" --tables "$T" --players 2 19m123p456p789s11z
check sanma_waits 0 '  9m  tanki      [9m] 111m 123p 456p 789s' -- \
    "$Q" waits --tables "$T" --players 3 1119m123p456p789s
check sanma_info 2 'info: --players does not apply' -- \
    "$Q" --players 3 info "$T"
check sanma_rank 2 'rank: --players 3: ranks are of four-player sets of tiles' -- \
    "$Q" rank --players 3 19m
printf '%s\n' '{"hand":"19m123p456p789s11z","players":3}' \
    '{"players":4,"hand":"19m123p456p789s11z"}' \
    '{"hand":"15m123p456s11z","players":3}' \
    '{"hand":"19m123p456p789s11z","players":5}' \
    '{"hand":"19m123p456p789s11z","players":"3"}' \
    '{"hand":"19m123p456p789s11z","visible":"5m","players":3}' >"$tmp/sanma"
"$Q" --tables "$T" --json <"$tmp/sanma" >"$tmp/sanma.out" 2>&1
check sanma_batch 0 '' -- sh -c "sed -n 1p '$tmp/sanma.out' | grep -qF '\"players\":3,\"shanten\":{\"standard\":1'"
check sanma_batch_four 0 '' -- sh -c "sed -n 2p '$tmp/sanma.out' | grep -qF '\"count\":24}'"
check sanma_batch_tile 0 '{"line":3,"error":"tile 5m has no place in three-player mahjong (it has no 2m to 8m)"}' -- cat "$tmp/sanma.out"
check sanma_batch_five 0 '{"line":4,"error":"JSON line: \"players\" is not 3 or 4 (a game has 3 or 4 players)"}' -- cat "$tmp/sanma.out"
check sanma_batch_string 0 '{"line":5,"error":"JSON line: \"players\" is not 3 or 4' -- cat "$tmp/sanma.out"
check sanma_batch_visible 0 '{"line":6,"error":"visible tile 5m has no place in three-player mahjong' -- cat "$tmp/sanma.out"
# --players 3 on the command line applies to every batch line; a line may
# say 4.
printf '%s\n' '19m123p456p789s11z' '{"hand":"19m123p456p789s11z","players":4}' |
    "$Q" --tables "$T" --json --players 3 >"$tmp/sanma2.out" 2>&1
check sanma_batch_global 0 '' -- sh -c "sed -n 1p '$tmp/sanma2.out' | grep -qF '\"players\":3'"
check sanma_batch_line_four 0 '' -- sh -c "sed -n 2p '$tmp/sanma2.out' | grep -qF '\"count\":24}'"
# Dealt three-player hands hold no 2m to 8m, and read back as such.
"$Q" deal --players 3 --seed 5 --count 500 --red >"$tmp/deal3"
check sanma_deal 1 '' -- grep -qE '[2-8]+m|0m' "$tmp/deal3"
check sanma_deal_reads 0 '' -- sh -c "'$Q' --tables '$T' --players 3 --json <'$tmp/deal3' >/dev/null"
check sanma_deal_json 0 '{"hand":"' -- "$Q" deal --players 3 --seed 5 --json
check sanma_deal_json_players 0 '"players":3}' -- "$Q" deal --players 3 --seed 5 --json

# Spaces between groups, in arguments and in batch lines at either end.
check spaces_arg 0 '123m456p789s1z (10 tiles)' -- "$Q" --tables "$T" '123m 456p 789s 1z'
printf ' 123m 456p789s1z \n' >"$tmp/spaced"
check spaces_batch 0 '123m456p789s1z (10 tiles)' -- sh -c "'$Q' --tables '$T' <'$tmp/spaced'"
check space_in_group 2 'space at offset 2 inside a group' -- "$Q" --tables "$T" '12 3m'

# Options, the same way everywhere: --opt value and --opt=value, global
# options before a command, --, per-command --help, --version, and one
# message per problem.
check opt_eq 0 '123m456p789s1z (10 tiles)' -- "$Q" --tables="$T" 123m456p789s1z
check opt_after_hand 0 '"tiles":10' -- "$Q" 123m456p789s1z --tables "$T" --json
check opt_visible_eq 0 'ukeire    1z(2) (2 tiles)' -- \
    "$Q" --tables "$T" --visible=1z 123m456p789s1z
check opt_visible_adds 0 'ukeire    1z(0) (0 tiles)' -- \
    "$Q" --tables "$T" --visible 11z --visible 1z 123m456p789s1z
check opt_visible_five 2 'tile 1z seen 5 times in all (at most 4)' -- \
    "$Q" --tables "$T" --visible 111z --visible 11z 1m
check opt_global_cmd 0 '1111222233334:' -- \
    "$Q" --tables "$T" waits --format countTiles 1111222233334m
check opt_json_waits 2 "mjq: waits: --json does not apply (waits prints text) (try 'mjq waits --help')" -- "$Q" --json waits --tables "$T" 1m
check opt_json_visible_info 2 'info: --json and --visible do not apply' -- "$Q" --json --visible 1m info "$T"
check opt_dashdash 0 '1m (1 tile)' -- "$Q" --tables "$T" -- 1m
check opt_unknown 2 '--frob: unknown option' -- "$Q" --frob 1m
check opt_missing 2 '--tables: needs a value' -- "$Q" 1m --tables
check opt_no_value 2 '--json: takes no value' -- "$Q" --json=yes 1m
check opt_waits_unknown 2 'waits: --frob: unknown option' -- "$Q" waits --frob 1m
check opt_version 0 'mjq 1.5.1 (libmjt 1.5.1, JSON 1.4, code path ' -- "$Q" --version
# the code path the library took, and MJT_ISA=portable taking the portable one
isa=$("$Q" --version | sed -n 's/.*code path \(.*\))$/\1/p')
case $isa in
portable | x86-64-v2) pass=$((pass + 1)) ;;
*) echo "FAIL opt_version_isa: code path '$isa'"; fail=$((fail + 1)) ;;
esac
# (a build that does not dispatch, DISPATCH=no, has one path only)
if nm "$Q" 2>/dev/null | grep -q ' mjt__isa_table$'; then
    check opt_version_portable 0 'code path portable)' -- \
        env MJT_ISA=portable "$Q" --version
fi
check help_cmd 0 'Commands:' -- "$Q" help
check help_waits 0 'usage: mjq waits' -- "$Q" help waits
check help_nope 2 'no such command' -- "$Q" help nope
for c in waits dump info diff; do
    check "help_$c" 0 "usage: mjq $c" -- "$Q" "$c" --help
done
check waits_text_all 2 'prints the countTiles listing only' -- \
    "$Q" waits --tables "$T" --format=text --all-one-suit
check waits_j_hands 2 'only --all-one-suit runs on threads' -- \
    "$Q" waits --tables "$T" -j 2 1m
check waits_bad_format 2 'want text or countTiles' -- \
    "$Q" waits --tables "$T" --format=seed 1m
long=$(head -c 5000 /dev/zero | tr '\0' x)
check long_arg_cut 2 'xxx...: unknown character' -- "$Q" --tables "$T" "$long"

# Batch lines as JSON objects, for programs: each line's seen tiles add
# to --visible; every problem named, the run goes on.
J=tests/reliability/fuzz/seeds/batch/json-lines
check jsonl_visible 0 '"ukeire":{"tiles":["1z","2z"],"left":[1,2],"count":3}' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'; true"
check jsonl_spaces 0 '{"hand":"123m456p789s1z","tiles":10,' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'; true"
check jsonl_both 0 '"ukeire":{"tiles":["1z"],"left":[0],"count":0}' -- \
    sh -c "'$Q' --tables '$T' --json --visible 1z <'$J'; true"
check jsonl_not_string 1 '{"line":3,"error":"JSON line: a value that is not a string' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_unknown_key 1 '{"line":4,"error":"JSON line: an unknown key' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_escape 1 '{"hand":"1m","tiles":1,' -- sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_twice 1 '{"line":6,"error":"JSON line: a key given twice"}' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_unended 1 '{"line":7,"error":"JSON line: a string that does not end"}' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_empty 1 '{"line":8,"error":"JSON line: no \"hand\" in the object"}' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"
check jsonl_non_ascii 1 '{"line":9,"error":"JSON line: a \\u escape of no tile text"}' -- \
    sh -c "'$Q' --tables '$T' --json <'$J'"

# Output that cannot be written is a failure, whatever the command.
check full_analysis 1 'cannot write the output' -- sh -c "'$Q' --tables '$T' 1m >/dev/full"
check full_help 1 'cannot write the output' -- sh -c "'$Q' --help >/dev/full"
check full_info 1 'cannot write the output' -- sh -c "'$Q' info '$T' >/dev/full"
check full_batch 1 'cannot write the output' -- \
    sh -c "yes 123m456p789s1122z | head -n 100000 | '$Q' --tables '$T' >/dev/full"
check closed_pipe 0 '' -- sh -c "yes 123m456p789s1122z | head -n 100000 | \
    '$Q' --tables '$T' 2>'$tmp/pipe-err' | head -c 1 >/dev/null; \
    test ! -s '$tmp/pipe-err'"

# A short file where mjt-gen would write: refused, not a crash in LMDB.
cp tests/reliability/fuzz/seeds/table/crash-sigbus-short-file "$tmp/short.lmdb"
check gen_short_file 1 'exists and does not read as an mjt table' -- \
    "$G" -q -o "$tmp/short.lmdb"
check gen_short_kept 0 '' -- cmp tests/reliability/fuzz/seeds/table/crash-sigbus-short-file "$tmp/short.lmdb"

# Reproducible: with SOURCE_DATE_EPOCH, any -j, any run, the same bytes.
for j in 1 2; do
    SOURCE_DATE_EPOCH=1700000000 "$G" -q -j $j --max-tiles 8 \
        -o "$tmp/repro$j.lmdb" >/dev/null
done
check gen_reproducible 0 '' -- cmp "$tmp/repro1.lmdb" "$tmp/repro2.lmdb"
check gen_epoch 0 '2023-11-14T22:13:20Z' -- "$Q" info "$tmp/repro1.lmdb"

# info's values line up, the longest key included.
check info_aligned 0 'suit.forms.patterns  83166' -- "$Q" info "$T"
check info_aligned_short 0 'format               3' -- "$Q" info "$T"

check gen_help 0 'usage: mjt-gen' -- "$G" --help
check gen_bad_j 2 '-j 0: want a thread count' -- "$G" -j 0
check gen_foreign 1 'exists and does not read as an mjt table' -- "$G" -o "$tmp/foreign"
check gen_foreign_kept 0 'not a table' -- cat "$tmp/foreign"
check gen_unwritable 1 'cannot write here' -- "$G" -o /nonexistent-dir/x.lmdb
check gen_version 0 'mjt-gen 1.5.1 (table format 3)' -- "$G" --version
# the manual pages name the version the programs print (mjt-gen.1 said
# 0.2.0 through 1.4.0)
src=$(dirname "$0")/../.. v=$("$Q" --version | sed 's/^mjq \([^ ]*\) .*/\1/')
check man_mjq_version 0 "\"mjt $v\"" -- sed -n 2p "$src/query/mjq/mjq.1"
gv=$("$G" --version | sed 's/^mjt-gen \([^ ]*\) .*/\1/')
check man_gen_version 0 "\"mjt $gv\"" -- sed -n 2p "$src/gen/mjt-gen.1"
# and the tables it wrote say so (tables/FORMAT.md said mjt-gen 0.1.0)
check gen_meta_version 0 "mjt-gen $gv" -- "$Q" info "$T"
check format_gen_version 0 "\`mjt-gen $gv\`" -- grep '^| .generator' \
    "$src/tables/FORMAT.md"
# every long option a help text gives is in the manual page too, where
# that text is: mjq --help's under OPTIONS, a command's in its entry under
# COMMANDS or under OPTIONS (--tables, --json, ... are every command's).
# The page lacked fourteen of stats', enumerate's, waits' and score's, and
# --prob under OPTIONS.
opts() { grep -o -- '--[a-z][a-z-]*' | sort -u; }
man_section() { # the text of mjq.1 from .SH $1 to the next .SH
    sed 's/\\-/-/g' "$src/query/mjq/mjq.1" |
        awk -v s=".SH $1" '$0 == s { on = 1; next } /^\.SH / { on = 0 } on'
}
man_entry() { # the entry of COMMANDS that begins with command $1
    man_section COMMANDS | awk -v b="\\\\fB$1" '
        /^\.TP$/ { first = 1; on = 0; next }
        first { first = 0; c = substr($0, length(b) + 1, 1)
                on = index($0, b) == 1 && (c == "\\" || c == " ") } on'
}
cmds=$("$Q" help | sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p')
"$Q" --help 2>&1 | sed '/^Commands:/q' | opts >"$tmp/help_opts"
man_section OPTIONS | opts >"$tmp/man_opts"
missing=$(comm -23 "$tmp/help_opts" "$tmp/man_opts" | tr '\n' ' ')
[ "$(wc -l <"$tmp/help_opts")" -ge 8 ] || missing="$missing(mjq --help: too few) "
for c in $cmds; do
    [ "$c" = help ] && continue # its help is mjq --help
    man_entry "$c" >"$tmp/entry"
    [ -s "$tmp/entry" ] || missing="$missing$c: no entry; "
    "$Q" "$c" --help 2>&1 | opts >"$tmp/help_opts"
    { man_section OPTIONS; cat "$tmp/entry"; } | opts >"$tmp/man_opts"
    m=$(comm -23 "$tmp/help_opts" "$tmp/man_opts" | tr '\n' ' ')
    [ -z "$m" ] || missing="$missing$c: $m; "
done
if [ "$(echo $cmds | wc -w)" -ge 12 ] && [ -z "$missing" ]; then
    pass=$((pass + 1))
else
    echo "FAIL man_mjq_options: not in mjq.1 where they belong: $missing"
    fail=$((fail + 1))
fi
"$G" --help 2>&1 | opts >"$tmp/help_opts"
sed 's/\\-/-/g' "$src/gen/mjt-gen.1" | opts >"$tmp/man_opts"
missing=$(comm -23 "$tmp/help_opts" "$tmp/man_opts" | tr '\n' ' ')
if [ "$(wc -l <"$tmp/help_opts")" -ge 4 ] && [ -z "$missing" ]; then
    pass=$((pass + 1))
else
    echo "FAIL man_gen_options: not in mjt-gen.1: $missing"; fail=$((fail + 1))
fi

# ==== The first hour: mistakes a newcomer makes, and what mjq says ====

check typo_stat 2 "mjq: unknown command 'stat'; did you mean 'stats'?" -- \
    "$Q" --tables "$T" stat
check typo_serv 2 "unknown command 'serv'; did you mean 'serve'?" -- \
    "$Q" --tables "$T" serv
check typo_wait 2 "unknown command 'wait'; did you mean 'waits'?" -- \
    "$Q" --tables "$T" wait 123m456p789s1122z
check typo_far 2 "unknown command 'frobnicate' (try 'mjq help'" -- \
    "$Q" --tables "$T" frobnicate
check unquoted 2 "quote the hand: mjq '123m 456p 789s 1122z'" -- \
    "$Q" --tables "$T" 123m 456p 789s 1122z
check unquoted_two 2 "2 words make one hand: quote the hand: mjq '123m456p 789s1122z'" -- \
    "$Q" --tables "$T" 123m456p 789s1122z
check honor_character 2 "unknown character '東' at offset 12 (write it 1z)" -- \
    "$Q" --tables "$T" '123m456p789s東東'
check other_character 2 "unknown character '€' at offset 2 (tiles are digits" -- \
    "$Q" --tables "$T" '12€m'
check json_utf8 1 '{"line":1,"error":"unknown character '"'"'中'"'"' at offset 0 (write it 7z)"}' -- \
    sh -c "printf '中\\n' | \"$Q\" --tables \"$T\" --json"
check json_bad_utf8 1 '{"line":1,"error":"unknown byte 0xff at offset 0"}' -- \
    sh -c "printf '\\377\\n' | \"$Q\" --tables \"$T\" --json"
check unrank_negative 2 'unrank: -5: not an index of 3 tiles (0 to 7139)' -- \
    "$Q" unrank --tiles 3 -5
check unrank_negative_alone 2 'unrank: --tiles N is needed' -- "$Q" unrank -1
check capitals 2 "unknown character 'M' at offset 3 (suit letters are lower case: m, p, s, z)" -- \
    "$Q" --tables "$T" 123M456P
check empty_hand 2 'mjq: empty hand (1 to 14 tiles)' -- "$Q" --tables "$T" ""
check help_of_cmd 2 "(try 'mjq unrank --help')" -- "$Q" unrank 5
# each message has one "mjq: " and no doubled colon
for args in stat '123m 456p' '' 'unrank 5' 123M; do
    # shellcheck disable=SC2086
    "$Q" --tables "$T" ${args:-""} 2>"$tmp/err" >/dev/null
    [ "$(grep -c 'mjq' "$tmp/err")" -ge 1 ] &&
        ! grep -q 'mjq:.*mjq:\|: :' "$tmp/err" && ok ||
        bad "mjq $args: $(cat "$tmp/err")"
done

# Progress: on a terminal only (script gives the command one), never on
# stdout, and -q turns it off.
if command -v script >/dev/null 2>&1; then
    script -qec "$Q --tables $T enumerate --tiles 8 -j 2 >$tmp/p.out" \
        /dev/null >"$tmp/tty" 2>&1
    grep -q 'enumerate: 100.0% (' "$tmp/tty" && ok ||
        bad "no progress on a terminal: $(head -c 200 "$tmp/tty")"
    "$Q" --tables "$T" enumerate --tiles 8 -j 2 >"$tmp/p2.out" 2>"$tmp/p2.err"
    cmp -s "$tmp/p.out" "$tmp/p2.out" && [ ! -s "$tmp/p2.err" ] && ok ||
        bad "progress reached stdout, or stderr off a terminal"
    script -qec "$Q --tables $T enumerate -q --tiles 8 >/dev/null" \
        /dev/null >"$tmp/tty" 2>&1
    [ ! -s "$tmp/tty" ] && ok || bad "-q still shows progress"
    script -qec "$Q --tables $T stats --tiles 13 >/dev/null" \
        /dev/null >"$tmp/tty" 2>&1
    grep -q 'stats: 100.0% (7 of 7 steps)' "$tmp/tty" && ok ||
        bad "no stats progress on a terminal: $(head -c 200 "$tmp/tty")"
fi

# The tables are found from any folder below a source tree's tables/, and
# a failure names every place looked at.
mkdir -p "$tmp/tree/tables" "$tmp/tree/a/b"
ln -s "$(cd "$(dirname "$T")" && pwd)/mjt.lmdb" "$tmp/tree/tables/mjt.lmdb"
Qabs="$(cd "$(dirname "$Q")" && pwd)/mjq"
(cd "$tmp/tree/a/b" && env -u MJT_TABLES "$Qabs" 123m456p789s1122z) \
    >"$tmp/out" 2>&1 && grep -q 'shanten   0' "$tmp/out" && ok ||
    bad "tables/ above the working directory: $(cat "$tmp/out")"
if [ ! -e /usr/local/share/mjt/mjt.lmdb ]; then
    (cd / && MJT_TABLES=/nonexistent.lmdb "$Qabs" 1z) >"$tmp/out" 2>&1
    grep -q 'no tables: $MJT_TABLES (/nonexistent.lmdb) does not exist, no tables/mjt.lmdb in / or above, no /' \
        "$tmp/out" && ok || bad "no tables: $(cat "$tmp/out")"
fi

# No line of any command's text output ends in a space.
for args in "123m456p789s1122z" "11122233344455m" "119m19p19s1234567z" \
    "19m19p19s1234567z" "1122334455667m" "11223344556677m" \
    "12m55p,3333m,111z,222z" "--players 3 19m406p789s11223z" \
    "waits 1112345678999m" "waits --format countTiles 1112345678999m" \
    "stats --tiles 4" "stats --tiles 13 --count distinct" \
    "enumerate --tiles 5" "rank 123m456p789s1122z" "unrank --tiles 4 7" \
    "deal --tiles 13 --count 3 --seed 1" "info" "help" "help stats" \
    "dump 1112345678999m" "prob 144588m345p123s35z" "prob 4566m123p456p789s" \
    "--prob 4566m123p456p789s1z" "prob --help"; do
    # shellcheck disable=SC2086
    "$Q" --tables "$T" $args >"$tmp/out" 2>&1
    grep -n ' $' "$tmp/out" >"$tmp/trailing" &&
        bad "mjq $args: a line ends in a space: $(head -n 2 "$tmp/trailing")" ||
        ok
done

# A full disk is named as one, not as an I/O error (on a 1 MB tmpfs, where
# this user may mount one).
mkdir "$tmp/small"
if mount -t tmpfs -o size=1M tmpfs "$tmp/small" 2>/dev/null; then
    check gen_full_disk 1 'no space left on the device (the table takes about' -- \
        "$G" -q -o "$tmp/small/t.lmdb"
    [ -z "$(ls "$tmp/small")" ] && ok || bad "mjt-gen left a file on a full disk"
    umount "$tmp/small"
else
    echo "skip gen_full_disk: no tmpfs can be mounted here"
fi

# ==== mjq prob and --prob: the wall model ====
check prob_text 0 '5m            2  13.4%  37.8%  55.4%     0.7%   5.2%  12.0%' -- \
    "$Q" prob --tables "$T" 144588m345p123s35z
check prob_text_head 0 '144588m345p123s35z (14 tiles): 17 draws, forward play (exact)' -- \
    "$Q" prob --tables "$T" 144588m345p123s35z
check prob_json13 0 '{"hand":"4566m123456p789s","tiles":13,"draws":3,"moves":"forward","exact":true,"shanten":0,"tenpai":[1,1,1],"win":[0.0487804878049,0.0955617752899,0.140409951722]}' -- \
    "$Q" prob --tables "$T" --json --draws 3 4566m123p456p789s
check prob_json14 0 '"moves":"forward","exact":true,"discards":[{"tile":"1z","shanten":0,"tenpai":[1,1],"win":[' -- \
    "$Q" prob --tables "$T" --json --draws 2 4566m123p456p789s1z
check prob_exchange 0 '17 draws, exchange play (forgetful wall, optimistic)' -- \
    "$Q" prob --tables "$T" --moves exchange 4566m123p456p789s
check prob_exchange_json 0 '"moves":"back","exact":false' -- \
    "$Q" prob --tables "$T" --json --moves back --draws 4 24567m2479p11456s
check prob_no_exchange 0 '"moves":"forward","exact":true' -- \
    "$Q" prob --tables "$T" --json --moves back --extra 0 --draws 4 24567m2479p11456s
check prob_seen 0 '"win":[0.025]' -- sh -c "printf '%s\\n' '{\"hand\":\"4566m123p456p789s\",\"visible\":\"3m3m3m\"}' | \"$Q\" prob --tables \"$T\" --json --draws 1"
check prob_batch_bad 1 '{"line":2,"error":"unknown character' -- \
    sh -c "printf '1z\\nbad\\n' | \"$Q\" prob --tables \"$T\" --json"
check prob_bad_moves 2 "prob: --moves sideways: forward, exchange or back" -- \
    "$Q" prob --tables "$T" --moves sideways 1z
check prob_bad_draws 2 '--draws 0: want 1 to 128' -- "$Q" prob --tables "$T" --draws 0 1z
check prob_bad_extra 2 '--extra 9: want 0 to 8' -- "$Q" prob --tables "$T" --extra 9 1z
check prob_past_wall 1 'draws 124: the wall holds 123 tiles (1 to 123)' -- \
    "$Q" prob --tables "$T" --draws 124 4566m123p456p789s
check prob_budget 1 'over the memory budget (268435456 bytes)' -- \
    "$Q" prob --tables "$T" --moves back --extra 2 --draws 4 24567m2479p11456s
check prob_no_prob_flag 2 'mjq prob always says them' -- "$Q" prob --tables "$T" --prob 1z
# --score: the expected points beside the chances (the library's tests
# check the numbers; these, that mjq passes the situation and prints them)
check prob_score_json 0 '{"hand":"123m456p789s1122z","tiles":13,"draws":3,"moves":"forward","exact":true,"riichi":"best","shanten":0,"tenpai":[1,1,1],"win":[0.0325203252033,0.0642409702786,0.0951751530793],"score":[87.8048780488,173.450619752,256.972913314]}' -- \
    "$Q" prob --tables "$T" --json --score --draws 3 123m456p789s1122z
check prob_score_text 0 '9m            2  43.3%  75.6%  87.9%     4.4%  21.1%  37.0%    1926.2' -- \
    "$Q" prob --tables "$T" --score 3479m33567p22346s
check prob_score_head 0 '3479m33567p22346s (14 tiles): 17 draws, forward play (exact), riichi best' -- \
    "$Q" prob --tables "$T" --score 3479m33567p22346s
check prob_score_never 0 '9m            2  43.3%  75.6%  87.9%     4.4%  21.1%  37.0%    1016.7' -- \
    "$Q" prob --tables "$T" --score --riichi never 3479m33567p22346s
check prob_score_red_seen 0 '"score":[89.2561983471,176.280991736]' -- \
    "$Q" prob --tables "$T" --json --score --visible 0p5p --draws 2 123m456p789s1122z
check prob_score_dora 0 '"riichi":"always","shanten":0,"tenpai":[1,1],"win":[0.0245901639344,0.0487738788782],"score":[-502.709659938,-13.6389949177]}' -- \
    "$Q" prob --tables "$T" --json --score --riichi always --dora 1z --round 2z --seat 1z --last --rule open_tanyao=0 --draws 2 123m456p789s1122z
check prob_score_open 0 '2344m567p5688s,666z (11 tiles, 1 call): 17 draws, forward play (exact), riichi never' -- \
    "$Q" prob --tables "$T" --score "2344m567p5688s,666z"
check prob_score_red_too_many 1 'more red fives than the rules have' -- \
    "$Q" prob --tables "$T" --score --visible 0p0p --draws 2 123m456p789s1122z
check prob_score_exchange 0 '3479m33567p22346s (14 tiles): 6 draws, exchange play (forgetful wall, optimistic), riichi best' -- \
    "$Q" prob --tables "$T" --score --moves exchange --draws 6 3479m33567p22346s
check prob_score_back 0 '"moves":"back","exact":false,"riichi":"best","shanten":0,"tenpai":[1,1],"win":[0.0325203252033,0.0642409702786],"score":[87.8048780488,174.117019859]}' -- \
    "$Q" prob --tables "$T" --json --score --moves back --draws 2 123m456p789s1122z
check prob_score_three 1 'expected score: four players' -- \
    "$Q" prob --tables "$T" --score --players 3 1199m123p456s1122z
check prob_situation_alone 2 'prob: --riichi: the situation of the expected points, with --score' -- \
    "$Q" prob --tables "$T" --riichi never 1z
check prob_score_bad_riichi 2 'prob: --riichi sometimes: best, never or always' -- \
    "$Q" prob --tables "$T" --score --riichi sometimes 1z
check prob_score_bad_wind 2 'prob: --seat 5z: a wind, 1z to 4z (1z the dealer)' -- \
    "$Q" prob --tables "$T" --score --seat 5z 1z
check prob_score_bad_rule 2 'prob: --rule open: NAME=VALUE' -- \
    "$Q" prob --tables "$T" --score --rule open 1z
check analysis_score_needs_prob 2 '--score: the expected points come with the chances: --prob --score' -- \
    "$Q" --tables "$T" --score 1z
check analysis_situation_alone 2 '--riichi: the situation of the expected points, with --prob --score' -- \
    "$Q" --tables "$T" --prob --riichi never 1z
check analysis_score14 0 '  9m  shanten 2  ukeire 2m(4) 5m(4) 6m(4) 7m(3) 8m(4) 9m(3) 3p(2) 1s(4) 2s(2) 3s(3) 4s(3) 5s(4) 6s(3) 7s(4) 8s(4) (51 tiles)  tenpai 87.9%  win 37.0%  points 1926' -- \
    "$Q" --tables "$T" --prob --score 3479m33567p22346s
check analysis_score13 0 'prob      tenpai 84.7%  win 31.3%  points 442 (17 draws, forward, riichi never)' -- \
    "$Q" --tables "$T" --prob --score --riichi never 3479m33567p2234s
check analysis_score_json 0 '"prob":{"draws":5,"moves":"forward","exact":true,"riichi":"best"},"discards":[{"tile":"1z","shanten":0,"ukeire":{"tiles":["3m","6m"],"left":[4,2],"count":6},"tenpai":1,"win":0.226248094897,"score":339.372142345}' -- \
    "$Q" --tables "$T" --json --prob --score --draws 5 4566m123p456p789s1z
check analysis_prob14 0 '  1z  shanten 0  ukeire 3m(4) 6m(2) (6 tiles)  tenpai 100.0%  win 60.2%' -- \
    "$Q" --tables "$T" --prob 4566m123p456p789s1z
check analysis_prob13 0 'prob      tenpai 100.0%  win 59.9% (17 draws, forward)' -- \
    "$Q" --tables "$T" 4566m123p456p789s --prob
check analysis_prob_json 0 '"prob":{"draws":5,"moves":"forward","exact":true},"discards":[{"tile":"1z","shanten":0,"ukeire":{"tiles":["3m","6m"],"left":[4,2],"count":6},"tenpai":1,"win":0.226248094897}' -- \
    "$Q" --tables "$T" --json --prob --draws 5 4566m123p456p789s1z
check analysis_plain_has_no_prob 0 '' -- sh -c "! \"$Q\" --tables \"$T\" --json 4566m123p456p789s1z | grep -q prob"

# ==== --improve: improvement tiles and two-step effective tiles ====
# The README's worked example (test_improve.c counts it by hand).
check improve_text 0 'improve   1m(3) 3m(3) 4m(4) 5m(4) 5p(3) 6p(3) 5z(2) (22 tiles)' -- \
    "$Q" --tables "$T" --improve 139m56p123p789s55z
check improve_text_best 0 '  5z   24 tiles, discarding 9m' -- \
    "$Q" --tables "$T" --improve 139m56p123p789s55z
check improve_text_tie 0 '  4m   16 tiles, discarding 1m 9m' -- \
    "$Q" --tables "$T" --improve 139m56p123p789s55z
check improve_text_two 0 'two-step  2m(4) 4p(4) 7p(4) (total 64)' -- \
    "$Q" --tables "$T" --improve 139m56p123p789s55z
check improve_json13 0 '"ukeire":{"tiles":["2m","4p","7p"],"left":[4,4,4],"count":12},"improvement":{"tiles":["1m","3m","4m","5m","5p","6p","5z"],"left":[3,3,4,4,3,3,2],"best":[16,16,16,16,16,16,24],"discards":[["9m"],["9m"],["1m","9m"],["9m"],["9m"],["9m"],["9m"]],"count":22},"two_step":{"tiles":["2m","4p","7p"],"left":[4,4,4],"reach":[8,4,4],"discards":[["9m"],["9m"],["9m"]],"total":64}}' -- \
    "$Q" --tables "$T" --json --improve 139m56p123p789s55z
check improve_row_text 0 '  9m  shanten 1  ukeire 2m(4) 4p(4) 7p(4) (12 tiles)  improve 22  two-step 64' -- \
    "$Q" --tables "$T" --improve 139m56p123p789s55z1z
check improve_row_json 0 '{"tile":"9m","shanten":1,"ukeire":{"tiles":["2m","4p","7p"],"left":[4,4,4],"count":12},"improvement":{"tiles":["1m","3m","4m","5m","5p","6p","5z"],"left":[3,3,4,4,3,3,2],"best":[16,16,16,16,16,16,24],"discards":[["1z"],["1z"],["1m","1z"],["1z"],["1z"],["1z"],["1z"]],"count":22},"two_step":' -- \
    "$Q" --tables "$T" --json --improve 139m56p123p789s55z1z
check improve_tenpai 0 '"two_step":null' -- \
    "$Q" --tables "$T" --json --improve 1m234567p234s555z
check improve_tenpai_text 0 '  2m    4 tiles, discarding 5z' -- \
    "$Q" --tables "$T" --improve 1m234567p234s555z
check improve_seen 0 '"best":[15,15,16,16,15,15,24],' -- sh -c "printf '%s\\n' '{\"hand\":\"139m56p123p789s55z\",\"visible\":\"5z\"}' | \"$Q\" --tables \"$T\" --json --improve"
check improve_calls 0 '"improvement":{"tiles":[' -- \
    "$Q" --tables "$T" --json --improve '139m56p55z,123p,789s'
check improve_three 0 '"players":3,' -- \
    "$Q" --tables "$T" --json --improve --players 3 19m56p123p789s155z
# equal rows (3m 3p 6p 8p: 5-shanten, 94 tiles) ranked by two-step
check improve_ranks 0 '2z 5z 9s 9m 1s 2p 3m 8p 6p 3p 5s 6s' -- sh -c "\"$Q\" --tables \"$T\" --json --improve 39m233368p1569s25z | grep -o '{\"tile\":\"[0-9][mpsz]\",\"shanten\"' | cut -d'\"' -f4 | tr '\\n' ' '"
check improve_not_prob 2 'prob: --improve: the improvement tiles are the analysis' -- \
    "$Q" prob --tables "$T" --improve 1z
check analysis_plain_has_no_improve 0 '' -- sh -c "! \"$Q\" --tables \"$T\" --json 139m56p123p789s55z1z | grep -q improvement"
# A row of the 14-tile table is the 13-tile hand after it, the discard seen.
"$Q" --tables "$T" --json --improve 139m56p123p789s55z1z |
    sed 's/.*{"tile":"5z",\("shanten".*\)},{"tile":"9s".*/\1/' >"$tmp/row"
"$Q" --tables "$T" --json --improve --visible 5z 139m56p123p789s1z5z |
    sed 's/.*"overall":\([0-9]*\)},\(.*\)}$/"shanten":\1,\2/' >"$tmp/alone"
cmp -s "$tmp/row" "$tmp/alone" && ok || bad "a 14-tile row's --improve is not its 13-tile hand's"

# ==== make tables (scripts/tables.sh): a good file kept, a bad one repaired ====
mkdir "$tmp/mt"
cp "$T" "$tmp/mt/mjt.lmdb"
touch -d '2001-01-01' "$tmp/mt/mjt.lmdb"
check tables_good_kept 0 "up to date (made by mjt-gen" -- \
    sh scripts/tables.sh "$B" "$tmp/mt/mjt.lmdb" 2
[ "$(stat -c %Y "$tmp/mt/mjt.lmdb")" = "$(date -d 2001-01-01 +%s)" ] &&
    [ ! -e "$tmp/mt/mjt.lmdb.bad" ] && ok || bad "make tables rewrote a good table"
echo junk >>"$tmp/mt/mjt.lmdb"
check tables_damaged_repaired 0 "bytes after the end of the table (something was appended to the file): kept as $tmp/mt/mjt.lmdb.bad, making new tables" -- \
    sh scripts/tables.sh "$B" "$tmp/mt/mjt.lmdb" 2
"$Q" --tables "$tmp/mt/mjt.lmdb" 1z >/dev/null 2>&1 && ok ||
    bad "the repaired table does not open"
tail -c 5 "$tmp/mt/mjt.lmdb.bad" | grep -q junk && ok ||
    bad "the damaged table was not kept as .bad"
printf 'my notes\n' >"$tmp/mt/mjt.lmdb"
check tables_foreign_kept 0 "not an LMDB file, so not a table: kept as" -- \
    sh scripts/tables.sh "$B" "$tmp/mt/mjt.lmdb" 2
grep -q 'my notes' "$tmp/mt/mjt.lmdb.bad" && ok || bad "a foreign file was lost"

finish cli
