#!/bin/bash
# Hot path A/B: GET /view/token on two built checkouts (default: $1 = before, $2 = this checkout), alternating,
# 3 runs x 10 s each. Usage: bench/hot-path-ab.sh /path/to/other/checkout [this checkout]. Needs wrk and taskset.
# Server pinned to CPU 0, wrk to CPU 1, 32 connections, 1 thread.
set -u
start() { # $1 dir, $2 port
  taskset -c 0 node "$1/dist/mock/cli.js" --port "$2" --log-level silent > /dev/null 2>&1 &
  echo $!
}
wait_up() { for i in $(seq 1 100); do curl -sf "http://127.0.0.1:$1/__admin/health" > /dev/null && return 0; sleep 0.1; done; return 1; }
BEFORE=${1:?usage: bench/hot-path-ab.sh BEFORE_DIR [AFTER_DIR]}; AFTER=${2:-$(cd "$(dirname "$0")/.." && pwd)}
P1=41801; P2=41802
B=$(start "$BEFORE" $P1); A=$(start "$AFTER" $P2)
wait_up $P1; wait_up $P2
for url in "http://127.0.0.1:$P1" "http://127.0.0.1:$P2"; do taskset -c 1 wrk -t1 -c32 -d3s -H 'Authorization: Bearer x' "$url/view/token?fileId=1" > /dev/null; done
for run in 1 2 3; do
  for pair in "before $P1" "this $P2"; do
    set -- $pair
    rps=$(taskset -c 1 wrk -t1 -c32 -d10s -H 'Authorization: Bearer x' "http://127.0.0.1:$2/view/token?fileId=1" | awk '/Requests\/sec/{print $2}')
    echo "run $run $1 $rps"
  done
done
kill $B $A
