# Sourced by the match scripts (match_signal.sh, match_writes.sh), which
# define fail().
# ends PID: waits up to 5 s for PID to end; its exit code, or fails.
ends() {
  local pid=$1 i
  for i in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid"
    fail "still running 5 s after the signal"
  fi
  wait "$pid"
}
