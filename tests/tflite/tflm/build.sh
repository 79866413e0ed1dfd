#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# Builds tflm_run (tflm_run.cc) with TensorFlow Lite Micro's interpreter and reference kernels, from its public
# sources and the third-party sources its Makefile downloads, at the versions README.md names:
#
#     sh build.sh TFLM_DIR FLATBUFFERS_DIR GEMMLOWP_DIR RUY_DIR OUT_DIR
#
# The sources compiled are the ones TensorFlow Lite Micro's Makefile builds for the host (tools/make/sources.inc:
# MICROLITE_CC_BASE_SRCS without its tests, MICROLITE_CC_KERNEL_SRCS), with its flags for C++ (CXXFLAGS and
# COMMON_FLAGS, KERNEL_OPTIMIZATION_LEVEL -O2) and -ffp-contract=off, so that no product is fused into an addition
# (TensorFlow Lite's float kernels round each operation as written); FlatBuffers' headers with TensorFlow Lite
# Micro's patch (tools/make/flatbuffers.patch), as its download script applies it. Writes OUT_DIR/tflm_run.
set -eu
if [ $# -ne 5 ]; then
  echo "usage: sh build.sh TFLM_DIR FLATBUFFERS_DIR GEMMLOWP_DIR RUY_DIR OUT_DIR" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
tflm=$(cd "$1" && pwd)
flatbuffers=$(cd "$2" && pwd)
gemmlowp=$(cd "$3" && pwd)
ruy=$(cd "$4" && pwd)
mkdir -p "$5"
out=$(cd "$5" && pwd)
cxx=${CXX:-g++}

rm -rf "$out/flatbuffers" "$out/obj"
mkdir -p "$out/flatbuffers" "$out/obj"
cp -R "$flatbuffers/include" "$out/flatbuffers/include"
(cd "$out/flatbuffers" && patch -s -p1 < "$tflm/tensorflow/lite/micro/tools/make/flatbuffers.patch")

cd "$tflm"
make_dir=tensorflow/lite/micro/tools/make
kernels=$(sed -n '/^MICROLITE_CC_KERNEL_SRCS := \\/,/^$/p' "$make_dir/sources.inc" |
  grep -o 'tensorflow/lite/micro/kernels/[A-Za-z0-9_/]*\.cc')
tests=$(sed -n '/^MICROLITE_TEST_SRCS := \\/,/^$/p' "$make_dir/sources.inc" |
  grep -o 'tensorflow/lite/micro/[A-Za-z0-9_/]*\.cc')
base=$( (ls tensorflow/lite/micro/*.cc tensorflow/lite/micro/arena_allocator/*.cc \
           tensorflow/lite/micro/memory_planner/*.cc tensorflow/lite/micro/tflite_bridge/*.cc
         find tensorflow -type d \( -path tensorflow/lite/experimental -o -path tensorflow/lite/micro \) -prune \
           -false -o -name '*.cc' -print | grep -v '^tensorflow/lite/array\.cc$') |
  grep -v -x -F "$tests" | grep -v 'benchmark\.cc$')

flags="-std=c++17 -O2 -ffp-contract=off -fno-rtti -fno-exceptions -fno-threadsafe-statics -fno-unwind-tables
  -fno-asynchronous-unwind-tables -ffunction-sections -fdata-sections -DTF_LITE_STATIC_MEMORY
  -DTF_LITE_DISABLE_X86_NEON -I$tflm -I$out/flatbuffers/include -I$gemmlowp -I$ruy"
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# shellcheck disable=SC2086
printf '%s\n' $base $kernels | sort -u |
  xargs -P "$jobs" -I{} sh -c 'o="$1/obj/$(echo "$2" | tr / _).o"; '"$cxx"' '"$(echo $flags)"' -c "$2" -o "$o"' \
    sh "$out" {}
# shellcheck disable=SC2086
"$cxx" $flags -o "$out/tflm_run" "$here/tflm_run.cc" "$out"/obj/*.o
echo "built $out/tflm_run"
