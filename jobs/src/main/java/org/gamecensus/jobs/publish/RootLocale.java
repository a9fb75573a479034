package org.gamecensus.jobs.publish;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Runs figure code in the root locale. JFreeChart's tick labels and JFreeSVG's coordinates are
 * formatted in the JVM's default locale, with no way to name another: under Swedish defaults a
 * path's minus sign is U+2212 (an SVG no browser draws), under Arabic every digit is another
 * character, under German an axis reads 1.000.000. Charts are built and pictures painted with the
 * default set to {@link Locale#ROOT}, and the caller's default is restored after.
 */
final class RootLocale {

    private RootLocale() {}

    /**
     * {@code work}'s result, computed with every default locale category set to the root locale:
     * at once when they are (as the CLI sets them), else one caller at a time, so that no caller
     * restores a default another has set.
     */
    static <T> T call(Supplier<T> work) {
        if (Locale.getDefault().equals(Locale.ROOT)
                && Locale.getDefault(Locale.Category.FORMAT).equals(Locale.ROOT)
                && Locale.getDefault(Locale.Category.DISPLAY).equals(Locale.ROOT)) {
            return work.get();
        }
        return pinned(work);
    }

    private static synchronized <T> T pinned(Supplier<T> work) {
        final Locale all = Locale.getDefault();
        final Locale format = Locale.getDefault(Locale.Category.FORMAT);
        final Locale display = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(Locale.ROOT);
        try {
            return work.get();
        } finally {
            Locale.setDefault(all);
            Locale.setDefault(Locale.Category.FORMAT, format);
            Locale.setDefault(Locale.Category.DISPLAY, display);
        }
    }
}
