#!/bin/sh
# SPDX-License-Identifier: BSL-1.0
# Writes tests/tflite/tflm/outputs/<model>.txt: what TensorFlow Lite Micro (tflm_run, build.sh) computes for each
# line of inputs/<model>.txt with tests/tflite/models/<model>.tflite (or tests/tflite/blocks/<model>.tflite).
#
#     sh outputs.sh path/to/tflm_run
set -eu
if [ $# -ne 1 ]; then
  echo "usage: sh outputs.sh path/to/tflm_run" >&2
  exit 2
fi
run=$1
here=$(cd "$(dirname "$0")" && pwd)
models="$here/../models"
blocks="$here/../blocks"
mkdir -p "$here/outputs"
for input in "$here"/inputs/*.txt; do
  model=$(basename "$input" .txt)
  file="$models/$model.tflite"
  [ -f "$file" ] || file="$blocks/$model.tflite"
  "$run" "$file" < "$input" > "$here/outputs/$model.txt"
  echo "wrote outputs/$model.txt ($(wc -l < "$here/outputs/$model.txt") lines)"
done
