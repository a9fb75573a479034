package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.gamecensus.jobs.Censuses;
import org.junit.jupiter.api.Test;

/**
 * Every census of the registry has a notebook that shows it ({@code nb.overview("NAME")}), and no
 * notebook shows a census the registry lacks: adding a census means adding it to a notebook.
 */
class NotebookCoverageTest {

    private static final Pattern OVERVIEW = Pattern.compile("nb\\.overview\\(\\\\\"([a-z0-9]+)\\\\\"\\)");

    @Test
    void everyCensusOfTheRegistryIsShownByANotebook() throws Exception {
        final List<String> shown = new ArrayList<>();
        try (Stream<Path> notebooks = Files.list(Path.of("..", "notebooks"))) {
            for (Path nb : notebooks
                    .filter(p -> p.toString().endsWith(".ipynb"))
                    .sorted()
                    .toList()) {
                final Matcher m = OVERVIEW.matcher(Files.readString(nb, StandardCharsets.UTF_8));
                while (m.find()) {
                    shown.add(m.group(1));
                }
            }
        }
        assertTrue(shown.containsAll(Censuses.names()), "shown " + shown + ", registered " + Censuses.names());
        assertEquals(
                Censuses.names().size(), shown.size(), "each census once, and none outside the registry: " + shown);
    }
}
