// Every feature kind a rule module declares, for code that draws, prints or tests all of
// them (the editor, present/, tests). A module declares its kinds in its own header; the
// names and properties are rows of its kind table (engine/rules/registry.h).
#pragma once

#include "engine/content.h"
#include "engine/rules/castles.h"
#include "engine/rules/cemeteries.h"
#include "engine/rules/coop.h"
#include "engine/rules/discovery_regions.h"
#include "engine/rules/fog.h"
