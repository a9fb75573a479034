package org.gamecensus.jobs.census;

/** {@link CommitFaultSweep}'s two sweeps for a census in two chunks. */
class ChunkedCommitFaultTest extends CommitFaultSweep {

    @Override
    Census census() {
        return CHUNKED;
    }
}
