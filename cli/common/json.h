// The tools' JSON writer is the project's one (engine/text/json.h), named
// here in namespace cli as every --json of `nugget` and `games` uses it.
#pragma once
#include "text/json.h"

namespace cli {

using text::Json;
using text::jsonEscape;

}  // namespace cli
