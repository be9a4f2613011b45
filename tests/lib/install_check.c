/* SPDX-License-Identifier: MIT */
/*
 * An embedder's first program, built by tests/abi.sh against the installed
 * header and library with pkg-config: open the default tables and ask.
 *
 *   install_check PATH      the default tables must be PATH, and answer
 *   install_check --missing there are none: print the message, exit 0
 */
#include <mjt.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    mjt_tables *t;
    mjt_diag diag;
    mjt_hand h;
    mjt_shanten_info s;
    const char *hand = "123m456p789s1122z";

    if (argc != 2)
        return 2;
    if (mjt_version_number() != MJT_VERSION_NUMBER) {
        printf("header %d, library %d\n", MJT_VERSION_NUMBER,
               mjt_version_number());
        return 1;
    }
    int rc = mjt_tables_open(&t, NULL, &diag);
    if (!strcmp(argv[1], "--missing")) {
        printf("%s\n", diag.message);
        return rc == MJT_ENOENT && t == NULL ? 0 : 1;
    }
    if (rc != MJT_OK) {
        printf("open: %s\n", diag.message);
        return 1;
    }
    if (mjt_hand_parse(&h, hand, strlen(hand), NULL, &diag) != MJT_OK ||
        mjt_shanten(t, &h, &s) != MJT_OK || s.overall != 0) {
        printf("query failed\n");
        return 1;
    }
    printf("%s: tenpai, default tables %s\n", hand, mjt_tables_default());
    mjt_tables_close(t);
    return 0;
}
