// SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
/* Exit 0 if this process may create BPF maps (root and bpf() available). */
#include <stdio.h>
#include <bpf/bpf.h>
#include <unistd.h>

int main(void)
{
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "probe", 4, 4, 1, NULL);

	if (fd < 0) {
		perror("bpf_map_create");
		return 1;
	}
	close(fd);
	return 0;
}
