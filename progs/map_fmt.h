/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause) */
#ifndef BPFKIT_PROGS_MAP_FMT_H
#define BPFKIT_PROGS_MAP_FMT_H

#define MAP_FMT_HASH_MAX (1 << 20)

enum map_fmt_color { FMT_RED = 1, FMT_GREEN = 2, FMT_BACK = -1 };

struct map_fmt_point {
	__s16 x;
	__s16 y;
};

/* 64 bytes, the value of the map-dump benchmark too. */
struct map_fmt_val {
	__u64 count;
	__s64 delta;
	__u32 lo : 4;
	__u32 hi : 12;
	enum map_fmt_color color;
	char label[16];
	struct map_fmt_point pts[2];
	union {
		__u64 word;
		__u8 bytes[8];
	} u;
	__u32 seq;
	__u16 port;
	__s8 small;
	_Bool ok;
};

/* An LPM trie key: a map type without batch lookups. */
struct map_fmt_lpm_key {
	__u32 prefixlen;
	__u8 addr[4];
};

/*
 * The types of the maps both halves name: map_fmt1.bpf.c defines them and
 * map_fmt2.bpf.c declares them extern (bpf_helpers.h comes first).
 */
#define MAP_FMT_HASH_T                                   \
	struct {                                         \
		__uint(type, BPF_MAP_TYPE_HASH);         \
		__uint(map_flags, BPF_F_NO_PREALLOC);    \
		__uint(max_entries, MAP_FMT_HASH_MAX);   \
		__type(key, __u32);                      \
		__type(value, struct map_fmt_val);       \
	}
#define MAP_FMT_ARRAY_T                                  \
	struct {                                         \
		__uint(type, BPF_MAP_TYPE_ARRAY);        \
		__uint(max_entries, 4);                  \
		__type(key, __u32);                      \
		__type(value, __u64);                    \
	}
/* Sizes only: the kernel gets no BTF key or value type for it. */
#define MAP_FMT_RAW_T                                    \
	struct {                                         \
		__uint(type, BPF_MAP_TYPE_HASH);         \
		__uint(max_entries, 8);                  \
		__uint(key_size, 4);                     \
		__uint(value_size, 8);                   \
	}

#endif /* BPFKIT_PROGS_MAP_FMT_H */
