#include "Callgrind.h"
#include "valgrind/callgrind.h"

int roost_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

// Not inlined (a C function called from Swift never is): each request is one marked
// instruction sequence valgrind recognises.
void roost_callgrind_collect_on(void) { CALLGRIND_TOGGLE_COLLECT; }

void roost_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }

void roost_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }

void roost_callgrind_collect_off_and_dump(const char *label) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
}
