package org.gamecensus.jobs.census;

import java.util.regex.Pattern;

/**
 * A whole number as the command line and the profiles write it: ASCII digits, {@code _} allowed
 * between them, an optional leading {@code -}. Not {@link Long#parseLong} alone, which also takes
 * a {@code +} and the digits of every script ({@code ４}, {@code ٣}).
 */
public final class WholeNumber {

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]+(_[0-9]+)*");

    private WholeNumber() {}

    /**
     * The value of {@code text}.
     *
     * @throws NumberFormatException when {@code text} is not such a number, or lies outside a long
     */
    public static long parse(String text) {
        if (!WHOLE.matcher(text).matches()) {
            throw new NumberFormatException("not a whole number: '" + text + "'");
        }
        return Long.parseLong(text.replace("_", ""));
    }
}
