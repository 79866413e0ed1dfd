# SPDX-License-Identifier: BSL-1.0
# Doxygen's input filter (docs/Doxyfile.in), which shows Doxygen the declarations it cannot read as written. Lines are
# neither added nor removed, so Doxygen's messages give the header's line numbers.
# - Within BOOST_HANA_DEFINE_STRUCT(name, (T, member), ...), the line that opens the macro becomes empty and each line
#   `(T, member),` becomes `T member;`, with the comments between them kept, so that the members of the records of
#   steps are documented as members.
# - The operation tags of namespace cta::op are declared and never defined (struct add;), and Doxygen documents no
#   class without a definition: each is shown as defined (struct add {};).
/BOOST_HANA_DEFINE_STRUCT\(/,/\)\);[[:space:]]*$/ {
  s/BOOST_HANA_DEFINE_STRUCT\([A-Za-z_0-9]+,[[:space:]]*$//
  s/^([[:space:]]*)\((.*), ([A-Za-z_][A-Za-z_0-9]*)\)\)?[,;][[:space:]]*$/\1\2 \3;/
}
/^namespace op \{/,/^\}  \/\/ namespace op/ {
  s/^struct ([A-Za-z_][A-Za-z_0-9]*);/struct \1 {};/
}
