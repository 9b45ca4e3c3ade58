#include "common/signals.h"

#include <csignal>

namespace cli {

namespace {
volatile std::sig_atomic_t gSignal = 0;

extern "C" void onCommonStopSignal(int sig) { gSignal = sig; }
}  // namespace

void onStopSignals(void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

void catchStopSignals() { onStopSignals(onCommonStopSignal); }

bool stopRequested() { return gSignal != 0; }

const char* stopSignalName() {
  if (gSignal == SIGINT) return "SIGINT";
  if (gSignal == SIGTERM) return "SIGTERM";
  return "";
}

void clearStopRequest() { gSignal = 0; }

}  // namespace cli
