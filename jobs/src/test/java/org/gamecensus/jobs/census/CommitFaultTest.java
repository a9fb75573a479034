package org.gamecensus.jobs.census;

import org.junit.jupiter.api.Test;

/** {@link CommitFaultSweep}'s sweeps for a plain census, in one task: every file-system call failing, and crashing. */
class CommitFaultTest extends CommitFaultSweep {

    @Test
    void aCensusFailingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() {
        sweep(PLAIN, FaultyFileSystem.Mode.ERROR);
    }

    @Test
    void aCensusCrashingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() {
        sweep(PLAIN, FaultyFileSystem.Mode.CRASH);
    }
}
