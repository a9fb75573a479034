package org.gamecensus.jobs.census;

/**
 * A census whose two computations disagree, or whose invariants fail: exit code 1, and no
 * dataset or table of that run is published.
 */
public final class CensusFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CensusFailure(String message) {
        super(message);
    }
}
