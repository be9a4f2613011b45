/* SPDX-License-Identifier: MIT */
/*
 * The one LMDB writer.  Tables go to PATH.tmp.PID, which is fsynced and
 * then renamed over PATH, so PATH always holds either the old table or the
 * complete new one, never a part; a failure removes the temporary file and
 * leaves PATH as it was.  MDB_NOLOCK: nobody else ever opens the temporary
 * file, and readers of the final file need no lock because it never changes.
 */
#include "gen.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "format.h"
#include "lmdbcheck.h"
#include "diag.h"
#include "suit.h"

#define MAP_SIZE ((size_t)256 << 20)

static int put_text(MDB_txn *txn, MDB_dbi dbi, const char *k, const char *v)
{
    MDB_val key = {strlen(k), (void *)k}, val = {strlen(v), (void *)v};
    return mdb_put(txn, dbi, &key, &val, 0);
}

static int put_meta(MDB_txn *txn, MDB_dbi dbi, const gen_table *tables,
                    int ntables, const gen_options *opt)
{
    char buf[128], name[64];
    time_t now = time(NULL);
    struct tm tm;
    int rc = 0;

    /* Reproducible builds: $SOURCE_DATE_EPOCH, when set, is the time of
     * creation, so that two runs write the same bytes. */
    const char *epoch = getenv("SOURCE_DATE_EPOCH");
    if (epoch != NULL && *epoch != '\0') {
        char *end;
        long long t = strtoll(epoch, &end, 10);
        if (*end == '\0' && t >= 0)
            now = (time_t)t;
    }

    gmtime_r(&now, &tm);
    rc |= put_text(txn, dbi, "magic", MJT__FORMAT_MAGIC);
    snprintf(buf, sizeof buf, "%d", MJT__FORMAT_VERSION);
    rc |= put_text(txn, dbi, "format", buf);
    rc |= put_text(txn, dbi, "generator", "mjt-gen " MJT__GEN_VERSION);
    rc |= put_text(txn, dbi, "solver", opt->solver->name);
    snprintf(buf, sizeof buf, "%u", opt->solver->version);
    rc |= put_text(txn, dbi, "solver.version", buf);
    snprintf(buf, sizeof buf, "block=%u zstd=%d", MJT__BLOCK_RECORDS,
             opt->level);
    if (opt->max_tiles < MJT__MAX_PATTERN_TILES)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " max_tiles=%d",
                 opt->max_tiles);
    rc |= put_text(txn, dbi, "options", buf);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    rc |= put_text(txn, dbi, "created", buf);
    for (int i = 0; i < ntables; i++) {
        snprintf(name, sizeof name, "%s.patterns", tables[i].name);
        snprintf(buf, sizeof buf, "%zu", tables[i].len);
        rc |= put_text(txn, dbi, name, buf);
        snprintf(name, sizeof name, "%s.digest", tables[i].name);
        snprintf(buf, sizeof buf, "xxh3:%016llx",
                 (unsigned long long)tables[i].digest);
        rc |= put_text(txn, dbi, name, buf);
        snprintf(name, sizeof name, "%s%s.patterns", tables[i].name,
                 MJT__FORMS_SUFFIX);
        snprintf(buf, sizeof buf, "%zu", tables[i].fpatterns);
        rc |= put_text(txn, dbi, name, buf);
        snprintf(name, sizeof name, "%s%s.digest", tables[i].name,
                 MJT__FORMS_SUFFIX);
        snprintf(buf, sizeof buf, "xxh3:%016llx",
                 (unsigned long long)tables[i].fdigest);
        rc |= put_text(txn, dbi, name, buf);
    }
    return rc;
}

/* Hash every meta entry written so far, in LMDB's order, into
 * meta.digest (format.h). */
static int put_meta_digest(MDB_txn *txn, MDB_dbi dbi)
{
    XXH3_state_t *st = XXH3_createState();
    unsigned char entry[512];
    MDB_cursor *c;
    MDB_val k, v;
    char buf[32];
    int rc, op = MDB_FIRST;

    if (st == NULL)
        return ENOMEM;
    if ((rc = mdb_cursor_open(txn, dbi, &c)) != 0) {
        XXH3_freeState(st);
        return rc;
    }
    XXH3_64bits_reset(st);
    while ((rc = mdb_cursor_get(c, &k, &v, op)) == 0) {
        size_t n = mjt__meta_entry(entry, sizeof entry, k.mv_data, k.mv_size,
                                   v.mv_data, v.mv_size);
        if (n == 0) {
            rc = EINVAL; /* an entry readers could not hash */
            break;
        }
        XXH3_64bits_update(st, entry, n);
        op = MDB_NEXT;
    }
    mdb_cursor_close(c);
    snprintf(buf, sizeof buf, "xxh3:%016llx",
             (unsigned long long)XXH3_64bits_digest(st));
    XXH3_freeState(st);
    return rc == MDB_NOTFOUND ? put_text(txn, dbi, MJT__META_DIGEST, buf) : rc;
}

static int put_blocks(MDB_txn *txn, MDB_dbi dbi, const gen_table *t)
{
    for (size_t b = 0; b < t->nblocks; b++) {
        unsigned char kb[8];
        mjt__be64_put(kb, t->keys[b * MJT__BLOCK_RECORDS]);
        MDB_val key = {8, kb}, val = {t->block_size[b], t->blocks[b]};
        int rc = mdb_put(txn, dbi, &key, &val, MDB_APPEND);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* The forms blocks, each under its first row's key. */
static int put_forms(MDB_txn *txn, MDB_dbi dbi, const gen_table *t)
{
    for (size_t s = 0; s < t->nspans; s++) {
        if (t->frows_size[s] == 0)
            continue;
        uint64_t first = 0;
        for (int b = 7; b >= 0; b--)
            first = first << 8 | t->frows[s][4 + b];
        unsigned char kb[8];
        mjt__be64_put(kb, first);
        MDB_val key = {8, kb}, val = {t->fblock_size[s], t->fblocks[s]};
        int rc = mdb_put(txn, dbi, &key, &val, MDB_APPEND);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Write everything into the environment at tmp; returns an LMDB code. */
static int write_env(const char *tmp, gen_table *tables, int ntables,
                     const gen_options *opt)
{
    MDB_env *env = NULL;
    MDB_txn *txn = NULL;
    MDB_dbi dbi;
    int rc;

    if ((rc = mdb_env_create(&env)) != 0)
        return rc;
    if ((rc = mdb_env_set_mapsize(env, MAP_SIZE)) != 0 ||
        (rc = mdb_env_set_maxdbs(env, 8)) != 0 ||
        (rc = mdb_env_open(env, tmp, MDB_NOSUBDIR | MDB_NOLOCK | MDB_NOSYNC,
                           0644)) != 0 ||
        (rc = mdb_txn_begin(env, NULL, 0, &txn)) != 0)
        goto out;
    if ((rc = mdb_dbi_open(txn, "meta", MDB_CREATE, &dbi)) != 0 ||
        (rc = put_meta(txn, dbi, tables, ntables, opt)) != 0 ||
        (rc = put_meta_digest(txn, dbi)) != 0)
        goto out;
    for (int i = 0; i < ntables; i++) {
        char forms[32];
        snprintf(forms, sizeof forms, "%s%s", tables[i].name,
                 MJT__FORMS_SUFFIX);
        if ((rc = mdb_dbi_open(txn, tables[i].name, MDB_CREATE, &dbi)) != 0 ||
            (rc = put_blocks(txn, dbi, &tables[i])) != 0 ||
            (rc = mdb_dbi_open(txn, forms, MDB_CREATE, &dbi)) != 0 ||
            (rc = put_forms(txn, dbi, &tables[i])) != 0)
            goto out;
    }
    rc = mdb_txn_commit(txn);
    txn = NULL;
    if (rc == 0)
        rc = mdb_env_sync(env, 1);
out:
    if (txn != NULL)
        mdb_txn_abort(txn);
    mdb_env_close(env);
    return rc;
}

/* Bytes free for us on the device of the file at path, or -1. */
static long long free_bytes(const char *path)
{
    char dir[4096];
    struct statvfs st;
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + (slash == path)),
                 path);
    if (statvfs(dir, &st) != 0)
        return -1;
    return (long long)st.f_bavail * (long long)st.f_frsize;
}

/* When the device of path has less room than a table of these parts
 * takes, its blocks and slack bytes more (LMDB says EIO for a write cut
 * short, which is what a full disk gives), say so, naming both sizes; 1
 * if said.  Before writing the slack is 0: refuse only what cannot fit. */
static int no_room(const char *path, const gen_table *tables, int ntables,
                   long long slack)
{
    long long need = slack, have = free_bytes(path);

    for (int i = 0; i < ntables; i++)
        need += (long long)(tables[i].compressed + tables[i].fcompressed);
    if (have < 0 || have >= need)
        return 0;
    fprintf(stderr,
            "%s: %s: no space left on the device (the table takes about "
            "%.1f MB, %.1f MB free)\n",
            gen_prog, path, need / 1e6, have / 1e6);
    return 1;
}

int gen_write(gen_table *tables, int ntables, const gen_options *opt)
{
    char tmp[4096];
    int rc;

    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", opt->out, (long)getpid()) >=
        (int)sizeof tmp) {
        fprintf(stderr, "%s: %s: path too long\n", gen_prog, opt->out);
        return -1;
    }
    unlink(tmp);
    if (no_room(opt->out, tables, ntables, 0))
        return -1;
    rc = write_env(tmp, tables, ntables, opt);
    if (rc != 0) {
        unlink(tmp);
        if ((rc == EIO || rc == ENOSPC) &&
            no_room(opt->out, tables, ntables, 1 << 20))
            return -1;
        fprintf(stderr, "%s: %s: cannot write table: %s\n", gen_prog, tmp,
                mdb_strerror(rc));
        return -1;
    }
    if (rename(tmp, opt->out) != 0) {
        fprintf(stderr, "%s: %s: cannot rename into place: %s\n", gen_prog,
                opt->out, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

void gen_remove_stale(const char *path)
{
    char dir[4096], prefix[4096];
    const char *slash = strrchr(path, '/');
    DIR *d;
    struct dirent *e;

    if (slash == NULL) {
        snprintf(dir, sizeof dir, ".");
        snprintf(prefix, sizeof prefix, "%s.tmp.", path);
    } else {
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path) + 1, path);
        snprintf(prefix, sizeof prefix, "%s.tmp.", slash + 1);
    }
    if ((d = opendir(dir)) == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(prefix);
        char *end, full[8192];
        if (strncmp(e->d_name, prefix, n) != 0)
            continue;
        long pid = strtol(e->d_name + n, &end, 10);
        /* Only files of writers that are gone: a live one is working. */
        if (*end != '\0' || pid <= 0 || kill((pid_t)pid, 0) == 0 ||
            errno != ESRCH)
            continue;
        snprintf(full, sizeof full, "%s%s%s", dir, slash == NULL ? "/" : "",
                 e->d_name);
        unlink(full);
    }
    closedir(d);
}

int gen_check_writable(const char *path)
{
    char tmp[4096];
    int fd;

    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        fprintf(stderr, "%s: %s: cannot write here: %s\n", gen_prog, path,
                strerror(errno));
        return -1;
    }
    close(fd);
    unlink(tmp);
    return 0;
}

int gen_check_existing(const char *path)
{
    struct stat st;
    MDB_env *env = NULL;
    MDB_txn *txn = NULL;
    MDB_dbi dbi;
    MDB_val key = {5, "magic"}, val;
    int ours = 0;

    if (stat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    /* LMDB trusts a file's pages: only one that passes the check is
     * opened (a short or damaged file would crash it). */
    if (S_ISREG(st.st_mode) &&
        mjt__lmdb_check(path, (long long)st.st_size, NULL) == MJT__OK &&
        mdb_env_create(&env) == 0 && mdb_env_set_maxdbs(env, 8) == 0 &&
        mdb_env_open(env, path, MDB_NOSUBDIR | MDB_RDONLY | MDB_NOLOCK, 0) ==
            0 &&
        mdb_txn_begin(env, NULL, MDB_RDONLY, &txn) == 0 &&
        mdb_dbi_open(txn, "meta", 0, &dbi) == 0 &&
        mdb_get(txn, dbi, &key, &val) == 0)
        ours = val.mv_size == strlen(MJT__FORMAT_MAGIC) &&
               memcmp(val.mv_data, MJT__FORMAT_MAGIC, val.mv_size) == 0;
    if (txn != NULL)
        mdb_txn_abort(txn);
    mdb_env_close(env);
    if (!ours) {
        fprintf(stderr,
                "%s: %s: exists and does not read as an mjt table (another "
                "file, or a damaged table): refusing to replace it; move it "
                "away or choose another -o ('make tables' keeps it as "
                ".bad)\n",
                gen_prog, path);
        return -1;
    }
    return 1;
}
