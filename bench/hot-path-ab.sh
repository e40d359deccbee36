#!/bin/bash
# Hot path A/B: GET /view/token on two built checkouts ($1 = before, $2 = this checkout by default),
# alternating RUNS runs (default 9) of RUN_SECONDS s (default 6) each, then the median of each side.
# Usage: bench/hot-path-ab.sh /path/to/other/checkout [this checkout]. Needs wrk and taskset; Linux (/proc).
# Server pinned to CPU 0, wrk to CPU 1, 32 connections, 1 thread. Two figures per run: requests per
# second, and the server's CPU time per request (user + system, from /proc/PID/stat), which moves less
# than throughput when the machine's neighbours are noisy.
set -u
RUNS=${RUNS:-9}; SECONDS_EACH=${RUN_SECONDS:-6} # not $SECONDS: bash counts the shell's own seconds in it
start() { # $1 dir, $2 port
  taskset -c 0 node "$1/dist/mock/cli.js" --port "$2" --log-level silent > /dev/null 2>&1 &
  echo $!
}
wait_up() { for i in $(seq 1 100); do curl -sf "http://127.0.0.1:$1/__admin/health" > /dev/null && return 0; sleep 0.1; done; return 1; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
BEFORE=${1:?usage: bench/hot-path-ab.sh BEFORE_DIR [AFTER_DIR]}; AFTER=${2:-$(cd "$(dirname "$0")/.." && pwd)}
TICK_NS=$((1000000000 / $(getconf CLK_TCK)))
P1=41801; P2=41802
B=$(start "$BEFORE" $P1); A=$(start "$AFTER" $P2)
trap 'kill $B $A 2> /dev/null' EXIT
wait_up $P1 && wait_up $P2 || { echo "a server did not start" >&2; exit 1; }
for url in "http://127.0.0.1:$P1" "http://127.0.0.1:$P2"; do taskset -c 1 wrk -t1 -c32 -d3s -H 'Authorization: Bearer x' "$url/view/token?fileId=1" > /dev/null; done
OUT=$(mktemp)
for run in $(seq 1 "$RUNS"); do
  for pair in "before $P1 $B" "this $P2 $A"; do
    set -- $pair
    t0=$(cpu_ticks "$3")
    report=$(taskset -c 1 wrk -t1 -c32 -d"${SECONDS_EACH}s" -H 'Authorization: Bearer x' "http://127.0.0.1:$2/view/token?fileId=1")
    t1=$(cpu_ticks "$3")
    rps=$(awk '/Requests\/sec/{print $2}' <<< "$report"); n=$(awk '/requests in/{print $1}' <<< "$report")
    us=$(awk -v t=$((t1 - t0)) -v ns="$TICK_NS" -v n="$n" 'BEGIN {printf "%.1f", t * ns / n / 1000}')
    echo "run $run $1 $rps req/s, $us µs CPU/request"
    echo "$1 $rps $us" >> "$OUT"
  done
done
for side in before this; do
  echo "median $side: $(awk -v s=$side '$1 == s {print $2}' "$OUT" | median) req/s, $(awk -v s=$side '$1 == s {print $3}' "$OUT" | median) µs CPU/request"
done
rm -f "$OUT"
