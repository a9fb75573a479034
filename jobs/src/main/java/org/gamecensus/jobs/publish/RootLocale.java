package org.gamecensus.jobs.publish;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Runs figure code in the root locale. JFreeChart's tick labels and JFreeSVG's coordinates are
 * formatted in the JVM's default locale, with no way to name another: under Swedish defaults a
 * path's minus sign is U+2212 (an SVG no browser draws), under Arabic every digit is another
 * character, under German an axis reads 1.000.000. Charts are built and pictures painted with the
 * default set to {@link Locale#ROOT}, and the caller's default is restored after; figures are made
 * on the driver's one thread.
 */
final class RootLocale {

    private RootLocale() {}

    /** {@code work}'s result, computed with every default locale category set to the root locale. */
    static <T> T call(Supplier<T> work) {
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
