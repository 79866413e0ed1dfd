#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Builds a proof sharded by cta_add_proof (project/) through distcc: starts a distccd that listens on 127.0.0.1 only
# and accepts only 127.0.0.1, compiles every translation unit through it (DISTCC_FALLBACK=0: a job the server does
# not take is an error, not a local compile), stops it, and requires that the server compiled each shard.
#   build_through_distcc.sh <cta source dir> <work dir> <C++ compiler>
# Exit status 77 (skipped) without distcc (Debian: distcc, which .ci/install-deps --all installs).
set -euo pipefail
source_dir=$1
work=$2
cxx=$3
if ! command -v distcc >/dev/null || ! command -v distccd >/dev/null; then
  echo "distcc is not installed (Debian: distcc)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/distcc"
export DISTCC_DIR="$work/distcc"

pid_file="$work/distccd.pid"
log="$work/distccd.log"
# Started by root, distccd runs as the user distcc: it must be able to write its log and pid file here.
: >"$log"
chmod a+rwx "$work"
chmod a+rw "$log"
# Stops the server and the workers it started (each has the pid file on its command line), and waits until they
# are gone.
stop() {
  if [ -s "$pid_file" ]; then kill "$(cat "$pid_file")" 2>/dev/null || true; fi
  pkill -f -- "--pid-file $pid_file" 2>/dev/null || true
  for _ in $(seq 50); do pgrep -f -- "--pid-file $pid_file" >/dev/null || return 0; sleep 0.1; done
  pkill -KILL -f -- "--pid-file $pid_file" 2>/dev/null || true
}
trap stop EXIT
port=""
for p in $(seq 36320 36329); do
  rm -f "$pid_file"
  distccd --daemon --listen 127.0.0.1 --allow 127.0.0.1 --port "$p" --jobs 2 --pid-file "$pid_file" \
          --log-file "$log" --log-level info || continue
  for _ in $(seq 20); do [ -s "$pid_file" ] && break; sleep 0.1; done
  sleep 0.2
  if [ -s "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then port=$p; break; fi
  stop
done
if [ -z "$port" ]; then
  echo "FAILED: distccd did not start on 127.0.0.1 (ports 36320 to 36329)"
  cat "$log" 2>/dev/null || true
  exit 1
fi
echo "distccd on 127.0.0.1:$port"

# 127.0.0.1, not "localhost", which distcc would take as compiling locally.
export DISTCC_HOSTS="127.0.0.1:$port/2"
export DISTCC_FALLBACK=0
export DISTCC_SKIP_LOCAL_RETRY=1
cmake -S "$source_dir/tests/distcc/project" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      "-DCMAKE_CXX_COMPILER=$cxx" -DCMAKE_CXX_COMPILER_LAUNCHER=distcc "-DCTA_SOURCE_DIR=$source_dir" >/dev/null
cmake --build "$work/build" --target digits_proof -j 2

stop
trap - EXIT
# distccd logs "COMPILE_OK" for each job it compiled; the shards are two of them.
shards=$(grep -c "COMPILE_OK.*shard_[0-9]*\.cpp" "$log" || true)
echo "distccd compiled $shards of the 2 shards"
if [ "$shards" -ne 2 ]; then
  echo "FAILED: the server's log:"
  cat "$log"
  exit 1
fi
echo "PASS"
