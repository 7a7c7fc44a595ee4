#!/usr/bin/env bash
# Removes what a killed slow-client run may have left behind: network namespaces named
# wsqos-link-* (deleting one deletes its veth pair) and any host-side veth end wq*h still present.
# The experiment cleans up itself on normal exit, on exceptions and on SIGINT/SIGTERM (shutdown
# hook); only SIGKILL leaves something. Needs root.
set -euo pipefail
for ns in $(ip netns list | awk '{print $1}' | grep '^wsqos-link-' || true); do
  echo "deleting namespace $ns"
  ip netns del "$ns"
done
for dev in $(ip -o link show type veth | awk -F': ' '{print $2}' | cut -d@ -f1 | grep -E '^wq[0-9]+x[0-9]+h$' || true); do
  echo "deleting veth $dev"
  ip link del "$dev"
done
