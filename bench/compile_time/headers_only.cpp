// Compile-time baseline: the library's headers and nothing else.
#include <cta/cta.hpp>
