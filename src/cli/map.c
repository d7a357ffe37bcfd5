// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * bpfkit map { show | list | dump | lookup | getnext | update | delete |
 *              pin | freeze | help }
 *
 * bpftool's grammar and output: entries as hex bytes, and with BTF as
 * bpftool's "formatted" JSON, in plain mode too (pretty), streamed so that
 * a map of millions of entries costs one batch of memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "main.h"
#include "map_fmt.h"
#include "../map/map.h"

/* The map an entry command works on, with its BTF (NULL: none). */
struct map_arg {
	struct bk_map *maps;
	size_t cnt;
	struct btf *btf;
};

static void map_arg_free(struct map_arg *a)
{
	btf__free(a->btf);
	bk_map__free_all(a->maps, a->cnt);
}

/* MAP := { id MAP_ID | pinned FILE | name MAP_NAME } */
static int parse_map_query(int argc, char **argv, struct bk_map_query *q)
{
	if (!REQ_ARGS(2))
		return -1;
	if (is_prefix(*argv, "id")) {
		q->select = BK_MAP_BY_ID;
		if (!parse_u32(argv[1], &q->id)) {
			p_err("can't parse '%s' as a map ID", argv[1]);
			return -1;
		}
	} else if (is_prefix(*argv, "pinned")) {
		q->select = BK_MAP_BY_PIN;
	} else if (is_prefix(*argv, "name")) {
		q->select = BK_MAP_BY_NAME;
	} else {
		p_err("expected 'id', 'pinned' or 'name', got: '%s'?", *argv);
		return -1;
	}
	q->arg = argv[1];
	return 0;
}

static int load_btf(struct map_arg *a)
{
	const struct bk_map *m = &a->maps[0];

	if (!m->info.btf_id ||
	    (!m->info.btf_key_type_id && !m->info.btf_value_type_id))
		return 0;
	a->btf = btf__load_from_kernel_by_id(m->info.btf_id);
	if (!a->btf) {
		p_err("map id %u: cannot load its BTF (id %u): %s", m->info.id,
		      m->info.btf_id, strerror(errno));
		return -1;
	}
	return 0;
}

/* Exactly one map, taken from the front of the arguments (2 of them). */
static int open_one_map(int argc, char **argv, struct map_arg *a)
{
	struct bk_map_query q = {};

	if (parse_map_query(argc, argv, &q) ||
	    bk_map__select(&q, &a->maps, &a->cnt, &cli_diag))
		return -1;
	if (a->cnt > 1) {
		p_err("%zu maps are named '%s': name one by id or pinned path",
		      a->cnt, q.arg);
		return -1;
	}
	return load_btf(a);
}

static int no_more_args(int argc, char **argv)
{
	if (!argc)
		return 0;
	p_err("expected no more arguments, got: '%s'?", *argv);
	return -1;
}

/* ---- show / list ------------------------------------------------------ */

static void print_map(const struct bk_map *m)
{
	const struct bpf_map_info *i = &m->info;

	out_obj_open(NULL);
	out_u64("id", "%llu: ", i->id);
	if (m->type)
		out_str("type", "%s  ", m->type);
	else
		out_u64("type", "type %llu  ", i->type);
	out_str("name", "name %s  ", i->name);
	out_u64("flags", "flags 0x%llx", i->map_flags);
	out_u64("bytes_key", "\n\tkey %lluB", i->key_size);
	out_u64("bytes_value", "  value %lluB", i->value_size);
	out_u64("max_entries", "  max_entries %llu", i->max_entries);
	if (m->memlock)
		out_u64("bytes_memlock", "  memlock %lluB", m->memlock);
	if (i->map_extra)
		out_u64("map_extra", "  map_extra %llu", i->map_extra);
	out_u64("frozen", NULL, m->frozen);
	if (i->btf_id || m->frozen)
		out_plain("\n\t");
	if (i->btf_id)
		out_u64("btf_id", "btf_id %llu", i->btf_id);
	if (m->frozen)
		out_plain("%sfrozen", i->btf_id ? "  " : "");
	out_plain("\n");
	out_obj_close();
}

static int do_show(int argc, char **argv)
{
	struct bk_map_query q = {.select = BK_MAP_ALL};
	struct bk_map *maps;
	size_t cnt, i;
	bool one;

	if (argc && parse_map_query(argc, argv, &q))
		return -1;
	if (argc > 2)
		return no_more_args(argc - 2, argv + 2);
	if (bk_map__select(&q, &maps, &cnt, &cli_diag))
		return -1;
	/* As bpftool: a handle matching one map prints it alone. */
	one = q.select != BK_MAP_ALL && cnt == 1;
	if (!one)
		out_arr_open(NULL);
	for (i = 0; i < cnt; i++)
		print_map(&maps[i]);
	if (!one)
		out_arr_close();
	bk_map__free_all(maps, cnt);
	return 0;
}

/* ---- entries ---------------------------------------------------------- */

/* bpftool's fprint_hex(): 8-byte groups, 16 bytes a line. */
static void print_hex(const void *data, size_t len)
{
	const unsigned char *b = data;
	size_t i;

	for (i = 0; i < len; i++) {
		if (i && !(i % 16))
			putchar('\n');
		else if (i && !(i % 8))
			fputs("  ", stdout);
		else if (i)
			putchar(' ');
		printf("%02x", b[i]);
	}
}

static const void *cpu_value(const struct bk_map *m, const void *value, int cpu)
{
	return (const char *)value +
	       (size_t)cpu * ((m->info.value_size + 7) & ~7UL);
}

static void print_entry_plain(const struct bk_map *m, const void *key,
			      const void *value)
{
	__u32 ks = m->info.key_size, vs = m->info.value_size;
	bool break_names = ks > 16 || vs > 16;
	bool one_line = ks + vs <= 24 && !break_names;
	int cpu;

	if (m->per_cpu) {
		printf("key:\n");
		print_hex(key, ks);
		putchar('\n');
		for (cpu = 0; cpu < m->cpu_cnt; cpu++) {
			printf("value (CPU %02d):%c", cpu,
			       vs > 16 ? '\n' : ' ');
			print_hex(cpu_value(m, value, cpu), vs);
			putchar('\n');
		}
		return;
	}
	if (ks) {
		printf("key:%c", break_names ? '\n' : ' ');
		print_hex(key, ks);
		fputs(one_line ? "  " : "\n", stdout);
	}
	if (vs) {
		printf("value:%c", break_names ? '\n' : ' ');
		print_hex(value, vs);
	}
	putchar('\n');
}

/* Per-CPU values: [{"cpu": N, "value": ...}], as hex or formatted. */
static void print_cpu_values(const struct bk_map *m, const struct btf *btf,
			     const void *value)
{
	int cpu;

	out_arr_open("values");
	for (cpu = 0; cpu < m->cpu_cnt; cpu++) {
		out_obj_open(NULL);
		out_u64("cpu", NULL, cpu);
		if (btf)
			fmt_btf_data(btf, m->info.btf_value_type_id,
				     cpu_value(m, value, cpu), "value");
		else
			out_hex_bytes("value", cpu_value(m, value, cpu),
				      m->info.value_size);
		out_obj_close();
	}
	out_arr_close();
}

/* bpftool's do_dump_btf(): the key and value as their types say. */
static void print_formatted(const struct bk_map *m, const struct btf *btf,
			    const char *key_name, const void *key,
			    const void *value)
{
	out_obj_open(key_name);
	if (m->info.btf_key_type_id)
		fmt_btf_data(btf, m->info.btf_key_type_id, key, "key");
	if (m->per_cpu)
		print_cpu_values(m, btf, value);
	else
		fmt_btf_data(btf, m->info.btf_value_type_id, value, "value");
	out_obj_close();
}

static void print_entry_json(const struct bk_map *m, const struct btf *btf,
			     const void *key, const void *value)
{
	out_obj_open(NULL);
	out_hex_bytes("key", key, m->info.key_size);
	if (m->per_cpu)
		print_cpu_values(m, NULL, value);
	else
		out_hex_bytes("value", value, m->info.value_size);
	if (btf)
		print_formatted(m, btf, "formatted", key, value);
	out_obj_close();
}

/* Entries are streamed: JSON in JSON mode, pretty JSON with BTF. */
static bool start_entries(const struct map_arg *a)
{
	if (!json_output && !a->btf)
		return false;
	out_jw_start(json_output ? pretty_output : true);
	return true;
}

static void print_entry(const struct map_arg *a, const void *key,
			const void *value)
{
	if (json_output)
		print_entry_json(&a->maps[0], a->btf, key, value);
	else if (a->btf)
		print_formatted(&a->maps[0], a->btf, NULL, key, value);
	else
		print_entry_plain(&a->maps[0], key, value);
}

static int dump_entries(const struct map_arg *a)
{
	struct bk_map_iter *it = bk_map_iter__new(&a->maps[0], &cli_diag);
	const void *key, *value;
	__u64 cnt = 0;
	int err = 0;
	bool stream;

	if (!it)
		return -1;
	stream = start_entries(a);
	out_arr_open(NULL);
	/* A closed pipe stops the walk instead of reading on for nothing. */
	while (!ferror(stdout) &&
	       (err = bk_map_iter__next(it, &key, &value)) > 0) {
		print_entry(a, key, value);
		cnt++;
	}
	out_arr_close();
	if (stream)
		out_jw_stop();
	else if (err >= 0)
		printf("Found %llu element%s\n", (unsigned long long)cnt,
		       cnt == 1 ? "" : "s");
	bk_map_iter__free(it);
	return err < 0 ? -1 : 0;
}

/* DATA := [hex] BYTES, exactly len of them (bpftool's parse_bytes()). */
static int parse_bytes(int *argc, char ***argv, const struct bk_map *m,
		       const char *what, unsigned char *buf, size_t len)
{
	unsigned long v;
	size_t i = 0;
	int base = 0;
	char *end;

	if (*argc && is_prefix(**argv, "hex")) {
		base = 16;
		NEXT_ARGP();
	}
	for (; i < len && *argc; i++, NEXT_ARGP()) {
		errno = 0;
		v = strtoul(**argv, &end, base);
		if (**argv[0] == '\0' || *end || errno || v > 255)
			break;
		buf[i] = v;
	}
	if (i == len && *argc && (strtoul(**argv, &end, base), !*end))
		i++; /* one more byte than the map takes */
	if (i == len)
		return 0;
	if (i < len && *argc && !is_prefix(**argv, "value") &&
	    !is_prefix(**argv, "any") && !is_prefix(**argv, "exist") &&
	    !is_prefix(**argv, "noexist"))
		p_err("map id %u: %s: can't parse '%s' as a byte", m->info.id,
		      what, **argv);
	else
		p_err("map id %u: %s needs %zu bytes, got %s%zu", m->info.id,
		      what, len, i > len ? "more than " : "",
		      i > len ? len : i);
	return -1;
}

/* "key DATA": argv points at the keyword. */
static int parse_key(int *argc, char ***argv, const struct bk_map *m, void *key)
{
	if (!*argc || !is_prefix(**argv, "key")) {
		p_err("expected 'key', got: '%s'?", *argc ? **argv : "");
		return -1;
	}
	NEXT_ARGP();
	return parse_bytes(argc, argv, m, "key", key, m->info.key_size);
}

/* The buffers of an entry command: key, next key and value. */
struct entry_bufs {
	unsigned char *key, *next, *value;
};

static int alloc_bufs(const struct bk_map *m, struct entry_bufs *b)
{
	b->key = calloc(1, m->info.key_size ?: 1);
	b->next = calloc(1, m->info.key_size ?: 1);
	b->value = calloc(1, m->value_len ?: 1);
	if (b->key && b->next && b->value)
		return 0;
	p_err("out of memory");
	return -1;
}

static void free_bufs(struct entry_bufs *b)
{
	free(b->key);
	free(b->next);
	free(b->value);
}

/*
 * The common frame of the commands on one map: open it, allocate entry
 * buffers, let fn parse the rest and act, clean up.
 */
typedef int (*entry_fn)(int argc, char **argv, const struct map_arg *a,
			struct entry_bufs *b);

static int with_entry(int argc, char **argv, entry_fn fn)
{
	struct entry_bufs b = {};
	struct map_arg a = {};
	int err;

	err = open_one_map(argc, argv, &a);
	if (!err)
		err = alloc_bufs(&a.maps[0], &b);
	if (!err)
		err = fn(argc - 2, argv + 2, &a, &b);
	free_bufs(&b);
	map_arg_free(&a);
	return err;
}

static int lookup_entry(int argc, char **argv, const struct map_arg *a,
			struct entry_bufs *b)
{
	const struct bk_map *m = &a->maps[0];

	if (parse_key(&argc, &argv, m, b->key) || no_more_args(argc, argv) ||
	    bk_map__lookup(m, b->key, b->value, &cli_diag))
		return -1;
	if (start_entries(a)) {
		print_entry(a, b->key, b->value);
		out_jw_stop();
	} else {
		print_entry_plain(m, b->key, b->value);
	}
	return 0;
}

static int do_lookup(int argc, char **argv)
{
	return with_entry(argc, argv, lookup_entry);
}

static int getnext_entry(int argc, char **argv, const struct map_arg *a,
			 struct entry_bufs *b)
{
	const struct bk_map *m = &a->maps[0];
	bool has_key = argc > 0;
	__u32 ks = m->info.key_size;

	if ((has_key && parse_key(&argc, &argv, m, b->key)) ||
	    no_more_args(argc, argv) ||
	    bk_map__next_key(m, has_key ? b->key : NULL, b->next, &cli_diag))
		return -1;
	if (json_output) {
		out_jw_start(pretty_output);
		out_obj_open(NULL);
		if (has_key)
			out_hex_bytes("key", b->key, ks);
		else
			out_null("key");
		out_hex_bytes("next_key", b->next, ks);
		out_obj_close();
		out_jw_stop();
		return 0;
	}
	if (has_key) {
		printf("key:\n");
		print_hex(b->key, ks);
		putchar('\n');
	} else {
		printf("key: None\n");
	}
	printf("next key:\n");
	print_hex(b->next, ks);
	putchar('\n');
	return 0;
}

static int do_getnext(int argc, char **argv)
{
	return with_entry(argc, argv, getnext_entry);
}

static int parse_update_flags(int argc, char **argv, __u64 *flags)
{
	*flags = BPF_ANY;
	if (!argc)
		return 0;
	if (is_prefix(*argv, "any"))
		*flags = BPF_ANY;
	else if (is_prefix(*argv, "noexist"))
		*flags = BPF_NOEXIST;
	else if (is_prefix(*argv, "exist"))
		*flags = BPF_EXIST;
	else
		return no_more_args(argc, argv);
	return no_more_args(argc - 1, argv + 1);
}

static int update_entry(int argc, char **argv, const struct map_arg *a,
			struct entry_bufs *b)
{
	const struct bk_map *m = &a->maps[0];
	__u32 vs = m->info.value_size;
	__u64 flags;
	int cpu;

	if (parse_key(&argc, &argv, m, b->key))
		return -1;
	if (!argc || !is_prefix(*argv, "value")) {
		p_err("expected 'value', got: '%s'?", argc ? *argv : "");
		return -1;
	}
	NEXT_ARG();
	if (parse_bytes(&argc, &argv, m, "value", b->value, vs) ||
	    parse_update_flags(argc, argv, &flags))
		return -1;
	/* A per-CPU map takes the same value on every CPU, as in bpftool. */
	for (cpu = 1; m->per_cpu && cpu < m->cpu_cnt; cpu++)
		memcpy((void *)cpu_value(m, b->value, cpu), b->value, vs);
	if (bk_map__update(m, b->key, b->value, flags, &cli_diag))
		return -1;
	out_null(NULL);
	return 0;
}

static int do_update(int argc, char **argv)
{
	return with_entry(argc, argv, update_entry);
}

static int delete_entry(int argc, char **argv, const struct map_arg *a,
			struct entry_bufs *b)
{
	const struct bk_map *m = &a->maps[0];

	if (parse_key(&argc, &argv, m, b->key) || no_more_args(argc, argv) ||
	    bk_map__delete(m, b->key, &cli_diag))
		return -1;
	out_null(NULL);
	return 0;
}

static int do_delete(int argc, char **argv)
{
	return with_entry(argc, argv, delete_entry);
}

static int dump_all(int argc, char **argv, const struct map_arg *a,
		    struct entry_bufs *b)
{
	return no_more_args(argc, argv) ?: dump_entries(a);
}

static int do_dump(int argc, char **argv)
{
	return with_entry(argc, argv, dump_all);
}

static int pin_map(int argc, char **argv, const struct map_arg *a,
		   struct entry_bufs *b)
{
	if (!argc) {
		p_err("expected a FILE to pin the map at");
		return -1;
	}
	if (no_more_args(argc - 1, argv + 1) ||
	    bk_map__pin(&a->maps[0], *argv, &cli_diag))
		return -1;
	out_null(NULL);
	return 0;
}

static int do_pin(int argc, char **argv)
{
	return with_entry(argc, argv, pin_map);
}

static int freeze_map(int argc, char **argv, const struct map_arg *a,
		      struct entry_bufs *b)
{
	if (no_more_args(argc, argv) || bk_map__freeze(&a->maps[0], &cli_diag))
		return -1;
	out_null(NULL);
	return 0;
}

static int do_freeze(int argc, char **argv)
{
	return with_entry(argc, argv, freeze_map);
}

static int do_help(int argc, char **argv)
{
	if (json_output) {
		out_null(NULL);
		return 0;
	}

	fprintf(stderr,
		"Usage: %1$s %2$s { show | list } [MAP]\n"
		"       %1$s %2$s dump MAP\n"
		"       %1$s %2$s lookup MAP key DATA\n"
		"       %1$s %2$s getnext MAP [key DATA]\n"
		"       %1$s %2$s update MAP key DATA value DATA [UPDATE_FLAGS]\n"
		"       %1$s %2$s delete MAP key DATA\n"
		"       %1$s %2$s pin MAP FILE\n"
		"       %1$s %2$s freeze MAP\n"
		"       %1$s %2$s help\n"
		"\n"
		"       MAP := { id MAP_ID | pinned FILE | name MAP_NAME }\n"
		"       DATA := { [hex] BYTES }\n"
		"       UPDATE_FLAGS := { any | exist | noexist }\n"
		"       " HELP_SPEC_OPTIONS "\n"
		"",
		bin_name, "map");
	return 0;
}

static const struct cmd cmds[] = {
	{"show", do_show},
	{"list", do_show},
	{"dump", do_dump},
	{"lookup", do_lookup},
	{"getnext", do_getnext},
	{"update", do_update},
	{"delete", do_delete},
	{"pin", do_pin},
	{"freeze", do_freeze},
	{"help", do_help},
	/* End of table; a comment line keeps clang-format from packing rows */
	{0},
};

int do_map(int argc, char **argv)
{
	return cmd_select(cmds, argc, argv, do_help);
}
