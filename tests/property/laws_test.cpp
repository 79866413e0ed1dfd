// SPDX-License-Identifier: BSL-1.0
// Algebraic laws of the operations and of softmax on every shape (shapes.hpp).
#include "laws_property.hpp"
#include "shapes.hpp"

CTA_PROPERTY_SHAPES(CTA_PROPERTY_LAWS_TEST)
