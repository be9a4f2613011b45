/* SPDX-License-Identifier: MIT */
/* mjq's help: the whole of it, and each command's, on stdout. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage_main[] =
    "usage: mjq [--tables PATH] [--json] [--visible TILES]... [--players N]\n"
    "           [HAND...]\n"
    "       mjq [--tables PATH] COMMAND [OPTION...] [ARG...]\n"
    "       mjq help [COMMAND] | --help | --version\n"
    "\n"
    "Analyse hands (1 to 14 tiles, count 1 or 2 mod 3, text form such as\n"
    "123m406p789s1122z, 0 a red five; spaces may separate groups): shanten\n"
    "of each form, effective tiles with the copies left of each, waits and\n"
    "their shapes, and for 3k+2 hands every discard.  Calls follow the\n"
    "concealed tiles, each after a comma: 12m55p,3333m,111z,222z (a run, a\n"
    "triplet or a quad; with calls the hand makes 13 or 14, 3 a call).\n"
    "With no HAND, read one hand a line from stdin.\n"
    "\n"
    "  --tables PATH    table file (default $MJT_TABLES, else\n"
    "                   tables/mjt.lmdb, else the installed one)\n"
    "  --json           one JSON object a line\n"
    "  --visible TILES  tiles already seen (discards, others' calls, dora\n"
    "                   indicators), not counted as drawable; given\n"
    "                   again, they add up\n"
    "  --players N      4 (the default) or 3: three-player mahjong, 108\n"
    "                   tiles without 2m to 8m (1m and 9m make no run,\n"
    "                   no chi); a batch line may say \"players\":3\n"
    "  --prob           the chance of tenpai and of a win within the\n"
    "                   draws left, of the hand or after each discard\n"
    "                   (--draws, --moves, --extra as mjq prob takes them);\n"
    "                   with --score the expected points too (--riichi,\n"
    "                   --round, --seat, --dora, --last, --rule as mjq prob\n"
    "                   --score takes them)\n"
    "  --improve        the improvement tiles (draws that widen the hand\n"
    "                   without lowering the shanten, with the most\n"
    "                   effective tiles each leaves and its discards) and\n"
    "                   the two-step count (each effective tile's next\n"
    "                   count); for 3k+2 hands, columns of the discards,\n"
    "                   which rank equal discards by the two-step count\n"
    "  --version        mjq's and libmjt's versions\n"
    "  -h, --help       this text; COMMAND --help: a command's\n"
    "  --               the words after it are hands, not options\n"
    "\n"
    "Commands:\n"
    "  prob    the chance of tenpai and of a win within the draws left\n"
    "  score   the yaku, fu and points of a complete hand\n"
    "  waits   every wait of a hand with its shapes; the countTiles listing\n"
    "  dump    the record of one suit pattern, as JSON\n"
    "  info    a table file's meta record; --verify checks its digests\n"
    "  diff    what changed between two table files\n"
    "  stats   exact counts of every hand of N tiles by shanten\n"
    "  enumerate  the same counts, visiting every hand (a check)\n"
    "  rank    the index of a hand among all hands of its size\n"
    "  unrank  the hand at an index\n"
    "  deal    random hands off a shuffled wall\n"
    "  serve   the analysis over HTTP, and a page for players\n"
    "  help    this text, or a command's\n"
    "\n"
    "Options are written --name value or --name=value, before or after\n"
    "the hands.  Exit status: 0 success, 1 runtime failure, 2 usage\n"
    "error.\n";

static const char usage_prob[] =
    "usage: mjq prob [--draws T] [--moves forward|exchange|back] [--extra K]\n"
    "                [--visible TILES] [--players 3] [--json]\n"
    "                [--score [--riichi best|never|always] [--round W]\n"
    "                 [--seat W] [--dora TILES] [--last] [--rule NAME=V]]\n"
    "                [HAND...]\n"
    "\n"
    "The best chance of reaching tenpai and of winning within each of the\n"
    "next T draws (default 17, at most the tiles unseen), for a 13-tile hand,\n"
    "or after each discard of a 14-tile one (the discard counted as seen),\n"
    "best first.  The draws come from the tiles not held, called or seen,\n"
    "without replacement; after each the player wins on a complete hand or\n"
    "discards, playing as well as the move set allows:\n"
    "  forward   keep a draw that lowers the shanten, discarding to keep\n"
    "            the lower one; throw any other (exact)\n"
    "  exchange  also keep, at most K times (--extra, default 1), a draw\n"
    "            that keeps the shanten, to widen the hand\n"
    "  back      also step back one shanten, within the same K\n"
    "Exchange and back count copies as if the player's discards went back\n"
    "(the forgetful wall): optimistic, not exact; with --extra 0 they are\n"
    "forward play, and exact.  Text shows the chances within a third, two\n"
    "thirds and all of T; --json every point.  With no HAND, read one hand\n"
    "a line from stdin, as the analysis does.\n"
    "\n"
    "--score adds the best expected points of a tsumo win within the draws\n"
    "(exact in forward play, the forgetful wall's bound in exchange and\n"
    "back; a table is then ranked by them), scored as mjq score does it,\n"
    "honba and sticks left out:\n"
    "  --riichi R     a closed hand that reaches tenpai declares riichi\n"
    "                 never, always, or when worth more (best, the\n"
    "                 default): ippatsu on the next draw, ura dora as an\n"
    "                 expectation, the 1000-point stick lost with no win\n"
    "  --round W, --seat W   winds 1z-4z (defaults 1z and 2z)\n"
    "  --dora TILES   indicators, like 4p1z: seen tiles too (not to be\n"
    "                 repeated in --visible)\n"
    "  --last         the T-th draw is the wall's last tile (haitei; so it\n"
    "                 is when T is every tile unseen)\n"
    "  --rule NAME=V  a ruleset choice, as mjq score takes it\n"
    "Red fives not held, called or seen (0p in --visible) are in the wall.\n";

static const char usage_score[] =
    "usage: mjq score [--json] [--win TILE] [--tsumo | --from SEAT]\n"
    "                 [--riichi | --double-riichi] [--ippatsu] [--round W]\n"
    "                 [--seat W] [--dora TILES] [--ura TILES] [--last]\n"
    "                 [--rinshan] [--chankan] [--first] [--honba N]\n"
    "                 [--sticks N] [--rule NAME=V]... [HAND...]\n"
    "\n"
    "The yaku, han, fu, points and payments of a complete hand: its 14\n"
    "tiles with the winning tile among the concealed ones, then its calls\n"
    "(\"123m456p789s11z,555z:left\"; a closed quad \"3333m:closed\", an\n"
    "open one \"3333m:across\"; a call's seat: left, across or right).\n"
    "Where the hand reads several ways, the one that scores most.\n"
    "  --win TILE     the winning tile (default: the last concealed tile\n"
    "                 written; 0p for the red five)\n"
    "  --tsumo        won on a draw; else a ron, from the left unless\n"
    "  --from SEAT    names the discarder: left, across or right\n"
    "  --riichi, --double-riichi, --ippatsu\n"
    "  --round W, --seat W   winds 1z-4z (defaults 1z and 2z; seat 1z is\n"
    "                 the dealer)\n"
    "  --dora TILES, --ura TILES   indicators, like 4p1z (ura: riichi)\n"
    "  --last         the wall's last tile (tsumo) or the last discard\n"
    "  --rinshan      tsumo on a quad's replacement tile\n"
    "  --chankan      ron on a tile added to a quad (no other copy shown)\n"
    "  --first        tsumo on the first draw, before any call\n"
    "  --honba N, --sticks N   counters and riichi sticks on the table\n"
    "  --rule NAME=V  a ruleset choice: open_tanyao, double_yakuman,\n"
    "                 counted_yakuman, yakuman_stack, pao (1 by default),\n"
    "                 round_up_mangan, pinfu_tsumo_fu (0), double_wind_fu\n"
    "                 (4; or 2)\n"
    "With no HAND, read one a line from stdin: a hand, or a JSON object\n"
    "whose keys mirror the options: {\"hand\":\"...\", \"calls\":[...],\n"
    "\"win\":\"5p\", \"tsumo\":true, \"from\":\"left\", \"riichi\":1,\n"
    "\"ippatsu\", \"round\":\"1z\", \"seat\":\"2z\", \"dora\":\"4p\",\n"
    "\"ura\", \"last\", \"rinshan\", \"chankan\", \"first\", \"honba\":N,\n"
    "\"sticks\":N}; options on the command line are every line's defaults.\n"
    "Four players only.\n";

static const char usage_dump[] =
    "usage: mjq dump [--tables PATH] PATTERN\n"
    "\n"
    "Print the record of one suit pattern (1111m, 1122z) as JSON: for 0 to\n"
    "4 melds and 0 or 1 pair, the deficit and the need and excess ranks.\n";

static const char usage_info[] =
    "usage: mjq info [--verify] [PATH]\n"
    "\n"
    "Print a table file's meta record (PATH, or --tables before info, or\n"
    "the default table); --verify checks every table against its digest.\n";

static const char usage_diff[] =
    "usage: mjq diff [--json] [--max N] [--full] OLD NEW\n"
    "\n"
    "Print what changed between two table files, record by record and\n"
    "decoded.  Exit 0 identical, 1 different, 2 trouble.\n"
    "\n"
    "  --full     read tables whose digests are equal too\n"
    "  --max N    print at most N differences\n"
    "  --json     one object a difference, then a summary\n";

static const char usage_waits[] =
    "usage: mjq waits [--tables PATH] [--format text|countTiles]\n"
    "                 [--players N] HAND...\n"
    "       mjq waits [--tables PATH] --all-one-suit [-j N]\n"
    "\n"
    "Print each wait of a 3k+1 hand with its shapes, or that it is not\n"
    "tenpai.  --format countTiles (or listing) prints a one-suit hand's\n"
    "arrangements in countTiles' listing format: DIGITS: and then\n"
    "(111)(234)(567)(99)[89], completed blocks and the waiting block.\n"
    "--all-one-suit lists all 93,600 one-suit hands of 13 tiles in that\n"
    "format, in successor order, on N threads (-j, --jobs; default 1).\n";

static const char usage_stats[] =
    "usage: mjq stats [--tables PATH] [--tiles N] [--count dealt|distinct]\n"
    "                 [--one-suit] [--players N] [--json] [-q]\n"
    "       mjq stats [--count dealt|distinct] [--json] --merge FILE...\n"
    "\n"
    "Count every hand of N tiles (default 14; 1 to 14, 1 or 2 mod 3) at\n"
    "each shanten, overall and of each form, exactly, from the tables.\n"
    "--count dealt (the default) counts sets of physical tiles out of the\n"
    "136, --count distinct counts count vectors.  Also the mean shanten;\n"
    "for 3k+2 hands the complete ones of each form; for 3k+1 hands the\n"
    "mean number of effective tiles (copies left) and the tenpai hands\n"
    "each tile completes.  --json prints one object, integers as strings.\n"
    "--one-suit counts the hands of the manzu alone.  --players 3 counts\n"
    "three-player hands, off 108 tiles of 27 kinds.  --merge adds up the\n"
    "parts mjq enumerate --part wrote.  On a terminal its progress shows\n"
    "on stderr; -q (--quiet) turns it off.\n";

static const char usage_enumerate[] =
    "usage: mjq enumerate [--tables PATH] [--tiles N] [-j N]\n"
    "                     [--count dealt|distinct] [--one-suit]\n"
    "                     [--part K/N] [--by-query] [--players N] [--json]\n"
    "                     [-q]\n"
    "\n"
    "Print what mjq stats prints, computed another way: every distinct\n"
    "hand of N tiles is visited in rank order (mjq rank's) and its shanten\n"
    "and effective tiles joined from the records of its suits, reusing the\n"
    "join of the suits that did not change; --by-query asks the library's\n"
    "public queries instead, hand by hand (slower).  -j N threads split the\n"
    "ranks; --part K/N does the K-th of N equal rank ranges and prints its\n"
    "sums for mjq stats --merge.  --players 3 visits the three-player\n"
    "hands (27 kinds), through the public queries.  On a terminal the\n"
    "progress (done, rate, time left) shows on stderr; -q (--quiet) turns\n"
    "it off.\n";

static const char usage_rank[] =
    "usage: mjq rank [--red] [--json] HAND...\n"
    "\n"
    "Print each hand's index among the distinct sets of as many tiles (0\n"
    "to 14): lexicographic order of count vectors, 1m's count most\n"
    "significant.  --red tells red fives (0m 0p 0s) apart from the plain\n"
    "ones, as tiles of their own after 7z.\n";

static const char usage_unrank[] =
    "usage: mjq unrank --tiles N [--red] [--json] INDEX...\n"
    "\n"
    "Print the set of N tiles (0 to 14) at each index, as mjq rank\n"
    "numbers them.\n";

static const char usage_deal[] =
    "usage: mjq deal [--tiles N] [--count K] [--seed S] [--red]\n"
    "                [--players N] [--json]\n"
    "\n"
    "Print K hands (default 1) of N tiles (default 14) drawn from a\n"
    "shuffled wall of the 136 tiles, one a line, ready for mjq's batch\n"
    "mode.  The same seed gives the same hands on every machine; without\n"
    "--seed the hands differ each run.  --red makes one five of each suit\n"
    "red.  --players 3 deals off the 108 tiles of three-player mahjong.\n";

static const char usage_serve[] =
    "usage: mjq serve [--listen [ADDR:]PORT] [--tables PATH] [--threads N]\n"
    "                 [--max-connections N] [--max-per-address N]\n"
    "                 [--max-body BYTES] [--max-lines N] [--max-answer BYTES]\n"
    "                 [--max-time MS] [--request-timeout MS]\n"
    "\n"
    "Serve the analysis over HTTP (default 127.0.0.1:8080; port 0 picks a\n"
    "free one, printed on stderr) until SIGINT or SIGTERM, batches on N\n"
    "worker threads (default 2) sharing one table:\n"
    "  GET  /api/analyze?hand=H&visible=V&players=3   mjq --json's object\n"
    "  POST /api/analyze   JSON lines in, JSON lines out (batch mode)\n"
    "  POST /api/score     JSON lines in, JSON lines out (mjq score's)\n"
    "  GET  /api/prob?hand=H&draws=T&moves=M&extra=K   mjq prob --json's\n"
    "                      object; &score=1 adds the expected points\n"
    "                      (&riichi=R&round=W&seat=W&dora=D)\n"
    "  GET  /healthz       ok\n"
    "  GET  /              the page; /?hand=H shows the analysis, even\n"
    "                      without JavaScript\n"
    "A bad hand is a 400 with {\"error\":...}; a request past a limit a\n"
    "413 or 422 naming it (\"limit\":\"max-lines\").  Limits, default in\n"
    "brackets: 32 KiB of request line and headers; --max-body [1048576];\n"
    "--max-lines of a POST [10000]; --max-answer [4194304]; --max-time of\n"
    "one request's work [2000 ms]; --request-timeout to receive a whole\n"
    "request [10000 ms]; --max-connections [256], --max-per-address [32];\n"
    "10 s idle.  Requests are taken strictly (400 for two Content-Length\n"
    "headers, an unknown or repeated parameter, ...; 501 for an unknown\n"
    "method).  The page's files are compiled in; nothing is loaded from\n"
    "another host.\n";

static const struct {
    const char *name, *text;
} usages[] = {
    {"waits", usage_waits}, {"dump", usage_dump},
    {"info", usage_info},   {"diff", usage_diff},
    {"stats", usage_stats}, {"enumerate", usage_enumerate},
    {"rank", usage_rank},   {"unrank", usage_unrank},
    {"deal", usage_deal},   {"serve", usage_serve},
    {"prob", usage_prob},   {"score", usage_score},
    {"help", usage_main},
};

int cli_help(const char *cmd)
{
    const char *text = usage_main;
    for (size_t i = 0; cmd != NULL && i < sizeof usages / sizeof *usages; i++)
        if (!strcmp(usages[i].name, cmd))
            text = usages[i].text;
    fputs(text, stdout);
    return 0;
}
