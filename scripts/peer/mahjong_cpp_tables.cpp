// SPDX-License-Identifier: MIT
// Writes the distance tables that mahjong-cpp loads at start
// (suits_table.bin, honors_table.bin) when a checkout lacks them, from the
// record layout alone: for every count vector of one suit (9 kinds, with
// runs) or of the honors (7 kinds, no runs), 0 to 4 copies each and at most
// 14 tiles, ascending by its base-5 value, an int32 key (that value, first
// kind most significant) and ten int32 words, one per target shape
// (k = 0..4 melds; +5 with a pair). A word is d | wait << 4 | drop << 13:
// d the fewest tiles to add to reach the shape (tiles may be left over),
// wait the kinds (bit 0: the first) some closest shape has more of, drop
// those some closest shape has fewer of. Written for the peer benchmark only
// (scripts/peer-mahjong-cpp.sh); no code of that project is used.
// Usage: mahjong_cpp_tables suits|honors OUT
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "suits") && strcmp(argv[1], "honors"))) {
        fprintf(stderr, "usage: %s suits|honors OUT\n", argv[0]);
        return 2;
    }
    const bool runs = !strcmp(argv[1], "suits");
    const int n = runs ? 9 : 7;
    int pw[10];
    pw[n - 1] = 1;
    for (int i = n - 2; i >= 0; i--)
        pw[i] = pw[i + 1] * 5;
    const int size = pw[0] * 5;
    auto digit = [&](int v, int i) { return v / pw[i] % 5; };

    std::vector<uint32_t> word(size_t(size) * 10);
    std::vector<uint8_t> shape(size), next(size), near(size);
    std::vector<uint8_t> meldless(size, 0);
    meldless[0] = 1; // k melds, no pair; starts with k = 0
    for (int k = 0; k <= 4; k++) {
        for (int pair = 0; pair <= 1; pair++) {
            // shape: the vectors that are exactly k melds (and a pair).
            shape = meldless;
            if (pair) {
                std::fill(shape.begin(), shape.end(), 0);
                for (int v = 0; v < size; v++)
                    if (meldless[v])
                        for (int i = 0; i < n; i++)
                            if (digit(v, i) <= 2)
                                shape[v + 2 * pw[i]] = 1;
            }
            // near: holds a shape (d = 0), from the smaller vectors up.
            for (int v = 0; v < size; v++) {
                near[v] = shape[v];
                for (int i = 0; i < n && !near[v]; i++)
                    if (digit(v, i) > 0 && near[v - pw[i]])
                        near[v] = 1;
            }
            // d by adding one tile at a time, from the larger vectors down.
            uint32_t *w = word.data() + (pair ? 5 + k : k);
            for (int v = size - 1; v >= 0; v--) {
                uint32_t d = 15;
                if (near[v])
                    d = 0;
                else
                    for (int i = 0; i < n; i++)
                        if (digit(v, i) < 4) {
                            uint32_t e = (w[size_t(v + pw[i]) * 10] & 15) + 1;
                            d = e < d ? e : d;
                        }
                uint32_t wait = 0;
                for (int i = 0; i < n && d > 0; i++)
                    if (digit(v, i) < 4 &&
                        (w[size_t(v + pw[i]) * 10] & 15) + 1 == d)
                        wait |= 1u << i;
                w[size_t(v) * 10] = d | wait << 4;
            }
            for (int v = 0; v < size; v++) {
                uint32_t drop = 0, d = w[size_t(v) * 10] & 15;
                for (int i = 0; i < n; i++)
                    if (digit(v, i) > 0 &&
                        (w[size_t(v - pw[i]) * 10] & 15) == d)
                        drop |= 1u << i;
                w[size_t(v) * 10] |= drop << 13;
            }
        }
        // the shapes of k + 1 melds
        std::fill(next.begin(), next.end(), 0);
        for (int v = 0; v < size; v++) {
            if (!meldless[v])
                continue;
            for (int i = 0; i < n; i++) {
                if (digit(v, i) <= 1)
                    next[v + 3 * pw[i]] = 1;
                if (runs && i + 2 < n && digit(v, i) < 4 &&
                    digit(v, i + 1) < 4 && digit(v, i + 2) < 4)
                    next[v + pw[i] + pw[i + 1] + pw[i + 2]] = 1;
            }
        }
        meldless.swap(next);
    }

    FILE *f = fopen(argv[2], "wb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    for (int v = 0; v < size; v++) {
        int tiles = 0;
        for (int i = 0; i < n; i++)
            tiles += digit(v, i);
        if (tiles > 14)
            continue;
        int32_t key = v;
        fwrite(&key, 4, 1, f);
        fwrite(&word[size_t(v) * 10], 4, 10, f);
    }
    if (fclose(f)) {
        perror(argv[2]);
        return 1;
    }
    return 0;
}
