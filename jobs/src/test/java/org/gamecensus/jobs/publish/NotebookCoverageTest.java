package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.gamecensus.jobs.Censuses;
import org.junit.jupiter.api.Test;

/**
 * Every census of the registry has a notebook that shows it ({@code nb.overview("NAME")}), and no
 * notebook shows a census the registry lacks: adding a census means adding it to a notebook. Each
 * notebook is valid nbformat 4.5 in the one way copying cells breaks it: its cells' ids are unique.
 */
class NotebookCoverageTest {

    private static final Pattern OVERVIEW = Pattern.compile("nb\\.overview\\(\\\\\"([a-z0-9]+)\\\\\"\\)");

    @Test
    void everyCensusOfTheRegistryIsShownByANotebook() throws Exception {
        final List<String> shown = new ArrayList<>();
        for (Path nb : notebooks()) {
            final Matcher m = OVERVIEW.matcher(Files.readString(nb, StandardCharsets.UTF_8));
            while (m.find()) {
                shown.add(m.group(1));
            }
        }
        assertTrue(shown.containsAll(Censuses.names()), "shown " + shown + ", registered " + Censuses.names());
        assertEquals(
                Censuses.names().size(), shown.size(), "each census once, and none outside the registry: " + shown);
    }

    @Test
    void eachNotebooksCellsHaveIdsOfTheirOwn() throws Exception {
        for (Path nb : notebooks()) {
            final List<String> ids = new ArrayList<>();
            for (JsonNode cell : new ObjectMapper().readTree(nb.toFile()).get("cells")) {
                assertTrue(cell.hasNonNull("id"), nb + ": a cell without an id: " + cell);
                ids.add(cell.get("id").asText());
            }
            assertEquals(ids.size(), Set.copyOf(ids).size(), nb + ": cell ids repeat in " + ids);
        }
    }

    /** The project's notebooks, by name. */
    private static List<Path> notebooks() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "notebooks"))) {
            return files.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList();
        }
    }
}
