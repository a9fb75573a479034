package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Charts made and drawn under the defaults of locales that write numbers otherwise — a Unicode
 * minus (Swedish), other digits (Arabic, Persian), a grouping dot (German) — are the root locale's
 * bytes, SVG and PNG; and the caller's default locale is left as it was.
 */
class RootLocaleTest {

    private static final Locale BEFORE = Locale.getDefault();

    @AfterEach
    void restore() {
        Locale.setDefault(BEFORE);
    }

    /** Bars up to two million (grouped tick labels) and lines through negative values. */
    private static List<Picture> charts() {
        final Map<String, Number> bars = new LinkedHashMap<>();
        bars.put("K5", 1_234_567);
        bars.put("K6", 2_000_000);
        bars.put("K7", 12.5);
        final Map<Integer, Number> line = new LinkedHashMap<>();
        line.put(-3, -1.75);
        line.put(0, 0.5);
        line.put(4, -2500.25);
        return List.of(
                Charts.bars("subgraphs", "host", "count", Map.of("all", bars), false),
                Charts.numericLines("share", "stones", "per cent", Map.of("ratio", line)));
    }

    private static List<String> svgs() {
        return charts().stream().map(Picture::svg).toList();
    }

    private static List<Integer> pngHashes() {
        return charts().stream().map(p -> Arrays.hashCode(p.png())).toList();
    }

    @Test
    void aChartIsTheSameBytesWhateverTheDefaultLocale() {
        Locale.setDefault(Locale.ROOT);
        final List<String> svg = svgs();
        final List<Integer> png = pngHashes();
        Assertions.assertTrue(
                Pattern.compile(">-\\d").matcher(svg.get(1)).find(),
                "a negative tick label in the root locale's drawing");
        Assertions.assertTrue(Pattern.compile(">1,000,000<").matcher(svg.get(0)).find(), "a grouped tick label");
        Assertions.assertFalse(svg.get(1).contains("\u2212"), "no Unicode minus");
        for (Locale l : List.of(
                Locale.forLanguageTag("sv-SE"),
                Locale.forLanguageTag("ar-EG"),
                Locale.forLanguageTag("fa-IR"),
                Locale.GERMANY,
                Locale.FRANCE)) {
            Locale.setDefault(l);
            assertEquals(svg, svgs(), "SVG under " + l);
            assertEquals(png, pngHashes(), "PNG under " + l);
            assertEquals(l, Locale.getDefault(), "the default restored");
            assertEquals(l, Locale.getDefault(Locale.Category.FORMAT), "the format default restored");
        }
    }
}
