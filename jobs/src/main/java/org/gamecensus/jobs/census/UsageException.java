package org.gamecensus.jobs.census;

/** Bad input from the user: reported as one line on stderr with exit code 2, nothing written. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
