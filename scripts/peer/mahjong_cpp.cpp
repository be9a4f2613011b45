// SPDX-License-Identifier: MIT
// Benchmark driver for the peer library mahjong-cpp (GPL-3.0, built outside
// this tree by scripts/peer-mahjong-cpp.sh; none of its code is here): times
// its ExpectedScoreCalculator on 14-tile hands, to set beside mjt's wall model.
//
// Usage: mahjong_cpp_driver forward|default [R [SECONDS [MB]]] < hands
//   One hand a line in mjt text (144588m345p123s35z; 0 is read as a plain 5).
//   Each hand runs in a forked child (the tables are loaded once, before the
//   fork) under a limit of SECONDS (default 20) per calculation and MB of
//   address space (default 4096, as ulimit -v). Out, one line a hand:
//     HAND MEDIAN_MS PEAK_RSS_KB BEST TILE:TENPAI:WIN ...
//   MEDIAN_MS: median of R runs (default 3) of parse + calculate
//   (steady_clock; the first run of a child is cold, its pages not yet
//   touched); PEAK_RSS_KB: the child's ru_maxrss (the tables, about 150 MB
//   of it, included); BEST: the discard
//   with the highest win chance, then tenpai chance (ties: the first row);
//   then every row the calculator returns, in its order, with the chances of
//   tenpai and of a win within 17 draws. Or: HAND timeout | oom (a failed
//   allocation) | crash (a signal, named on stderr) | bad (not a 14-tile hand).
//   Deep hands can crash by stack overflow: the library builds its graph by
//   recursion, which the calling shell's `ulimit -s` (often 8 MB) bounds.
//   MJCPP_VERTICES=1 also prints "HAND vertices N" (the graph it built) on
//   stderr.
//
// Settings (Config): t_min = 0, t_max = 17, read at t = 0. The calculator's
//   turn t has t_max - t draws left and draws from a wall of sum - t tiles,
//   so t = 0 is 17 draws from walls of 122 down to 106 tiles, as mjt counts
//   them (t_min = 1 would give 16 draws at t = 1, from walls of 121 to 106).
//   Wall: the 122 tiles not in the hand, four players, no dora indicator (the
//   API needs none), no calls, East seat and round (scores only).
//   Ura dora (enable_uradora) off: it changes scores only. Red fives
//   (enable_reddora) off: the hands have none, and with it on the library
//   tells the wall's red 5s from the others (more vertices, and chances that
//   move a little: 5m of 144588m345p123s35z, default, tenpai 0.796, not
//   0.802), where mjt reads every 5 alike. This
//   version has no riichi/ippatsu switch: it declares riichi on every closed
//   tenpai, and then keeps the hand (no further exchanges); a closed hand's
//   tsumo always has a yaku, so every complete hand counts as a win.
//   forward: enable_shanten_down = false, enable_tegawari = false.
//   default: the library's own Config otherwise: enable_shanten_down = true,
//   enable_tegawari = true, extra = 1 (both allowed while the tiles changed
//   since the start + shanten < the start's shanten + 1), shanten_type = All
//   (standard, seven pairs, thirteen orphans), calc_stats = true, sum = 0
//   (the wall's count).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <spdlog/sinks/stdout_sinks.h>

#include "mahjong/core/table.hpp"
#include "mahjong/mahjong.hpp"

using namespace mahjong;

static constexpr int TMin = 0, TMax = 17, At = 0; // see Settings above

// The library logs to stdout as it loads its tables, before main: send its
// log to stderr, warnings and errors only, before those loads.
__attribute__((init_priority(101))) static struct Quiet {
    Quiet()
    {
        spdlog::set_default_logger(spdlog::stderr_logger_st("mahjong-cpp"));
        spdlog::set_level(spdlog::level::warn);
    }
} quiet;

// mjt text to mahjong-cpp's 37 counts (34 kinds; the red slots stay 0).
static bool parse(const std::string &s, Hand &hand)
{
    hand.fill(0);
    std::string digits;
    int n = 0;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            digits += c;
            continue;
        }
        const char *suits = "mpsz";
        const char *p = std::strchr(suits, c);
        if (!p || !c || digits.empty())
            return false;
        for (char d : digits) {
            int v = d == '0' ? 5 : d - '0';
            if (v < 1 || (c == 'z' && v > 7))
                return false;
            int kind = int(p - suits) * 9 + v - 1;
            if (++hand[kind] > 4)
                return false;
            n++;
        }
        digits.clear();
    }
    return digits.empty() && n == 14;
}

static std::string name(int tile)
{
    return std::to_string(tile % 9 + 1) + "mpsz"[tile / 9];
}

struct Run {
    std::vector<ExpectedScoreCalculator::Stat> stats;
    int vertices = 0;
};

static bool run(const std::string &text, bool forward, Run &out)
{
    PlayerState player;
    if (!parse(text, player.hand))
        return false;
    player.seat_wind = Tile::East;

    TableConfig table_config;
    table_config.game_mode = GameMode::Yonma;
    RoundState round;
    round.round_wind = Tile::East;
    TableState table; // no dora indicators

    ExpectedScoreCalculator::Config config;
    config.t_min = TMin;
    config.t_max = TMax;
    config.enable_reddora = false;
    config.enable_uradora = false;
    if (forward) {
        config.enable_shanten_down = false;
        config.enable_tegawari = false;
    }
    const MergedCount wall = create_wall(table_config, table, player, false);
    auto [stats, vertices] = ExpectedScoreCalculator::calc(
        config, table_config, round, table, player, wall);
    out.stats = std::move(stats);
    out.vertices = vertices;
    return true;
}

// The child: R runs of one hand, then its line. Exit 3: out of memory, 4: bad.
static int child(const std::string &text, bool forward, int repeat, int seconds)
{
    std::vector<double> ms;
    Run r;
    try {
        for (int i = 0; i < repeat; i++) {
            alarm(seconds);
            auto t0 = std::chrono::steady_clock::now();
            if (!run(text, forward, r))
                return 4;
            auto t1 = std::chrono::steady_clock::now();
            ms.push_back(
                std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
        alarm(0);
    } catch (const std::bad_alloc &) {
        return 3;
    }
    std::sort(ms.begin(), ms.end());
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);

    const ExpectedScoreCalculator::Stat *best = nullptr;
    for (const auto &s : r.stats)
        if (!best || s.win_prob[At] > best->win_prob[At] ||
            (s.win_prob[At] == best->win_prob[At] &&
             s.tenpai_prob[At] > best->tenpai_prob[At]))
            best = &s;
    std::printf("%s %.3f %ld %s", text.c_str(), ms[(ms.size() - 1) / 2],
                ru.ru_maxrss, best ? name(best->tile).c_str() : "-");
    for (const auto &s : r.stats)
        std::printf(" %s:%.6f:%.6f", name(s.tile).c_str(), s.tenpai_prob[At],
                    s.win_prob[At]);
    std::printf("\n");
    if (std::getenv("MJCPP_VERTICES"))
        std::fprintf(stderr, "%s vertices %d\n", text.c_str(), r.vertices);
    return 0;
}

int main(int argc, char **argv)
{
    std::string mode = argc > 1 ? argv[1] : "";
    if ((mode != "forward" && mode != "default") || argc > 5) {
        std::fprintf(stderr,
                     "usage: %s forward|default [R [SECONDS [MB]]] < hands\n",
                     argv[0]);
        return 2;
    }
    const int repeat = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    const int seconds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 20;
    const long mb = argc > 4 ? std::max(1L, std::atol(argv[4])) : 4096;
    if (Table::suits_table_[0][1] != 3 || Table::honors_table_[0][1] != 3) {
        std::fprintf(stderr,
                     "%s: mahjong-cpp's tables did not load (the .bin and "
                     ".json files belong beside the driver)\n",
                     argv[0]);
        return 1;
    }

    std::string line;
    while (std::getline(std::cin, line)) {
        line.erase(0, line.find_first_not_of(" \t\r"));
        line.erase(line.find_last_not_of(" \t\r") + 1);
        if (line.empty())
            continue;
        std::fflush(stdout);
        std::fflush(stderr);
        pid_t pid = fork();
        if (pid < 0) {
            std::perror("fork");
            return 1;
        }
        if (pid == 0) {
            struct rlimit rl = {rlim_t(mb) << 20, rlim_t(mb) << 20};
            setrlimit(RLIMIT_AS, &rl);
            int rc = child(line, mode == "forward", repeat, seconds);
            std::fflush(stdout);
            std::fflush(stderr);
            _exit(rc);
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0)
            ;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            continue;
        const char *what = "crash";
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            what = "timeout";
        else if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
            what = "oom";
        else if (WIFEXITED(status) && WEXITSTATUS(status) == 4)
            what = "bad";
        std::printf("%s %s\n", line.c_str(), what);
        if (WIFSIGNALED(status) && WTERMSIG(status) != SIGALRM)
            std::fprintf(stderr, "%s: signal %d (%s)\n", line.c_str(),
                         WTERMSIG(status), strsignal(WTERMSIG(status)));
    }
    return 0;
}
