// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * Map keys and values printed with their BTF types, as bpftool's
 * "formatted" output. Every map in the kernel passed the kernel's BTF
 * checks, so sizes agree with the map's; type IDs are still checked so that
 * nothing is read through a missing type.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "main.h"
#include "map_fmt.h"

static void fmt_type(const struct btf *btf, __u32 id, const void *data,
		     __u32 bit_off, const char *key);

/* Bitfields and 128-bit ints: hex, unquoted in plain text as bpftool does. */
static void fmt_hex(const char *key, __u64 hi, __u64 lo)
{
	static const char digits[] = "0123456789abcdef";
	char buf[40], *p = buf + sizeof(buf);
	int i;

	/* Written backwards: no printf for what a dump does a million times. */
	*--p = '\0';
	if (json_output)
		*--p = '"';
	for (i = 0; i < (hi ? 16 : 1) || lo; i++, lo >>= 4)
		*--p = digits[lo & 15];
	for (; hi; hi >>= 4)
		*--p = digits[hi & 15];
	*--p = 'x';
	*--p = '0';
	if (json_output)
		*--p = '"';
	out_raw(key, p);
}

/* nr_bits (at most 64) starting bit_off bits into data, little endian. */
static void fmt_bitfield(const void *data, __u32 bit_off, __u32 nr_bits,
			 const char *key)
{
	unsigned char bytes[16] = {};
	__u32 len = (bit_off % 8 + nr_bits + 7) / 8;
	__u64 lo = 0, hi = 0;
	unsigned __int128 v;

	memcpy(bytes, (const char *)data + bit_off / 8, len > 16 ? 16 : len);
	memcpy(&lo, bytes, 8);
	memcpy(&hi, bytes + 8, 8);
	v = ((unsigned __int128)hi << 64 | lo) >> (bit_off % 8);
	if (nr_bits < 128)
		v &= ((unsigned __int128)1 << nr_bits) - 1;
	fmt_hex(key, (__u64)(v >> 64), (__u64)v);
}

static __u64 read_unsigned(const void *data, __u32 size)
{
	__u64 v = 0;

	memcpy(&v, data, size > 8 ? 8 : size); /* little endian */
	return v;
}

static __s64 read_signed(const void *data, __u32 size)
{
	__u32 shift = size >= 8 ? 0 : 64 - size * 8;

	/* Sign-extend (gcc and clang shift signed values arithmetically). */
	return (__s64)(read_unsigned(data, size) << shift) >> shift;
}

static void fmt_char(const char *key, unsigned char c)
{
	char buf[16];

	if (c >= 0x20 && c < 0x7f) {
		buf[0] = c;
		buf[1] = '\0';
		out_str(key, NULL, buf);
	} else if (json_output) {
		snprintf(buf, sizeof(buf), "\"\\u00%02x\"", c);
		out_raw(key, buf);
	} else {
		snprintf(buf, sizeof(buf), "0x%x", c);
		out_raw(key, buf);
	}
}

static void fmt_int(const struct btf_type *t, const void *data, __u32 bit_off,
		    const char *key)
{
	__u32 info = *(const __u32 *)(t + 1);
	__u32 nr_bits = BTF_INT_BITS(info);
	__u64 lo, hi;

	bit_off += BTF_INT_OFFSET(info);
	if (bit_off % 8 || nr_bits % 8 || (nr_bits != 128 && nr_bits > 64)) {
		fmt_bitfield(data, bit_off, nr_bits, key);
		return;
	}
	data = (const char *)data + bit_off / 8;
	if (nr_bits == 128) {
		memcpy(&lo, data, 8);
		memcpy(&hi, (const char *)data + 8, 8);
		fmt_hex(key, hi, lo);
		return;
	}
	switch (BTF_INT_ENCODING(info)) {
	case BTF_INT_SIGNED:
		out_s64(key, NULL, read_signed(data, nr_bits / 8));
		break;
	case BTF_INT_CHAR:
		fmt_char(key, *(const unsigned char *)data);
		break;
	case BTF_INT_BOOL:
		out_bool(key, NULL, *(const unsigned char *)data != 0);
		break;
	default:
		out_u64(key, NULL, read_unsigned(data, nr_bits / 8));
	}
}

static void fmt_enum(const struct btf *btf, const struct btf_type *t,
		     const void *data, const char *key)
{
	bool is_signed = btf_kflag(t);
	__u16 i, vlen = btf_vlen(t);
	__s64 v = is_signed ? read_signed(data, t->size)
			    : (__s64)read_unsigned(data, t->size);
	const struct btf_enum64 *e64 = btf_enum64(t);
	const struct btf_enum *e = btf_enum(t);
	__s64 ev;

	/* Before ENUM64 the kernel had no sign flag: values compared as the
	 * C int they were declared as. */
	if (btf_is_enum(t) && !is_signed && t->size == 4)
		v = read_signed(data, 4);
	for (i = 0; i < vlen; i++) {
		ev = btf_is_enum(t) ? (__s64)e[i].val
				    : (__s64)btf_enum64_value(&e64[i]);
		if (ev == v) {
			out_str(key, NULL,
				btf__name_by_offset(
					btf, btf_is_enum(t) ? e[i].name_off
							    : e64[i].name_off));
			return;
		}
	}
	if (is_signed || btf_is_enum(t))
		out_s64(key, NULL, v);
	else
		out_u64(key, NULL, (__u64)v);
}

/* bpftool's test: a char array holding printable bytes up to a NUL. */
static bool is_string(const struct btf *btf, const struct btf_array *arr,
		      const char *s)
{
	const struct btf_type *elem = btf__type_by_id(btf, arr->type);
	const char *end = s + arr->nelems;

	while (elem && btf_is_mod(elem))
		elem = btf__type_by_id(btf, elem->type);
	if (!arr->nelems || !elem || !btf_is_int(elem) || elem->size != 1)
		return false;
	if (btf_int_encoding(elem) != BTF_INT_CHAR &&
	    strcmp(btf__name_by_offset(btf, elem->name_off), "char"))
		return false;
	for (; s < end; s++) {
		if (!*s)
			return true;
		if (*s <= 0x1f || *s >= 0x7f)
			return false;
	}
	return false;
}

static void fmt_array(const struct btf *btf, const struct btf_type *t,
		      const void *data, const char *key)
{
	const struct btf_array *arr = btf_array(t);
	__s64 elem_sz = btf__resolve_size(btf, arr->type);
	__u32 i;

	if (is_string(btf, arr, data)) {
		out_str(key, NULL, data);
		return;
	}
	out_arr_open(key);
	for (i = 0; elem_sz > 0 && i < arr->nelems; i++)
		fmt_type(btf, arr->type, (const char *)data + i * elem_sz, 0,
			 NULL);
	out_arr_close();
}

static void fmt_struct(const struct btf *btf, const struct btf_type *t,
		       const void *data, const char *key)
{
	const struct btf_member *m = btf_members(t);
	__u16 i, vlen = btf_vlen(t);
	const char *name;
	__u32 off, bits;

	out_obj_open(key);
	for (i = 0; i < vlen; i++) {
		off = btf_member_bit_offset(t, i);
		bits = btf_member_bitfield_size(t, i);
		name = btf__name_by_offset(btf, m[i].name_off);
		if (bits)
			fmt_bitfield(data, off, bits, name);
		else
			fmt_type(btf, m[i].type, (const char *)data + off / 8,
				 off % 8, name);
	}
	out_obj_close();
}

static void fmt_datasec(const struct btf *btf, const struct btf_type *t,
			const void *data, const char *key)
{
	const struct btf_var_secinfo *vsi = btf_var_secinfos(t);
	const struct btf_type *var;
	__u16 i, vlen = btf_vlen(t);

	out_obj_open(key);
	out_arr_open(btf__name_by_offset(btf, t->name_off));
	for (i = 0; i < vlen; i++) {
		var = btf__type_by_id(btf, vsi[i].type);
		if (!var || !btf_is_var(var))
			continue;
		out_obj_open(NULL);
		fmt_type(btf, var->type, (const char *)data + vsi[i].offset, 0,
			 btf__name_by_offset(btf, var->name_off));
		out_obj_close();
	}
	out_arr_close();
	out_obj_close();
}

static void fmt_ptr(const void *data, const char *key)
{
	__u64 v = read_unsigned(data, sizeof(void *));
	char buf[24];

	if (json_output) {
		out_u64(key, NULL, v);
		return;
	}
	/* bpftool prints "%p" */
	if (v)
		snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	else
		snprintf(buf, sizeof(buf), "(nil)");
	out_raw(key, buf);
}

static void fmt_type(const struct btf *btf, __u32 id, const void *data,
		     __u32 bit_off, const char *key)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t)))
		t = btf__type_by_id(btf, t->type);
	if (!t) {
		out_null(key);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		fmt_int(t, data, bit_off, key);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		fmt_enum(btf, t, data, key);
		break;
	case BTF_KIND_PTR:
		fmt_ptr(data, key);
		break;
	case BTF_KIND_ARRAY:
		fmt_array(btf, t, data, key);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		fmt_struct(btf, t, data, key);
		break;
	case BTF_KIND_DATASEC:
		fmt_datasec(btf, t, data, key);
		break;
	case BTF_KIND_VAR:
		fmt_type(btf, t->type, data, 0, key);
		break;
	default:
		/* FWD, FUNC and the like have no bytes to show. */
		out_null(key);
	}
}

void fmt_btf_data(const struct btf *btf, __u32 type_id, const void *data,
		  const char *key)
{
	fmt_type(btf, type_id, data, 0, key);
}
