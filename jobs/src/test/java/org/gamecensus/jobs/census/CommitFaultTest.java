package org.gamecensus.jobs.census;

/** {@link CommitFaultSweep}'s two sweeps for a plain census, in one task. */
class CommitFaultTest extends CommitFaultSweep {

    @Override
    Census census() {
        return PLAIN;
    }
}
