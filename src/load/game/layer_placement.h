// layer_placement: a layer's placement keys (name, anchor, inset, grow) and a stack's
// own (direction, gap, padding, align), read and checked where they are written: an
// anchor with x or y, a child of a stack that places itself, a child with no size.
#pragma once
#include <string>

#include "base/diag.h"
#include "load/schema/schema.h"
#include "model/model.h"

namespace cardstock::loading {

/// Reads the placement keys of `l` from `r`; `stack` is the stack `l` is a child of
/// (null: on the card). Problems are errors at the key.
void read_placement(const Reader& r, const Layer* stack, Layer* l, Diagnostics& d);

/// Reads a stack's own keys into `l`.
void read_stack_keys(const Reader& r, Layer* l);

}  // namespace cardstock::loading
