// Stop requests for the long-running commands of both tools: SIGINT
// (Ctrl-C) and SIGTERM set a flag that the work polls at its safe points
// (between moves of a match, ...), so that it can stop within a second and
// keep what it has (a match's CSV and summary so far). The first signal
// resets the handler: a second one ends the process at once.
#pragma once

namespace cli {

// Installs the handler for SIGINT and SIGTERM (no SA_RESTART: nothing
// waits on a slow call).
void catchStopSignals();
// A stop was asked since catchStopSignals().
bool stopRequested();
// "SIGINT" or "SIGTERM": the signal that asked ("" when none did).
const char* stopSignalName();
// Forgets a request (tests).
void clearStopRequest();

}  // namespace cli
