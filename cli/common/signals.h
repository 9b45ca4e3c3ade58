// Stop requests for the long-running commands of both tools: SIGINT
// (Ctrl-C) and SIGTERM set a flag that the work polls at its safe points
// (between moves of a match, ...), so that it can stop within a second and
// keep what it has (a match's CSV and summary so far). The first signal
// resets the handler: a second one ends the process at once.
#pragma once

namespace cli {

// SIGINT and SIGTERM call `handler` (it asks the work under way to stop);
// the first signal resets the handler, so a second one kills at once. No
// SA_RESTART: nothing waits on a slow call.
void onStopSignals(void (*handler)(int));
// onStopSignals with this module's flag (stopRequested below).
void catchStopSignals();
// A stop was asked since catchStopSignals().
bool stopRequested();
// "SIGINT" or "SIGTERM": the signal that asked ("" when none did).
const char* stopSignalName();
// Forgets a request (tests).
void clearStopRequest();

}  // namespace cli
