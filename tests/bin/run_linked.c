// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * run_linked SCENARIO OBJ
 *
 * Opens a linked BPF object with libbpf, sets the scenario's inputs, loads
 * it into the kernel, runs its programs (BPF_PROG_TEST_RUN for
 * SEC("syscall"), attach and a triggering syscall for raw_tp) and checks
 * the values the programs left in global variables and maps. Every
 * expected value is derived in a comment from the programs in progs/.
 *
 * Variables are found by name in their section's DATASEC, as a skeleton
 * does, so a linker that writes a wrong DATASEC offset is caught here.
 *
 * Programs load with BPF_F_STRICT_ALIGNMENT, so that a misaligned
 * variable fails the load even on x86.
 *
 * Prints "FAIL scenario: ..." for each wrong value and exits 1 if anything
 * failed, 0 otherwise. RUN_LINKED_DEBUG=1 shows libbpf's debug output.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../../progs/linked_common.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct run {
	const char *scenario;
	const char *path;
	struct bpf_object *obj;
	bool loaded;
	/* after load: a snapshot of one global data map's value */
	char *snap;
	char pin_dir[PATH_MAX];
	int failures;
};

/* A program to run, in order, and the value it must return. */
struct prog_run {
	const char *name;
	int retval;
};

struct scenario {
	const char *name;
	const struct prog_run *progs;
	size_t prog_cnt;
	bool needs_pin_dir;
	/* before load: set inputs, check what libbpf saw at open */
	void (*setup)(struct run *r);
	/* after load, before the programs run */
	void (*loaded)(struct run *r);
	/* after the programs ran */
	void (*check)(struct run *r);
};

static bool debug;

static int __attribute__((format(printf, 2, 0)))
print_libbpf(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (level == LIBBPF_DEBUG && !debug)
		return 0;
	return vfprintf(stderr, fmt, args);
}

static void __attribute__((format(printf, 2, 3)))
fail(struct run *r, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL %s: ", r->scenario);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	r->failures++;
}

static struct bpf_map *find_map(struct run *r, const char *name)
{
	struct bpf_map *map = bpf_object__find_map_by_name(r->obj, name);

	if (!map)
		fail(r, "map '%s' not found in %s", name, r->path);
	return map;
}

/*
 * The bytes of a global data map: its initial image before load, a copy of
 * the kernel's value after (libbpf 1.1 maps the kernel's memory only for
 * skeletons, so read it with a lookup).
 */
static char *map_data(struct run *r, struct bpf_map *map, size_t *size)
{
	__u32 zero = 0;

	if (!r->loaded)
		return (char *)bpf_map__initial_value(map, size);
	*size = bpf_map__value_size(map);
	free(r->snap);
	r->snap = calloc(1, *size);
	if (!r->snap)
		return NULL;
	if (bpf_map_lookup_elem(bpf_map__fd(map), &zero, r->snap)) {
		fail(r, "cannot read map '%s': %s", bpf_map__name(map),
		     strerror(errno));
		return NULL;
	}
	return r->snap;
}

/*
 * Locate variable NAME in the DATASEC of section SEC (".bss", ".data",
 * ".rodata", ".data.custom", ".kconfig"): its bytes in the map's data and
 * its size.
 */
static void *find_var(struct run *r, const char *sec, const char *name,
		      __u32 *size, bool *is_signed)
{
	const struct btf_var_secinfo *vsi;
	const struct btf_type *ds, *t;
	struct btf *btf = bpf_object__btf(r->obj);
	struct bpf_map *map = find_map(r, sec);
	char *base, *found = NULL;
	size_t map_sz;
	int i;

	if (!map)
		return NULL;
	if (!btf) {
		fail(r, "%s has no BTF", r->path);
		return NULL;
	}
	ds = btf__type_by_id(btf, bpf_map__btf_value_type_id(map));
	if (!ds || !btf_is_datasec(ds)) {
		fail(r, "section '%s' has no DATASEC", sec);
		return NULL;
	}
	base = map_data(r, map, &map_sz);
	if (!base) {
		fail(r, "section '%s' has no data", sec);
		return NULL;
	}
	vsi = btf_var_secinfos(ds);
	for (i = 0; i < btf_vlen(ds); i++, vsi++) {
		t = btf__type_by_id(btf, vsi->type);
		if (strcmp(btf__name_by_offset(btf, t->name_off), name))
			continue;
		if (found) {
			fail(r, "variable '%s' appears twice in DATASEC '%s'",
			     name, sec);
			return NULL;
		}
		if (vsi->offset + vsi->size > map_sz) {
			fail(r, "variable '%s' at %u+%u is beyond '%s' (%zu)",
			     name, vsi->offset, vsi->size, sec, map_sz);
			return NULL;
		}
		found = base + vsi->offset;
		*size = vsi->size;
		t = btf__type_by_id(btf, t->type);
		while (t && (btf_is_mod(t) || btf_is_typedef(t)))
			t = btf__type_by_id(btf, t->type);
		*is_signed = t && btf_is_int(t) &&
			     (btf_int_encoding(t) & BTF_INT_SIGNED);
	}
	if (!found)
		fail(r, "variable '%s' not found in DATASEC '%s'", name, sec);
	return found;
}

static bool read_var(struct run *r, const char *sec, const char *name,
		     long long *val)
{
	bool is_signed = false;
	__u32 size = 0;
	void *p = find_var(r, sec, name, &size, &is_signed);

	if (!p)
		return false;
	switch (size) {
	case 1:
		*val = is_signed ? (long long)*(__s8 *)p : *(__u8 *)p;
		break;
	case 2:
		*val = is_signed ? (long long)*(__s16 *)p : *(__u16 *)p;
		break;
	case 4:
		*val = is_signed ? (long long)*(__s32 *)p : *(__u32 *)p;
		break;
	case 8:
		*val = *(__s64 *)p;
		break;
	default:
		fail(r, "variable '%s' has size %u, not an integer", name,
		     size);
		return false;
	}
	return true;
}

/* Set an input before load (through the map's initial image). */
static void set_var(struct run *r, const char *sec, const char *name,
		    long long val)
{
	bool is_signed;
	__u32 size = 0;
	void *p = find_var(r, sec, name, &size, &is_signed);

	if (!p)
		return;
	if (r->loaded) {
		fail(r, "variable '%s' set after load", name);
		return;
	}
	if (size > sizeof(val)) {
		fail(r, "variable '%s' has size %u, not an integer", name,
		     size);
		return;
	}
	/* little-endian: the low SIZE bytes hold the value */
	memcpy(p, &val, size);
}

static void expect_var(struct run *r, const char *sec, const char *name,
		       long long want)
{
	long long got;

	if (!read_var(r, sec, name, &got))
		return;
	if (got != want)
		fail(r, "var %s = %lld, expected %lld", name, got, want);
}

/* Expect the NUL-terminated string in char array NAME of section SEC. */
static void expect_str(struct run *r, const char *sec, const char *name,
		       const char *want)
{
	bool is_signed;
	__u32 size = 0;
	const char *p = find_var(r, sec, name, &size, &is_signed);

	if (!p)
		return;
	if (strnlen(p, size) == size || strcmp(p, want))
		fail(r, "var %s = \"%.*s\", expected \"%s\"", name, (int)size,
		     p, want);
}

/* Expect ELEM's value (an int or a long) at integer KEY of map NAME. */
static void expect_elem(struct run *r, const char *name, const void *key,
			size_t val_sz, long long want)
{
	struct bpf_map *map = find_map(r, name);
	long long got = 0;

	if (!map)
		return;
	if (bpf_map__value_size(map) != val_sz) {
		fail(r, "map %s has value size %u, expected %zu", name,
		     bpf_map__value_size(map), val_sz);
		return;
	}
	if (bpf_map_lookup_elem(bpf_map__fd(map), key, &got)) {
		fail(r, "map %s: lookup failed: %s", name, strerror(errno));
		return;
	}
	if (val_sz == 4)
		got = (int)got;
	if (got != want)
		fail(r, "map %s: value = %lld, expected %lld", name, got, want);
}

/* Libbpf rewrites the BTF FUNC of a hidden global function to static. */
static void expect_func_linkage(struct run *r, const char *name, int linkage)
{
	struct btf *btf = bpf_object__btf(r->obj);
	const struct btf_type *t;
	int id;

	id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	if (id < 0) {
		fail(r, "no BTF FUNC '%s'", name);
		return;
	}
	t = btf__type_by_id(btf, id);
	if (btf_vlen(t) != linkage)
		fail(r, "func %s has BTF linkage %u, expected %d", name,
		     btf_vlen(t), linkage);
}

/*
 * Scenario "funcs": progs/linked_funcs{1,2,3}.bpf.c, run in that order.
 * Each file's static subprog() differs: x + 1, x * 2, x * 3.
 */
static const struct prog_run funcs_progs[] = {
	{"lf_prog1", 1},
	{"lf_prog2", 2},
	{"lf_prog3", 3},
};

static void funcs_check(struct run *r)
{
	/* prog2 calls lf_set_val1(2000) in file 1: x + (x + 1) */
	expect_var(r, ".bss", "out_val1", 2000 + 2001);
	/* prog1 calls lf_set_val2(1000) in file 2: x + x * 2 */
	expect_var(r, ".bss", "out_val2", 1000 + 2000);
	/* the hidden functions read the context's b and d */
	expect_var(r, ".bss", "out_ctx1", LINKED_CTX_B);
	expect_var(r, ".bss", "out_ctx2", LINKED_CTX_D);
	/* file 1's weak lf_weak wins: it sums every x and returns x + 1 */
	expect_var(r, ".bss", "out_weak1", 10 + 20 + 30);
	expect_var(r, ".bss", "out_weak2", 0);
	expect_var(r, ".bss", "out_weak3", 0);
	expect_var(r, ".bss", "ret_weak1", 11);
	expect_var(r, ".bss", "ret_weak2", 21);
	expect_var(r, ".bss", "ret_weak3", 31);
	/* lf_ws: weak (file 1) then strong (file 2): x + 200 */
	expect_var(r, ".bss", "ret_ws1", 201);
	expect_var(r, ".bss", "ret_ws2", 202);
	expect_var(r, ".bss", "ret_ws3", 203);
	/* lf_sw: strong (file 1) then weak (file 3): x + 300 */
	expect_var(r, ".bss", "ret_sw1", 301);
	expect_var(r, ".bss", "ret_sw2", 302);
	expect_var(r, ".bss", "ret_sw3", 303);
	/* lf_wsw: weak, strong (file 2), weak: x + 600 */
	expect_var(r, ".bss", "ret_wsw1", 601);
	expect_var(r, ".bss", "ret_wsw2", 602);
	expect_var(r, ".bss", "ret_wsw3", 603);
	/* lf_whid: file 1's weak x * 5 beats file 2's hidden weak x * 6 */
	expect_var(r, ".bss", "ret_whid1", 10);
	expect_var(r, ".bss", "ret_whid2", 15);
	/*
	 * lf_double(x) = file 2's subprog = 2x; lf_triple(x) = 3x.
	 * chain1(5) = lf_triple(5) + (5 + 1) = 21
	 * chain2(4) = lf_triple(4) * 2 = 24
	 * chain3(ctx->c = 7) = lf_double(7) + 7 * 3 = 35
	 */
	expect_var(r, ".bss", "out_chain1", 21);
	expect_var(r, ".bss", "out_chain2", 24);
	expect_var(r, ".bss", "out_chain3", 35);
	/* hidden at an extern site only, yet verified as static */
	expect_func_linkage(r, "lf_ctx1", BTF_FUNC_STATIC);
	expect_func_linkage(r, "lf_ctx2", BTF_FUNC_STATIC);
	expect_func_linkage(r, "lf_whid", BTF_FUNC_STATIC);
	expect_func_linkage(r, "lf_set_val1", BTF_FUNC_GLOBAL);
}

/* LINUX_KERNEL_VERSION as libbpf computes it from uname's release */
static long long kernel_version(void)
{
	unsigned int major = 0, minor = 0, patch = 0;
	struct utsname u;

	if (uname(&u) ||
	    sscanf(u.release, "%u.%u.%u", &major, &minor, &patch) != 3)
		return -1;
	return (major << 16) + (minor << 8) + (patch > 255 ? 255 : patch);
}

/*
 * The addresses of __start_BTF and __start_rodata, two data symbols that
 * /proc/kallsyms lists even without CONFIG_KALLSYMS_ALL. One pass: the
 * kernel takes a while to produce the file.
 */
struct ksym_addrs {
	long long start_btf;
	long long start_rodata;
};

static void read_kallsyms(struct run *r, struct ksym_addrs *a)
{
	char line[512], sym[256];
	unsigned long long addr;
	FILE *f = fopen("/proc/kallsyms", "r");
	char type;

	a->start_btf = a->start_rodata = -1;
	if (!f) {
		fail(r, "cannot read /proc/kallsyms: %s", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) != 3)
			continue;
		if (!strcmp(sym, "__start_BTF"))
			a->start_btf = (long long)addr;
		else if (!strcmp(sym, "__start_rodata"))
			a->start_rodata = (long long)addr;
	}
	fclose(f);
	if (a->start_btf == -1 || a->start_rodata == -1)
		fail(r, "__start_BTF or __start_rodata not in /proc/kallsyms");
}

/*
 * Scenario "vars": progs/linked_vars{1,2}.bpf.c, two raw_tp/sys_enter
 * programs that act only on this thread's getpgid().
 */
static const struct prog_run vars_progs[] = {
	{"lv_prog1", 0},
	{"lv_prog2", 0},
};

static void vars_setup(struct run *r)
{
	set_var(r, ".rodata", "lv_tid", syscall(SYS_gettid));
	set_var(r, ".rodata", "lv_sysid", SYS_getpgid);
	set_var(r, ".bss", "in_bss1", 1000);
	set_var(r, ".bss", "in_bss2", 2000);
	set_var(r, ".bss", "in_bss_weak", 3000);
}

static void vars_check(struct run *r)
{
	long long kver = kernel_version();
	struct ksym_addrs ks;

	/* in_bss1 + in_bss2 + in_bss_weak, as set by vars_setup */
	expect_var(r, ".bss", "out_bss1", 1000 + 2000 + 3000);
	expect_var(r, ".bss", "out_bss2", 1000 + 2000 + 3000);
	/* in_data1 + in_data2 + the first weak in_data_weak (10) */
	expect_var(r, ".bss", "out_data1", 1 + 2 + 10);
	expect_var(r, ".bss", "out_data2", 1 + 2 + 10);
	/* in_ro1 + in_ro2 + the first weak in_ro_weak (100) */
	expect_var(r, ".bss", "out_ro1", 11 + 22 + 100);
	expect_var(r, ".bss", "out_ro2", 11 + 22 + 100);
	/* strong beats weak: in_data_sw comes from file 1 */
	expect_var(r, ".bss", "out_sw1", 70);
	expect_var(r, ".bss", "out_sw2", 70);
	/* each file's static lv_static */
	expect_var(r, ".bss", "out_static1", 5);
	expect_var(r, ".bss", "out_static2", 6);
	/* in_custom1 (.data.custom) and in_ro_custom2 (.rodata.custom) */
	expect_var(r, ".bss", "out_custom1", 7 + 9);
	expect_var(r, ".bss", "out_custom2", 7 * 9);
	/* each file's format string, with in_data1 and in_data2 */
	expect_str(r, ".bss", "out_str1", "one=1");
	expect_str(r, ".bss", "out_str2", "the second=2");
	expect_var(r, ".bss", "out_kver1", kver);
	expect_var(r, ".bss", "out_kver2", kver);
	/* CONFIG_BPF_SYSCALL=y in every kernel that runs this test */
	expect_var(r, ".bss", "out_bpf_syscall1", 1);
	expect_var(r, ".bss", "out_bpf_syscall2", 1);
	expect_var(r, ".bss", "out_not_set1", 0);
	expect_var(r, ".bss", "out_not_set2", 0);
	read_kallsyms(r, &ks);
	expect_var(r, ".bss", "out_ksym1", ks.start_btf);
	expect_var(r, ".bss", "out_ksym2", ks.start_rodata);
	expect_var(r, ".bss", "out_no_ksym1", 0);
	/*
	 * The same variables seen through their DATASEC entries, as a
	 * skeleton sees them: each entry must point at the winner's bytes.
	 */
	expect_var(r, ".data", "in_data1", 1);
	expect_var(r, ".data", "in_data2", 2);
	expect_var(r, ".data", "in_data_weak", 10);
	expect_var(r, ".data", "in_data_sw", 70);
	expect_var(r, ".rodata", "in_ro1", 11);
	expect_var(r, ".rodata", "in_ro2", 22);
	expect_var(r, ".rodata", "in_ro_weak", 100);
	expect_var(r, ".data.custom", "in_custom1", 7);
	expect_var(r, ".rodata.custom", "in_ro_custom2", 9);
	expect_var(r, ".kconfig", "LINUX_KERNEL_VERSION", kver);
	expect_var(r, ".kconfig", "CONFIG_BPF_SYSCALL", 1);
}

/* Exactly one map called NAME, with this definition. */
static struct bpf_map *expect_map(struct run *r, const char *name,
				  enum bpf_map_type type, __u32 max_entries)
{
	struct bpf_map *map, *found = NULL;
	int cnt = 0;

	bpf_object__for_each_map(map, r->obj)
	{
		if (strcmp(bpf_map__name(map), name))
			continue;
		found = map;
		cnt++;
	}
	if (cnt != 1) {
		fail(r, "%d maps called '%s', expected 1", cnt, name);
		return NULL;
	}
	if (bpf_map__type(found) != type)
		fail(r, "map %s has type %d, expected %d", name,
		     bpf_map__type(found), type);
	if (bpf_map__max_entries(found) != max_entries)
		fail(r, "map %s has max_entries %u, expected %u", name,
		     bpf_map__max_entries(found), max_entries);
	return found;
}

/* Pin a map where lm_pinned will be looked for, holding 77 at key 0. */
static int pin_lm_pinned(struct run *r)
{
	char path[PATH_MAX + 16];
	__u32 k0 = 0;
	__u64 v = 77;
	int fd, err;

	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lm_pinned", sizeof(__u32),
			    sizeof(__u64), 2, NULL);
	if (fd < 0) {
		fail(r, "cannot create map to pin: %s", strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/lm_pinned", r->pin_dir);
	err = bpf_map_update_elem(fd, &k0, &v, 0) ?: bpf_obj_pin(fd, path);
	if (err)
		fail(r, "cannot pin %s: %s", path, strerror(errno));
	close(fd);
	return err;
}

/*
 * Scenario "maps": progs/linked_maps{1,2}.bpf.c. The syscall programs
 * write keys 1 (file 1) and 2 (file 2), then each file reads the other's.
 */
static const struct prog_run maps_progs[] = {
	{"lm_write1", 1}, {"lm_write2", 2}, {"lm_read1", 3},
	{"lm_read2", 4},  {"lm_bloom1", 0}, {"lm_bloom2", 0},
};

static void maps_setup(struct run *r)
{
	struct bpf_map *map;

	set_var(r, ".rodata", "lm_tid", syscall(SYS_gettid));
	map = expect_map(r, "lm_hash", BPF_MAP_TYPE_HASH, 16);
	if (map && bpf_map__map_flags(map) != BPF_F_NO_PREALLOC)
		fail(r, "map lm_hash has flags %#x, expected BPF_F_NO_PREALLOC",
		     bpf_map__map_flags(map));
	map = expect_map(r, "lm_bloom", BPF_MAP_TYPE_BLOOM_FILTER, 16);
	if (map && bpf_map__map_extra(map) != 3)
		fail(r, "map lm_bloom has map_extra %llu, expected 3",
		     (unsigned long long)bpf_map__map_extra(map));
	expect_map(r, "lm_weak", BPF_MAP_TYPE_ARRAY, 4);
	expect_map(r, "lm_sw", BPF_MAP_TYPE_ARRAY, 4);
	expect_map(r, "lm_outer", BPF_MAP_TYPE_ARRAY_OF_MAPS, 2);
	expect_map(r, "lm_inner_a", BPF_MAP_TYPE_ARRAY, 1);
	expect_map(r, "lm_inner_b", BPF_MAP_TYPE_ARRAY, 1);
	expect_map(r, "lm_outer2", BPF_MAP_TYPE_ARRAY_OF_MAPS, 1);
	expect_map(r, "lm_inner_c", BPF_MAP_TYPE_ARRAY, 1);
	map = expect_map(r, "lm_pinned", BPF_MAP_TYPE_ARRAY, 2);
	if (map && strcmp(bpf_map__pin_path(map) ?: "", "") == 0)
		fail(r, "map lm_pinned is not pinned by name");
	pin_lm_pinned(r);
}

static void maps_loaded(struct run *r)
{
	struct bpf_map *outer = find_map(r, "lm_outer");
	struct bpf_map *a = find_map(r, "lm_inner_a");
	struct bpf_map *b = find_map(r, "lm_inner_b");
	__u32 k0 = 0, k1 = 1;
	int fd_a, fd_b;

	if (!outer || !a || !b)
		return;
	fd_a = bpf_map__fd(a);
	fd_b = bpf_map__fd(b);
	if (bpf_map_update_elem(bpf_map__fd(outer), &k0, &fd_a, 0) ||
	    bpf_map_update_elem(bpf_map__fd(outer), &k1, &fd_b, 0))
		fail(r, "cannot fill lm_outer: %s", strerror(errno));
}

static void expect_bloom(struct run *r, const char *name, __u32 val)
{
	struct bpf_map *map = find_map(r, name);

	/* a bloom filter has no false negatives */
	if (map && bpf_map_lookup_elem(bpf_map__fd(map), NULL, &val))
		fail(r, "map %s: %u not found: %s", name, val, strerror(errno));
}

static void maps_check(struct run *r)
{
	char path[PATH_MAX + 16];
	__u32 k1 = 1, k2 = 2;
	__u64 pinned = 0;
	int fd;

	/* each read program sees the other file's write */
	expect_var(r, ".bss", "out1_hash_x", 2000);
	expect_var(r, ".bss", "out1_hash_y", 2);
	expect_var(r, ".bss", "out2_hash_x", 1000);
	expect_var(r, ".bss", "out2_hash_y", 1);
	expect_var(r, ".bss", "out1_weak", 21);
	expect_var(r, ".bss", "out2_weak", 11);
	expect_var(r, ".bss", "out1_sw", 23);
	expect_var(r, ".bss", "out2_sw", 13);
	/* slot 1 of lm_outer is lm_inner_b (file 2 wrote 200), slot 0 a */
	expect_var(r, ".bss", "out1_inner", 200);
	expect_var(r, ".bss", "out2_inner", 100);
	/* lm_outer2's slot 0 is lm_inner_c, from its .values initialiser */
	expect_var(r, ".bss", "out2_inner_c", 300);
	/* pinned[1] = pinned[0] (77, set before load) + 1, then + 1000 */
	expect_var(r, ".bss", "out2_pinned", 77 + 1 + 1000);
	/* one map per name, written by both files */
	expect_elem(r, "lm_weak", &k1, 8, 11);
	expect_elem(r, "lm_weak", &k2, 8, 21);
	expect_elem(r, "lm_sw", &k1, 8, 13);
	expect_elem(r, "lm_sw", &k2, 8, 23);
	expect_bloom(r, "lm_bloom", 42);
	expect_bloom(r, "lm_bloom", 43);
	/* the map pinned before load was reused, not replaced */
	snprintf(path, sizeof(path), "%s/lm_pinned", r->pin_dir);
	fd = bpf_obj_get(path);
	if (fd < 0 || bpf_map_lookup_elem(fd, &k1, &pinned))
		fail(r, "cannot read pinned %s: %s", path, strerror(errno));
	else if (pinned != 77 + 1 + 1000)
		fail(r, "pinned map lm_pinned[1] = %llu, expected %d",
		     (unsigned long long)pinned, 77 + 1 + 1000);
	if (fd >= 0)
		close(fd);
}

/*
 * Scenario "weak": progs/linked_weak{1,2}.bpf.c. Weak definitions come
 * first and lose to file 2's strong ones, except lw_lose (weak twice).
 */
static const struct prog_run weak_progs[] = {
	{"lw_prog1", 1},
	{"lw_prog2", 2},
};

static void weak_setup(struct run *r)
{
	expect_map(r, "lw_map", BPF_MAP_TYPE_ARRAY, 4);
	expect_map(r, "lw_lose", BPF_MAP_TYPE_ARRAY, 4);
}

static void weak_check(struct run *r)
{
	__u32 k1 = 1, k2 = 2;

	/* file 2's lw_data (40) and lw_ro (60), seen from both files */
	expect_var(r, ".bss", "out1_sum", 40 + 60);
	expect_var(r, ".bss", "out2_sum", 40 * 60);
	/* and through the DATASEC entries, as a skeleton reads them */
	expect_var(r, ".data", "lw_data", 40);
	expect_var(r, ".rodata", "lw_ro", 60);
	/* one lw_bss: prog1 added 1, prog2 added 10 */
	expect_var(r, ".bss", "lw_bss", 1 + 10);
	/* prog1 ran first: key 2 was still 0; prog2 saw prog1's key 1 */
	expect_var(r, ".bss", "out1_map", 0);
	expect_var(r, ".bss", "out1_lose", 0);
	expect_var(r, ".bss", "out2_map", 11);
	expect_var(r, ".bss", "out2_lose", 12);
	expect_elem(r, "lw_map", &k1, 8, 11);
	expect_elem(r, "lw_map", &k2, 8, 21);
	expect_elem(r, "lw_lose", &k1, 8, 12);
	expect_elem(r, "lw_lose", &k2, 8, 22);
}

/*
 * Scenario "maps_fwd": progs/linked_mapfwd{1,2}.bpf.c. File 1 uses maps
 * that only file 2 defines; lmf_prog1 writes, lmf_prog2 reads.
 */
static const struct prog_run maps_fwd_progs[] = {
	{"lmf_prog1", 1},
	{"lmf_prog2", 2},
};

static void maps_fwd_setup(struct run *r)
{
	expect_map(r, "lmf_hash", BPF_MAP_TYPE_HASH, 8);
	expect_map(r, "lmf_outer", BPF_MAP_TYPE_ARRAY_OF_MAPS, 1);
	expect_map(r, "lmf_outer1", BPF_MAP_TYPE_ARRAY_OF_MAPS, 1);
	expect_map(r, "lmf_inner_x", BPF_MAP_TYPE_ARRAY, 1);
	expect_map(r, "lmf_inner_y", BPF_MAP_TYPE_ARRAY, 1);
}

static void maps_fwd_check(struct run *r)
{
	expect_var(r, ".bss", "out_hash", 100);
	/* slot 0 of lmf_outer is lmf_inner_x (file 2's initialiser) */
	expect_var(r, ".bss", "out_x", 7);
	/* slot 0 of lmf_outer1 is lmf_inner_y (file 1's initialiser) */
	expect_var(r, ".bss", "out_y", 8);
}

/*
 * Scenario "maps_partial": progs/linked_mappart{1,2}.bpf.c. File 2's
 * externs leave attributes out; the maps are file 1's definitions.
 */
static const struct prog_run maps_partial_progs[] = {
	{"lmp_prog1", 1},
	{"lmp_prog2", 2},
};

static void expect_sizes(struct run *r, struct bpf_map *map, __u32 key_sz,
			 __u32 value_sz)
{
	if (!map)
		return;
	if (bpf_map__key_size(map) != key_sz ||
	    bpf_map__value_size(map) != value_sz)
		fail(r, "map %s has key/value sizes %u/%u, expected %u/%u",
		     bpf_map__name(map), bpf_map__key_size(map),
		     bpf_map__value_size(map), key_sz, value_sz);
}

static void maps_partial_setup(struct run *r)
{
	struct bpf_map *map;

	expect_sizes(r, expect_map(r, "lmp_array", BPF_MAP_TYPE_ARRAY, 4), 4,
		     8);
	map = expect_map(r, "lmp_hash", BPF_MAP_TYPE_HASH, 8);
	expect_sizes(r, map, 4, 8);
	if (map && bpf_map__map_flags(map) != BPF_F_NO_PREALLOC)
		fail(r,
		     "map lmp_hash has flags %#x, expected BPF_F_NO_PREALLOC",
		     bpf_map__map_flags(map));
	expect_sizes(r, expect_map(r, "lmp_sized", BPF_MAP_TYPE_HASH, 8), 4, 8);
	expect_sizes(r, expect_map(r, "lmp_min", BPF_MAP_TYPE_ARRAY, 2), 4, 4);
}

static void maps_partial_check(struct run *r)
{
	/* lmp_prog1 stored 101 at key 1 of three maps, 32 in lmp_min */
	expect_var(r, ".bss", "out_array", 101);
	expect_var(r, ".bss", "out_hash", 101);
	expect_var(r, ".bss", "out_sized", 101);
	expect_var(r, ".bss", "out_min", 32);
}

/*
 * Scenario "ksyms": progs/linked_ksyms{1,2}.bpf.c. The loader resolves the
 * .ksyms externs; both files must see the same ones.
 */
static const struct prog_run ksyms_progs[] = {
	{"lk_prog1", 1},
	{"lk_prog2", 2},
};

static void ksyms_setup(struct run *r)
{
	set_var(r, ".rodata", "lk_pid", getpid());
}

static void ksyms_check(struct run *r)
{
	struct ksym_addrs ks;

	read_kallsyms(r, &ks);

	/* bpf_task_from_pid(getpid()) finds this process's leader */
	expect_var(r, ".bss", "out1_task", getpid());
	expect_var(r, ".bss", "out2_task", getpid());
	expect_var(r, ".bss", "out1_btf", ks.start_btf);
	expect_var(r, ".bss", "out2_btf", ks.start_btf);
	expect_var(r, ".bss", "out2_rodata", ks.start_rodata);
	expect_var(r, ".bss", "out1_missing", 0);
	expect_var(r, ".bss", "out2_missing", 0);
}

/*
 * Scenario "lib": progs/linked_app.bpf.c with lib.o, itself linked from
 * progs/linked_lib{1,2}.bpf.c. The application defines app_scale (x * 3),
 * app_bias (1000), app_map and strong lib_policy (x + 100) and lib_limit
 * (9) over the library's weak ones (x + 1, 5).
 */
static const struct prog_run lib_progs[] = {
	{"lib_prog", 10},
	{"app_prog", 20},
};

static void lib_check(struct run *r)
{
	__u32 k1 = 1, k2 = 2;

	/* lib_sum(3) = 3 * 3 + 1000 + (3 + 100) */
	expect_var(r, ".bss", "out_lib", 9 + 1000 + 103);
	/* lib_sum(2) = 2 * 3 + 1000 + (2 + 100) */
	expect_var(r, ".bss", "out_app", 6 + 1000 + 102);
	expect_var(r, ".bss", "lib_counter", 2);
	expect_var(r, ".bss", "out_lib_limit", 9);
	expect_var(r, ".data", "lib_limit", 9);
	expect_var(r, ".data", "app_bias", 1000);
	/* lib_record(key) returns the library's helper(key) = key * 10 */
	expect_var(r, ".bss", "out_rec", 10);
	expect_var(r, ".bss", "out_app_rec", 20);
	/* the application's own static helper(1) = 1 * 7 */
	expect_var(r, ".bss", "out_helper", 7);
	expect_elem(r, "app_map", &k1, 8, 55);
	expect_elem(r, "app_map", &k2, 8, 66);
	expect_elem(r, "lib_map", &k1, 8, 55);
	expect_elem(r, "lib_map", &k2, 8, 66);
}

static const struct scenario scenarios[] = {
	{
		.name = "funcs",
		.progs = funcs_progs,
		.prog_cnt = ARRAY_SIZE(funcs_progs),
		.check = funcs_check,
	},
	{
		.name = "vars",
		.progs = vars_progs,
		.prog_cnt = ARRAY_SIZE(vars_progs),
		.setup = vars_setup,
		.check = vars_check,
	},
	{
		.name = "maps",
		.progs = maps_progs,
		.prog_cnt = ARRAY_SIZE(maps_progs),
		.needs_pin_dir = true,
		.setup = maps_setup,
		.loaded = maps_loaded,
		.check = maps_check,
	},
	{
		.name = "weak",
		.progs = weak_progs,
		.prog_cnt = ARRAY_SIZE(weak_progs),
		.setup = weak_setup,
		.check = weak_check,
	},
	{
		.name = "maps_fwd",
		.progs = maps_fwd_progs,
		.prog_cnt = ARRAY_SIZE(maps_fwd_progs),
		.setup = maps_fwd_setup,
		.check = maps_fwd_check,
	},
	{
		.name = "maps_partial",
		.progs = maps_partial_progs,
		.prog_cnt = ARRAY_SIZE(maps_partial_progs),
		.setup = maps_partial_setup,
		.check = maps_partial_check,
	},
	{
		.name = "ksyms",
		.progs = ksyms_progs,
		.prog_cnt = ARRAY_SIZE(ksyms_progs),
		.setup = ksyms_setup,
		.check = ksyms_check,
	},
	{
		.name = "lib",
		.progs = lib_progs,
		.prog_cnt = ARRAY_SIZE(lib_progs),
		.check = lib_check,
	},
};

static const struct scenario *find_scenario(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scenarios); i++)
		if (!strcmp(scenarios[i].name, name))
			return &scenarios[i];
	return NULL;
}

/*
 * Pinning scenarios get a bpffs of their own in a private mount namespace:
 * nothing is left behind in /sys/fs/bpf, and the pins vanish with us.
 */
static int make_pin_dir(struct run *r)
{
	snprintf(r->pin_dir, sizeof(r->pin_dir), "/tmp/run_linked.XXXXXX");
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		fprintf(stderr, "%s: private mount namespace: %s\n",
			r->scenario, strerror(errno));
		return -1;
	}
	if (!mkdtemp(r->pin_dir) || mount("bpf", r->pin_dir, "bpf", 0, NULL)) {
		fprintf(stderr, "%s: bpffs at %s: %s\n", r->scenario,
			r->pin_dir, strerror(errno));
		return -1;
	}
	return 0;
}

static void drop_pin_dir(struct run *r)
{
	if (!r->pin_dir[0])
		return;
	umount(r->pin_dir);
	rmdir(r->pin_dir);
}

static bool is_listed(const struct scenario *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->prog_cnt; i++)
		if (!strcmp(s->progs[i].name, name))
			return true;
	return false;
}

static void test_run_prog(struct run *r, struct bpf_program *prog,
			  const struct prog_run *pr)
{
	struct linked_ctx ctx = {
		.a = LINKED_CTX_A,
		.b = LINKED_CTX_B,
		.c = LINKED_CTX_C,
		.d = LINKED_CTX_D,
	};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = &ctx,
		    .ctx_size_in = sizeof(ctx));

	if (bpf_prog_test_run_opts(bpf_program__fd(prog), &opts)) {
		fail(r, "prog %s: test run failed: %s", pr->name,
		     strerror(errno));
		return;
	}
	if ((int)opts.retval != pr->retval)
		fail(r, "prog %s returned %d, expected %d", pr->name,
		     (int)opts.retval, pr->retval);
}

/*
 * SEC("syscall") programs run in the listed order; raw_tp programs are
 * all attached, one getpgid() triggers them, then they are detached.
 */
static void run_progs(struct run *r, const struct scenario *s)
{
	struct bpf_link *links[16] = {};
	struct bpf_program *prog;
	size_t i, link_cnt = 0;

	bpf_object__for_each_program(
		prog, r->obj) if (!is_listed(s, bpf_program__name(prog)))
		fail(r, "unexpected program '%s' in %s",
		     bpf_program__name(prog), r->path);

	for (i = 0; i < s->prog_cnt; i++) {
		const struct prog_run *pr = &s->progs[i];

		prog = bpf_object__find_program_by_name(r->obj, pr->name);
		if (!prog) {
			fail(r, "program '%s' not found in %s", pr->name,
			     r->path);
			continue;
		}
		if (bpf_program__type(prog) == BPF_PROG_TYPE_SYSCALL) {
			test_run_prog(r, prog, pr);
			continue;
		}
		if (link_cnt == ARRAY_SIZE(links)) {
			fail(r, "too many programs to attach");
			continue;
		}
		links[link_cnt] = bpf_program__attach(prog);
		if (!links[link_cnt]) {
			fail(r, "prog %s: attach failed: %s", pr->name,
			     strerror(errno));
			continue;
		}
		link_cnt++;
	}
	if (link_cnt)
		syscall(SYS_getpgid);
	for (i = 0; i < link_cnt; i++)
		bpf_link__destroy(links[i]);
}

/*
 * Load with BPF_F_STRICT_ALIGNMENT: the verifier then refuses any access to
 * a global variable at an offset its size does not divide, which x86 would
 * otherwise run happily (a linker that misplaces variables passes there).
 */
static void set_strict_alignment(struct run *r)
{
	struct bpf_program *prog;

	for (prog = bpf_object__next_program(r->obj, NULL); prog;
	     prog = bpf_object__next_program(r->obj, prog)) {
		__u32 flags = bpf_program__flags(prog) | BPF_F_STRICT_ALIGNMENT;

		if (bpf_program__set_flags(prog, flags))
			fail(r, "prog %s: cannot set strict alignment",
			     bpf_program__name(prog));
	}
}

static int usage(void)
{
	size_t i;

	fprintf(stderr, "usage: run_linked SCENARIO OBJ\nscenarios:");
	for (i = 0; i < ARRAY_SIZE(scenarios); i++)
		fprintf(stderr, " %s", scenarios[i].name);
	fputc('\n', stderr);
	return 1;
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_object_open_opts, open_opts);
	const struct scenario *s;
	struct run r = {};
	int err;

	if (argc != 3 || !(s = find_scenario(argv[1])))
		return usage();
	r.scenario = argv[1];
	r.path = argv[2];
	debug = getenv("RUN_LINKED_DEBUG") != NULL;
	libbpf_set_print(print_libbpf);

	if (s->needs_pin_dir) {
		if (make_pin_dir(&r))
			return 1;
		open_opts.pin_root_path = r.pin_dir;
	}
	r.obj = bpf_object__open_file(r.path, &open_opts);
	if (!r.obj) {
		fprintf(stderr, "FAIL %s: cannot open %s: %s\n", r.scenario,
			r.path, strerror(errno));
		drop_pin_dir(&r);
		return 1;
	}
	if (s->setup)
		s->setup(&r);
	set_strict_alignment(&r);
	err = r.failures ? 0 : bpf_object__load(r.obj);
	if (err) {
		fail(&r, "cannot load %s: %s", r.path, strerror(-err));
	} else if (!r.failures) {
		r.loaded = true;
		if (s->loaded)
			s->loaded(&r);
		if (!r.failures)
			run_progs(&r, s);
		if (s->check)
			s->check(&r);
	}
	bpf_object__close(r.obj);
	free(r.snap);
	drop_pin_dir(&r);
	if (r.failures) {
		fprintf(stderr, "%s: %d check(s) failed\n", r.scenario,
			r.failures);
		return 1;
	}
	printf("ok %s\n", r.scenario);
	return 0;
}
