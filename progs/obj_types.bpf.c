// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/*
 * One program per program type the fact table knows, each in a section
 * name libbpf maps to that type: object_show.bats checks the mapping.
 * Never loaded (fentry, freplace and struct_ops need targets).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("socket")
int ot_socket(void *ctx)
{
	return 0;
}

SEC("kprobe/do_nanosleep")
int ot_kprobe(void *ctx)
{
	return 0;
}

SEC("tc")
int ot_tc(void *ctx)
{
	return 0;
}

SEC("action")
int ot_action(void *ctx)
{
	return 0;
}

SEC("tracepoint/syscalls/sys_enter_getppid")
int ot_tracepoint(void *ctx)
{
	return 0;
}

SEC("xdp")
int ot_xdp(void *ctx)
{
	return 0;
}

SEC("perf_event")
int ot_perf_event(void *ctx)
{
	return 0;
}

SEC("cgroup_skb/ingress")
int ot_cgroup_skb(void *ctx)
{
	return 0;
}

SEC("cgroup/sock_create")
int ot_cgroup_sock(void *ctx)
{
	return 0;
}

SEC("lwt_in")
int ot_lwt_in(void *ctx)
{
	return 0;
}

SEC("lwt_out")
int ot_lwt_out(void *ctx)
{
	return 0;
}

SEC("lwt_xmit")
int ot_lwt_xmit(void *ctx)
{
	return 0;
}

SEC("sockops")
int ot_sockops(void *ctx)
{
	return 0;
}

SEC("sk_skb/stream_parser")
int ot_sk_skb(void *ctx)
{
	return 0;
}

SEC("cgroup/dev")
int ot_cgroup_dev(void *ctx)
{
	return 0;
}

SEC("sk_msg")
int ot_sk_msg(void *ctx)
{
	return 0;
}

SEC("raw_tp/sys_enter")
int ot_raw_tp(void *ctx)
{
	return 0;
}

SEC("cgroup/connect4")
int ot_cgroup_sock_addr(void *ctx)
{
	return 0;
}

SEC("lwt_seg6local")
int ot_lwt_seg6local(void *ctx)
{
	return 0;
}

SEC("lirc_mode2")
int ot_lirc_mode2(void *ctx)
{
	return 0;
}

SEC("sk_reuseport")
int ot_sk_reuseport(void *ctx)
{
	return 0;
}

SEC("flow_dissector")
int ot_flow_dissector(void *ctx)
{
	return 0;
}

SEC("cgroup/sysctl")
int ot_cgroup_sysctl(void *ctx)
{
	return 0;
}

SEC("raw_tp.w/sys_enter")
int ot_raw_tp_w(void *ctx)
{
	return 0;
}

SEC("cgroup/getsockopt")
int ot_cgroup_sockopt(void *ctx)
{
	return 0;
}

SEC("fentry/do_nanosleep")
int ot_fentry(void *ctx)
{
	return 0;
}

SEC("struct_ops/ot_op")
int ot_struct_ops(void *ctx)
{
	return 0;
}

SEC("freplace/ot_target")
int ot_freplace(void *ctx)
{
	return 0;
}

SEC("lsm/file_open")
int ot_lsm(void *ctx)
{
	return 0;
}

SEC("sk_lookup")
int ot_sk_lookup(void *ctx)
{
	return 0;
}

SEC("syscall")
int ot_syscall(void *ctx)
{
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
