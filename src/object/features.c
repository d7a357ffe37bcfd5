// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
/*
 * The fact table behind `object show ... needs`. Where the facts come from:
 *
 *   BCC   iovisor/bcc docs/kernel-versions.md ("Helpers", "Program types",
 *         "Map types", "Main features"): the first Linux release of each
 *         helper, program type and map type. One correction: BCC spells
 *         skc_to_mptcp_sock as "skc_to_mctcp_sock".
 *   UAPI  the history of the kernel's include/uapi/linux/bpf.h: the
 *         release whose header first has the enum value or instruction
 *         encoding (attach types, JMP32, atomics, cpu v4, pseudo BTF IDs,
 *         kfunc calls), or the release that added /sys/kernel/btf/vmlinux
 *         (5.4), which CO-RE relocations are resolved against.
 *   WIN   microsoft/ebpf-for-windows include/ebpf_structs.h: enum
 *         bpf_prog_type, enum bpf_map_type, enum bpf_attach_type and the
 *         general helpers (ebpf_helper_id_t); include/ebpf_nethooks.h for
 *         the XDP helper bpf_xdp_adjust_head. Items are matched by name:
 *         eBPF for Windows numbers its helpers differently
 *         (BPF_FUNC_ktime_get_boot_ns is 7 there, 125 on Linux), so an
 *         object must be rebuilt against its headers. Its trace_printk is
 *         split into trace_printk2..5, which bpf_printk() picks.
 *         Instruction-level features are not listed there: unknown.
 *
 * Helper rows are indexed by ID and must cover every FN() of the installed
 * linux/bpf.h (a unit test checks); enum rows likewise for the installed
 * enums. Names are libbpf's (libbpf_bpf_prog_type_str() and friends).
 */
#include "features.h"
#include "../lib/compiler.h"

#define BCC "BCC docs/kernel-versions.md"
#define UAPI "include/uapi/linux/bpf.h history"
#define WIN "ebpf-for-windows include/ebpf_structs.h"
#define WIN_XDP "ebpf-for-windows include/ebpf_nethooks.h"
#define WIN_PRINTK WIN " (trace_printk2..5)"
#define WIN_NONE "not in " WIN

#define ROW_STR(id_, name_, maj, min, win, lsrc, wsrc)                        \
	{                                                                     \
		.id = (id_), .name = (name_), .major = (maj), .minor = (min), \
		.windows = (win), .linux_src = (lsrc), .windows_src = (wsrc)  \
	}
/* Expands W_* into its three fields before ROW_STR counts arguments. */
#define ROW_EXP(...) ROW_STR(__VA_ARGS__)
#define ROW(id, name, ...) ROW_EXP(id, #name, __VA_ARGS__)
#define W_WIN BK_WIN_YES, BCC, WIN
#define W_WINXDP BK_WIN_YES, BCC, WIN_XDP
#define W_WINPRINTK BK_WIN_YES, BCC, WIN_PRINTK
#define W_NOWIN BK_WIN_NO, BCC, WIN_NONE
#define H(id, name, maj, min, w) ROW(id, name, maj, min, W_##w)

static const struct bk_fact helpers[] = {
	ROW(0, unspec, 0, 0, BK_WIN_NO, UAPI, WIN_NONE),
	H(1, map_lookup_elem, 3, 19, WIN),
	H(2, map_update_elem, 3, 19, WIN),
	H(3, map_delete_elem, 3, 19, WIN),
	H(4, probe_read, 4, 1, NOWIN),
	H(5, ktime_get_ns, 4, 1, WIN),
	H(6, trace_printk, 4, 1, WINPRINTK),
	H(7, get_prandom_u32, 4, 1, WIN),
	H(8, get_smp_processor_id, 4, 1, WIN),
	H(9, skb_store_bytes, 4, 1, NOWIN),
	H(10, l3_csum_replace, 4, 1, NOWIN),
	H(11, l4_csum_replace, 4, 1, NOWIN),
	H(12, tail_call, 4, 2, WIN),
	H(13, clone_redirect, 4, 2, NOWIN),
	H(14, get_current_pid_tgid, 4, 2, WIN),
	H(15, get_current_uid_gid, 4, 2, NOWIN),
	H(16, get_current_comm, 4, 2, NOWIN),
	H(17, get_cgroup_classid, 4, 3, NOWIN),
	H(18, skb_vlan_push, 4, 3, NOWIN),
	H(19, skb_vlan_pop, 4, 3, NOWIN),
	H(20, skb_get_tunnel_key, 4, 3, NOWIN),
	H(21, skb_set_tunnel_key, 4, 3, NOWIN),
	H(22, perf_event_read, 4, 3, NOWIN),
	H(23, redirect, 4, 4, NOWIN),
	H(24, get_route_realm, 4, 4, NOWIN),
	H(25, perf_event_output, 4, 4, WIN),
	H(26, skb_load_bytes, 4, 5, NOWIN),
	H(27, get_stackid, 4, 6, NOWIN),
	H(28, csum_diff, 4, 6, WIN),
	H(29, skb_get_tunnel_opt, 4, 6, NOWIN),
	H(30, skb_set_tunnel_opt, 4, 6, NOWIN),
	H(31, skb_change_proto, 4, 8, NOWIN),
	H(32, skb_change_type, 4, 8, NOWIN),
	H(33, skb_under_cgroup, 4, 8, NOWIN),
	H(34, get_hash_recalc, 4, 8, NOWIN),
	H(35, get_current_task, 4, 8, NOWIN),
	H(36, probe_write_user, 4, 8, NOWIN),
	H(37, current_task_under_cgroup, 4, 9, NOWIN),
	H(38, skb_change_tail, 4, 9, NOWIN),
	H(39, skb_pull_data, 4, 9, NOWIN),
	H(40, csum_update, 4, 9, NOWIN),
	H(41, set_hash_invalid, 4, 9, NOWIN),
	H(42, get_numa_node_id, 4, 10, NOWIN),
	H(43, skb_change_head, 4, 10, NOWIN),
	H(44, xdp_adjust_head, 4, 10, WINXDP),
	H(45, probe_read_str, 4, 11, NOWIN),
	H(46, get_socket_cookie, 4, 12, WIN),
	H(47, get_socket_uid, 4, 12, NOWIN),
	H(48, set_hash, 4, 13, NOWIN),
	H(49, setsockopt, 4, 13, NOWIN),
	H(50, skb_adjust_room, 4, 13, NOWIN),
	H(51, redirect_map, 4, 14, NOWIN),
	H(52, sk_redirect_map, 4, 14, NOWIN),
	H(53, sock_map_update, 4, 14, NOWIN),
	H(54, xdp_adjust_meta, 4, 15, NOWIN),
	H(55, perf_event_read_value, 4, 15, NOWIN),
	H(56, perf_prog_read_value, 4, 15, NOWIN),
	H(57, getsockopt, 4, 15, NOWIN),
	H(58, override_return, 4, 16, NOWIN),
	H(59, sock_ops_cb_flags_set, 4, 16, NOWIN),
	H(60, msg_redirect_map, 4, 17, NOWIN),
	H(61, msg_apply_bytes, 4, 17, NOWIN),
	H(62, msg_cork_bytes, 4, 17, NOWIN),
	H(63, msg_pull_data, 4, 17, NOWIN),
	H(64, bind, 4, 17, NOWIN),
	H(65, xdp_adjust_tail, 4, 18, NOWIN),
	H(66, skb_get_xfrm_state, 4, 18, NOWIN),
	H(67, get_stack, 4, 18, NOWIN),
	H(68, skb_load_bytes_relative, 4, 18, NOWIN),
	H(69, fib_lookup, 4, 18, NOWIN),
	H(70, sock_hash_update, 4, 18, NOWIN),
	H(71, msg_redirect_hash, 4, 18, NOWIN),
	H(72, sk_redirect_hash, 4, 18, NOWIN),
	H(73, lwt_push_encap, 4, 18, NOWIN),
	H(74, lwt_seg6_store_bytes, 4, 18, NOWIN),
	H(75, lwt_seg6_adjust_srh, 4, 18, NOWIN),
	H(76, lwt_seg6_action, 4, 18, NOWIN),
	H(77, rc_repeat, 4, 18, NOWIN),
	H(78, rc_keydown, 4, 18, NOWIN),
	H(79, skb_cgroup_id, 4, 18, NOWIN),
	H(80, get_current_cgroup_id, 4, 18, NOWIN),
	H(81, get_local_storage, 4, 19, NOWIN),
	H(82, sk_select_reuseport, 4, 19, NOWIN),
	H(83, skb_ancestor_cgroup_id, 4, 19, NOWIN),
	H(84, sk_lookup_tcp, 4, 20, NOWIN),
	H(85, sk_lookup_udp, 4, 20, NOWIN),
	H(86, sk_release, 4, 20, NOWIN),
	H(87, map_push_elem, 4, 20, WIN),
	H(88, map_pop_elem, 4, 20, WIN),
	H(89, map_peek_elem, 4, 20, WIN),
	H(90, msg_push_data, 4, 20, NOWIN),
	H(91, msg_pop_data, 5, 0, NOWIN),
	H(92, rc_pointer_rel, 5, 0, NOWIN),
	H(93, spin_lock, 5, 1, NOWIN),
	H(94, spin_unlock, 5, 1, NOWIN),
	H(95, sk_fullsock, 5, 1, NOWIN),
	H(96, tcp_sock, 5, 1, NOWIN),
	H(97, skb_ecn_set_ce, 5, 1, NOWIN),
	H(98, get_listener_sock, 5, 1, NOWIN),
	H(99, skc_lookup_tcp, 5, 2, NOWIN),
	H(100, tcp_check_syncookie, 5, 2, NOWIN),
	H(101, sysctl_get_name, 5, 2, NOWIN),
	H(102, sysctl_get_current_value, 5, 2, NOWIN),
	H(103, sysctl_get_new_value, 5, 2, NOWIN),
	H(104, sysctl_set_new_value, 5, 2, NOWIN),
	H(105, strtol, 5, 2, NOWIN),
	H(106, strtoul, 5, 2, NOWIN),
	H(107, sk_storage_get, 5, 2, NOWIN),
	H(108, sk_storage_delete, 5, 2, NOWIN),
	H(109, send_signal, 5, 3, NOWIN),
	H(110, tcp_gen_syncookie, 5, 3, NOWIN),
	H(111, skb_output, 5, 5, NOWIN),
	H(112, probe_read_user, 5, 5, NOWIN),
	H(113, probe_read_kernel, 5, 5, NOWIN),
	H(114, probe_read_user_str, 5, 5, NOWIN),
	H(115, probe_read_kernel_str, 5, 5, NOWIN),
	H(116, tcp_send_ack, 5, 5, NOWIN),
	H(117, send_signal_thread, 5, 5, NOWIN),
	H(118, jiffies64, 5, 5, NOWIN),
	H(119, read_branch_records, 5, 6, NOWIN),
	H(120, get_ns_current_pid_tgid, 5, 7, NOWIN),
	H(121, xdp_output, 5, 6, NOWIN),
	H(122, get_netns_cookie, 5, 7, NOWIN),
	H(123, get_current_ancestor_cgroup_id, 5, 6, NOWIN),
	H(124, sk_assign, 5, 6, NOWIN),
	H(125, ktime_get_boot_ns, 5, 8, WIN),
	H(126, seq_printf, 5, 7, NOWIN),
	H(127, seq_write, 5, 7, NOWIN),
	H(128, sk_cgroup_id, 5, 7, NOWIN),
	H(129, sk_ancestor_cgroup_id, 5, 7, NOWIN),
	H(130, ringbuf_output, 5, 8, WIN),
	H(131, ringbuf_reserve, 5, 8, NOWIN),
	H(132, ringbuf_submit, 5, 8, NOWIN),
	H(133, ringbuf_discard, 5, 8, NOWIN),
	H(134, ringbuf_query, 5, 8, NOWIN),
	H(135, csum_level, 5, 7, NOWIN),
	H(136, skc_to_tcp6_sock, 5, 9, NOWIN),
	H(137, skc_to_tcp_sock, 5, 9, NOWIN),
	H(138, skc_to_tcp_timewait_sock, 5, 9, NOWIN),
	H(139, skc_to_tcp_request_sock, 5, 9, NOWIN),
	H(140, skc_to_udp6_sock, 5, 9, NOWIN),
	H(141, get_task_stack, 5, 9, NOWIN),
	H(142, load_hdr_opt, 5, 10, NOWIN),
	H(143, store_hdr_opt, 5, 10, NOWIN),
	H(144, reserve_hdr_opt, 5, 10, NOWIN),
	H(145, inode_storage_get, 5, 10, NOWIN),
	H(146, inode_storage_delete, 5, 10, NOWIN),
	H(147, d_path, 5, 10, NOWIN),
	H(148, copy_from_user, 5, 10, NOWIN),
	H(149, snprintf_btf, 5, 10, NOWIN),
	H(150, seq_printf_btf, 5, 10, NOWIN),
	H(151, skb_cgroup_classid, 5, 10, NOWIN),
	H(152, redirect_neigh, 5, 10, NOWIN),
	H(153, per_cpu_ptr, 5, 10, NOWIN),
	H(154, this_cpu_ptr, 5, 10, NOWIN),
	H(155, redirect_peer, 5, 10, NOWIN),
	H(156, task_storage_get, 5, 11, NOWIN),
	H(157, task_storage_delete, 5, 11, NOWIN),
	H(158, get_current_task_btf, 5, 11, NOWIN),
	H(159, bprm_opts_set, 5, 11, NOWIN),
	H(160, ktime_get_coarse_ns, 5, 11, NOWIN),
	H(161, ima_inode_hash, 5, 11, NOWIN),
	H(162, sock_from_file, 5, 11, NOWIN),
	H(163, check_mtu, 5, 12, NOWIN),
	H(164, for_each_map_elem, 5, 13, NOWIN),
	H(165, snprintf, 5, 13, NOWIN),
	H(166, sys_bpf, 5, 14, NOWIN),
	H(167, btf_find_by_name_kind, 5, 14, NOWIN),
	H(168, sys_close, 5, 14, NOWIN),
	H(169, timer_init, 5, 15, NOWIN),
	H(170, timer_set_callback, 5, 15, NOWIN),
	H(171, timer_start, 5, 15, NOWIN),
	H(172, timer_cancel, 5, 15, NOWIN),
	H(173, get_func_ip, 5, 15, NOWIN),
	H(174, get_attach_cookie, 5, 15, NOWIN),
	H(175, task_pt_regs, 5, 15, NOWIN),
	H(176, get_branch_snapshot, 5, 16, NOWIN),
	H(177, trace_vprintk, 5, 16, NOWIN),
	H(178, skc_to_unix_sock, 5, 16, NOWIN),
	H(179, kallsyms_lookup_name, 5, 16, NOWIN),
	H(180, find_vma, 5, 17, NOWIN),
	H(181, loop, 5, 17, NOWIN),
	H(182, strncmp, 5, 17, NOWIN),
	H(183, get_func_arg, 5, 17, NOWIN),
	H(184, get_func_ret, 5, 17, NOWIN),
	H(185, get_func_arg_cnt, 5, 17, NOWIN),
	H(186, get_retval, 5, 18, NOWIN),
	H(187, set_retval, 5, 18, NOWIN),
	H(188, xdp_get_buff_len, 5, 18, NOWIN),
	H(189, xdp_load_bytes, 5, 18, NOWIN),
	H(190, xdp_store_bytes, 5, 18, NOWIN),
	H(191, copy_from_user_task, 5, 18, NOWIN),
	H(192, skb_set_tstamp, 5, 18, NOWIN),
	H(193, ima_file_hash, 5, 18, NOWIN),
	H(194, kptr_xchg, 5, 19, NOWIN),
	H(195, map_lookup_percpu_elem, 5, 19, NOWIN),
	H(196, skc_to_mptcp_sock, 5, 19, NOWIN),
	H(197, dynptr_from_mem, 5, 19, NOWIN),
	H(198, ringbuf_reserve_dynptr, 5, 19, NOWIN),
	H(199, ringbuf_submit_dynptr, 5, 19, NOWIN),
	H(200, ringbuf_discard_dynptr, 5, 19, NOWIN),
	H(201, dynptr_read, 5, 19, NOWIN),
	H(202, dynptr_write, 5, 19, NOWIN),
	H(203, dynptr_data, 5, 19, NOWIN),
	H(204, tcp_raw_gen_syncookie_ipv4, 6, 0, NOWIN),
	H(205, tcp_raw_gen_syncookie_ipv6, 6, 0, NOWIN),
	H(206, tcp_raw_check_syncookie_ipv4, 6, 0, NOWIN),
	H(207, tcp_raw_check_syncookie_ipv6, 6, 0, NOWIN),
	H(208, ktime_get_tai_ns, 6, 1, NOWIN),
	H(209, user_ringbuf_drain, 6, 1, NOWIN),
};

/* Program types: BCC "Program types"; Windows: WIN's enum bpf_prog_type. */
#define P(id, name, maj, min, win)                 \
	ROW(id, name, maj, min, BK_WIN_##win, BCC, \
	    BK_WIN_##win == BK_WIN_YES ? WIN : WIN_NONE)
static const struct bk_fact prog_types[] = {
	ROW(0, unspec, 0, 0, BK_WIN_NO, UAPI, WIN_NONE),
	P(1, socket_filter, 3, 19, NO),
	P(2, kprobe, 4, 1, NO),
	P(3, sched_cls, 4, 1, NO),
	P(4, sched_act, 4, 1, NO),
	P(5, tracepoint, 4, 7, NO),
	P(6, xdp, 4, 8, YES),
	P(7, perf_event, 4, 9, NO),
	P(8, cgroup_skb, 4, 10, NO),
	P(9, cgroup_sock, 4, 10, NO),
	P(10, lwt_in, 4, 10, NO),
	P(11, lwt_out, 4, 10, NO),
	P(12, lwt_xmit, 4, 10, NO),
	P(13, sock_ops, 4, 13, YES),
	P(14, sk_skb, 4, 14, NO),
	P(15, cgroup_device, 4, 15, NO),
	P(16, sk_msg, 4, 17, NO),
	P(17, raw_tracepoint, 4, 17, NO),
	P(18, cgroup_sock_addr, 4, 17, YES),
	P(19, lwt_seg6local, 4, 18, NO),
	P(20, lirc_mode2, 4, 18, NO),
	P(21, sk_reuseport, 4, 19, NO),
	P(22, flow_dissector, 4, 20, NO),
	P(23, cgroup_sysctl, 5, 2, NO),
	P(24, raw_tracepoint_writable, 5, 2, NO),
	P(25, cgroup_sockopt, 5, 3, NO),
	P(26, tracing, 5, 5, NO),
	P(27, struct_ops, 5, 6, NO),
	P(28, ext, 5, 6, NO),
	P(29, lsm, 5, 7, NO),
	P(30, sk_lookup, 5, 9, NO),
	P(31, syscall, 5, 15, NO),
};

/* Map types: BCC "Map types"; Windows: WIN's enum bpf_map_type. */
#define M P
static const struct bk_fact map_types[] = {
	ROW(0, unspec, 0, 0, BK_WIN_NO, UAPI, WIN_NONE),
	M(1, hash, 3, 19, YES),
	M(2, array, 3, 19, YES),
	M(3, prog_array, 4, 2, YES),
	M(4, perf_event_array, 4, 3, YES),
	M(5, percpu_hash, 4, 6, YES),
	M(6, percpu_array, 4, 6, YES),
	M(7, stack_trace, 4, 6, NO),
	M(8, cgroup_array, 4, 8, NO),
	M(9, lru_hash, 4, 10, YES),
	M(10, lru_percpu_hash, 4, 10, YES),
	M(11, lpm_trie, 4, 11, YES),
	M(12, array_of_maps, 4, 12, YES),
	M(13, hash_of_maps, 4, 12, YES),
	M(14, devmap, 4, 14, NO),
	M(15, sockmap, 4, 14, NO),
	M(16, cpumap, 4, 15, NO),
	M(17, xskmap, 4, 18, NO),
	M(18, sockhash, 4, 18, NO),
	M(19, cgroup_storage, 4, 19, NO),
	M(20, reuseport_sockarray, 4, 19, NO),
	M(21, percpu_cgroup_storage, 4, 20, NO),
	M(22, queue, 4, 20, YES),
	M(23, stack, 4, 20, YES),
	M(24, sk_storage, 5, 2, NO),
	M(25, devmap_hash, 5, 4, NO),
	M(26, struct_ops, 5, 6, NO),
	M(27, ringbuf, 5, 8, YES),
	M(28, inode_storage, 5, 10, NO),
	M(29, task_storage, 5, 11, NO),
	M(30, bloom_filter, 5, 16, NO),
	M(31, user_ringbuf, 6, 1, NO),
	/* BCC lists its helpers (6.2), not the map type */
	ROW(32, cgrp_storage, 6, 2, BK_WIN_NO, UAPI, WIN_NONE),
};

/* Attach types: UAPI; Windows: WIN's enum bpf_attach_type. */
#define A(id, name, maj, min, win)                  \
	ROW(id, name, maj, min, BK_WIN_##win, UAPI, \
	    BK_WIN_##win == BK_WIN_YES ? WIN : WIN_NONE)
static const struct bk_fact attach_types[] = {
	A(0, cgroup_inet_ingress, 4, 10, NO),
	A(1, cgroup_inet_egress, 4, 10, NO),
	A(2, cgroup_inet_sock_create, 4, 10, NO),
	A(3, cgroup_sock_ops, 4, 13, YES),
	A(4, sk_skb_stream_parser, 4, 14, NO),
	A(5, sk_skb_stream_verdict, 4, 14, NO),
	A(6, cgroup_device, 4, 15, NO),
	A(7, sk_msg_verdict, 4, 17, NO),
	A(8, cgroup_inet4_bind, 4, 17, NO),
	A(9, cgroup_inet6_bind, 4, 17, NO),
	A(10, cgroup_inet4_connect, 4, 17, YES),
	A(11, cgroup_inet6_connect, 4, 17, YES),
	A(12, cgroup_inet4_post_bind, 4, 17, NO),
	A(13, cgroup_inet6_post_bind, 4, 17, NO),
	A(14, cgroup_udp4_sendmsg, 4, 18, NO),
	A(15, cgroup_udp6_sendmsg, 4, 18, NO),
	A(16, lirc_mode2, 4, 18, NO),
	A(17, flow_dissector, 4, 20, NO),
	A(18, cgroup_sysctl, 5, 2, NO),
	A(19, cgroup_udp4_recvmsg, 5, 2, NO),
	A(20, cgroup_udp6_recvmsg, 5, 2, NO),
	A(21, cgroup_getsockopt, 5, 3, NO),
	A(22, cgroup_setsockopt, 5, 3, NO),
	A(23, trace_raw_tp, 5, 5, NO),
	A(24, trace_fentry, 5, 5, NO),
	A(25, trace_fexit, 5, 5, NO),
	A(26, modify_return, 5, 7, NO),
	A(27, lsm_mac, 5, 7, NO),
	A(28, trace_iter, 5, 8, NO),
	A(29, cgroup_inet4_getpeername, 5, 8, NO),
	A(30, cgroup_inet6_getpeername, 5, 8, NO),
	A(31, cgroup_inet4_getsockname, 5, 8, NO),
	A(32, cgroup_inet6_getsockname, 5, 8, NO),
	A(33, xdp_devmap, 5, 8, NO),
	A(34, cgroup_inet_sock_release, 5, 9, NO),
	A(35, xdp_cpumap, 5, 9, NO),
	A(36, sk_lookup, 5, 9, NO),
	A(37, xdp, 5, 9, YES),
	A(38, sk_skb_verdict, 5, 13, NO),
	A(39, sk_reuseport_select, 5, 14, NO),
	A(40, sk_reuseport_select_or_migrate, 5, 14, NO),
	A(41, perf_event, 5, 15, NO),
	A(42, trace_kprobe_multi, 5, 18, NO),
	A(43, lsm_cgroup, 6, 0, NO),
};

/*
 * Features seen in instructions, relocations and BTF. Windows documents
 * none of them either way. kfuncs are functions of the Linux kernel, which
 * no other runtime has.
 */
#define F(id, name, maj, min, lsrc)                          \
	{                                                    \
		id, name, maj, min, BK_WIN_UNKNOWN, lsrc,    \
			"not documented by ebpf-for-windows" \
	}
static const struct bk_fact features[] = {
	F(BK_FEAT_BPF2BPF_CALLS, "bpf2bpf calls", 4, 16, BCC),
	F(BK_FEAT_GLOBAL_FUNCS, "global functions", 5, 6, UAPI),
	F(BK_FEAT_BOUNDED_LOOPS, "bounded loops", 5, 3, BCC),
	F(BK_FEAT_JMP32, "jmp32 instructions", 5, 1, UAPI),
	F(BK_FEAT_ATOMICS, "atomic fetch/xchg/cmpxchg", 5, 12, UAPI),
	F(BK_FEAT_CPUV4, "cpu v4 instructions", 6, 6, UAPI),
	F(BK_FEAT_GLOBAL_DATA, "global data", 5, 2, UAPI),
	F(BK_FEAT_CORE, "CO-RE (kernel BTF)", 5, 4, UAPI),
	F(BK_FEAT_TYPED_KSYMS, "typed ksyms", 5, 10, UAPI),
	{BK_FEAT_KFUNC_CALLS, "kfunc calls", 5, 13, BK_WIN_NO, UAPI,
	 "kfuncs are Linux kernel functions"},
};

static const struct {
	const struct bk_fact *rows;
	size_t cnt;
	const char *name;
} tables[BK_FACT_KIND_CNT] = {
	[BK_FACT_PROG_TYPE] = {prog_types, ARRAY_SIZE(prog_types), "prog_type"},
	[BK_FACT_ATTACH_TYPE] = {attach_types, ARRAY_SIZE(attach_types),
				 "attach_type"},
	[BK_FACT_MAP_TYPE] = {map_types, ARRAY_SIZE(map_types), "map_type"},
	[BK_FACT_HELPER] = {helpers, ARRAY_SIZE(helpers), "helper"},
	[BK_FACT_KFUNC] = {NULL, 0, "kfunc"},
	[BK_FACT_FEATURE] = {features, ARRAY_SIZE(features), "feature"},
};

/* Rows sit at their id: a lookup is an index. */
const struct bk_fact *bk_fact__find(enum bk_fact_kind kind, __u32 id)
{
	if (kind >= BK_FACT_KIND_CNT || id >= tables[kind].cnt)
		return NULL;
	return &tables[kind].rows[id];
}

const struct bk_fact *bk_fact__table(enum bk_fact_kind kind, size_t *cnt)
{
	*cnt = kind < BK_FACT_KIND_CNT ? tables[kind].cnt : 0;
	return *cnt ? tables[kind].rows : NULL;
}

const char *bk_fact__kind_str(enum bk_fact_kind kind)
{
	return kind < BK_FACT_KIND_CNT ? tables[kind].name : "unknown";
}

const char *bk_fact__win_str(enum bk_win_support win)
{
	switch (win) {
	case BK_WIN_YES:
		return "yes";
	case BK_WIN_NO:
		return "no";
	default:
		return "unknown";
	}
}
