package org.gamecensus.jobs.census;

import org.junit.jupiter.api.Test;

/** {@link CommitFaultSweep}'s sweeps for a census in two chunks: every file-system call failing, and crashing. */
class ChunkedCommitFaultTest extends CommitFaultSweep {

    @Test
    void aChunkedCensusFailingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() {
        sweep(CHUNKED, FaultyFileSystem.Mode.ERROR);
    }

    @Test
    void aChunkedCensusCrashingAtAnyCallLeavesItsTableOldOrNewAndARerunCompletesIt() {
        sweep(CHUNKED, FaultyFileSystem.Mode.CRASH);
    }
}
