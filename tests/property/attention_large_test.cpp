// SPDX-License-Identifier: BSL-1.0
// The attention variants against the long double reference on the larger shapes (shapes.hpp).
#include "attention_property.hpp"
#include "shapes.hpp"

CTA_PROPERTY_SHAPES_LARGE(CTA_PROPERTY_ATTENTION_TEST)
