// The rule modules' state: one plain struct per module, declared in its header beside its
// file (engine/rules/X.h), held by Game in this one flat aggregate. No heap of its own
// beyond the modules' vectors and no virtual calls, so a copy of a game (what the search
// does most) stays one member-wise copy.
#pragma once

#include "engine/rules/cemeteries.h"
#include "engine/rules/coop_ghosts.h"
#include "engine/rules/dogs.h"
#include "engine/rules/evaluation.h"
#include "engine/rules/face_down.h"
#include "engine/rules/fog.h"
#include "engine/rules/followers.h"
#include "engine/rules/gcc_ghosts.h"
#include "engine/rules/ghost_bank.h"
#include "engine/rules/guards.h"
#include "engine/rules/hands.h"
#include "engine/rules/score_markers.h"
#include "engine/rules/stacks.h"

namespace tw {

struct ModuleState {
  FollowersState followers;
  GuardsState guards;
  GhostBankState bank;
  GccGhostsState gcc_ghosts;
  HandsState hands;
  CoopGhostsState coop_ghosts;
  FogState fog;
  CemeteriesState cemeteries;
  EvaluationState evaluation;
  ScoreMarkersState markers;
  StacksState stacks;
  DogsState dogs;
  FaceDownState face_down;
};

}  // namespace tw
