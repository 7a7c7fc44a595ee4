#!/usr/bin/env bash
# Removes what a killed slow-client, slow-links, packet-loss or diffserv-share run may have left
# behind: network namespaces named wsqos-link-* or wsqos-dsshare-* (deleting one deletes its veth
# pair), any host-side veth end of theirs (wq + 6 hex digits + h) still present without its
# namespace, and the root namespace's loss tables (nftables, ip wsqos_ + 6 hex digits) of a veth
# that is gone. The experiments clean
# up themselves on normal exit, on exceptions and on SIGINT/SIGTERM (shutdown hook); only SIGKILL
# leaves something. Needs root. Do not run it while tests that make namespaces are running.
set -euo pipefail
for ns in $(ip netns list | awk '{print $1}' | grep -E '^wsqos-(link|dsshare)-' || true); do
  echo "deleting namespace $ns"
  ip netns del "$ns"
done
for dev in $(ip -o link show type veth | awk -F': ' '{print $2}' | cut -d@ -f1 | grep -E '^wq[0-9a-f]{6}h$' || true); do
  # A host end whose peer is gone with its namespace shows no link-netns; keep those that have one.
  if ! ip -o link show dev "$dev" | grep -q 'link-netns'; then
    echo "deleting veth $dev"
    ip link del "$dev"
  fi
done
if command -v nft >/dev/null 2>&1; then
  for table in $(nft list tables ip 2>/dev/null | awk '{print $3}' | grep -E '^wsqos_[0-9a-f]{6}$' || true); do
    if [ ! -e "/sys/class/net/wq${table#wsqos_}h" ]; then
      echo "deleting nftables table ip $table"
      nft delete table ip "$table"
    fi
  done
fi
