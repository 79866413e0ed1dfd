#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# Writes tables.txt: for each quantization below and each form of GELU (0: erfc, 1: approximate, tanh), one line of
# the case (input scale bits, input zero point, output scale bits, output zero point, approximate) and the 256
# outputs for the inputs -128 to 127, as gelu_run (README.md) computes them.
#
#     sh tables.sh path/to/gelu_run
set -eu
if [ $# -ne 1 ]; then
  echo "usage: sh tables.sh path/to/gelu_run" >&2
  exit 2
fi
run=$1
here=$(cd "$(dirname "$0")" && pwd)
# input scale, input zero point, output scale, output zero point (scales by their float bits): 1/16 and 0.0318,
# 0.05 and 0.025, 0.1 and 0.05, 0.02 and 0.011.
cases="0x3d800000 0 0x3d0240b8 -123
0x3d4ccccd 10 0x3ccccccd -121
0x3dcccccd -20 0x3d4ccccd -125
0x3ca3d70a -5 0x3c343958 -111"
: > "$here/tables.txt"
echo "$cases" | while read -r input_scale input_zero output_scale output_zero; do
  for approximate in 0 1; do
    printf '%s %s %s %s %s %s\n' "$input_scale" "$input_zero" "$output_scale" "$output_zero" "$approximate" \
      "$("$run" "$input_scale" "$input_zero" "$output_scale" "$output_zero" "$approximate")" >> "$here/tables.txt"
  done
done
echo "wrote tables.txt ($(wc -l < "$here/tables.txt") lines)"
