/* SPDX-License-Identifier: MIT */
/*
 * The rules value: its defaults and its check, written once.  Every call
 * that takes a const mjt_rules * checks it here, and NULL stands for the
 * defaults of four players.
 */
#include "internal.h"

#include <string.h>

void mjt_rules_init(mjt_rules *r, int players)
{
    if (r == NULL)
        return;
    memset(r, 0, sizeof *r);
    r->players = players == 3 ? 3 : 4;
    /* one red five a suit; three players have no 5m */
    r->red[0] = r->players == 3 ? 0 : 1;
    r->red[1] = r->red[2] = 1;
    r->open_tanyao = 1;
    r->double_yakuman = 1;
    r->counted_yakuman = 1;
    r->yakuman_stack = 1;
    r->round_up_mangan = 0;
    r->pinfu_tsumo_fu = 0;
    r->double_wind_fu = 4;
    r->pao = 1;
}

int mjt_rules_check(const mjt_rules *r, mjt_diag *diag)
{
    static const char *const suit = "mps";
    mjt__diag d = {0, 0, -1, ""};

    if (r == NULL) {
        mjt__diag_set(&d, MJT_EINVAL, -1, "rules: NULL");
        return mjt__diag_out(diag, &d, MJT_EINVAL);
    }
    const uint8_t yes_no[] = {r->open_tanyao,
                              r->double_yakuman,
                              r->counted_yakuman,
                              r->yakuman_stack,
                              r->round_up_mangan,
                              r->pinfu_tsumo_fu,
                              r->pao};
    static const char *const names[] = {"open_tanyao",
                                        "double_yakuman",
                                        "counted_yakuman",
                                        "yakuman_stack",
                                        "round_up_mangan",
                                        "pinfu_tsumo_fu",
                                        "pao"};
    if (r->players != 3 && r->players != 4)
        mjt__diag_set(&d, MJT_EINVAL, -1,
                      "rules: %d players (a game has 3 or 4)", r->players);
    for (int s = 0; s < 3 && d.code == 0; s++)
        if (r->red[s] > 4 || (s == 0 && r->players == 3 && r->red[0] != 0))
            mjt__diag_set(&d, MJT_EINVAL, -1, "rules: %d red fives of %c (%s)",
                          r->red[s], suit[s],
                          r->red[s] > 4 ? "a suit has 4 fives"
                                        : "three players have no 5m");
    for (size_t i = 0; i < sizeof yes_no && d.code == 0; i++)
        if (yes_no[i] > 1)
            mjt__diag_set(&d, MJT_EINVAL, -1, "rules: %s is %d (0 or 1)",
                          names[i], yes_no[i]);
    if (d.code == 0 && r->double_wind_fu != 2 && r->double_wind_fu != 4)
        mjt__diag_set(&d, MJT_EINVAL, -1,
                      "rules: double_wind_fu is %d (2 or 4)",
                      r->double_wind_fu);
    for (size_t i = 0; i < sizeof r->reserved_ && d.code == 0; i++)
        if (r->reserved_[i] != 0)
            mjt__diag_set(&d, MJT_EINVAL, -1,
                          "rules: reserved byte %zu is not 0 (a newer "
                          "field this library does not know?)",
                          i);
    return d.code == 0 ? MJT_OK : mjt__diag_out(diag, &d, d.code);
}
