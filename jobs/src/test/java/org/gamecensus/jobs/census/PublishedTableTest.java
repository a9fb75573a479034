package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PublishedTableTest {

    @TempDir
    Path dir;

    @Test
    void writesMarkdownAndQuotedCsv() throws Exception {
        final PublishedTable t = new PublishedTable(
                "demo",
                "Demo",
                List.of("name", "note"),
                List.of(List.of("a", "x, y"), List.of("b|c", "say \"hi\"")),
                List.of("A note."));
        t.writeTo(dir);
        assertEquals("name,note\na,\"x, y\"\nb|c,\"say \"\"hi\"\"\"\n", Files.readString(dir.resolve("demo.csv")));
        final String md = Files.readString(dir.resolve("demo.md"));
        assertTrue(md.startsWith("# Demo\n\n| name | note |\n|---|---|\n| a | x, y |\n| b\\|c |"), md);
        assertTrue(md.endsWith("\nA note.\n"), md);
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary files left behind");
        }
    }

    @Test
    void nullIsAnEmptyCsvFieldAndAnEmDashToReaders() throws Exception {
        final PublishedTable t = new PublishedTable(
                "kinds",
                "Kinds",
                List.of("none", "empty", "dash", "cr"),
                List.of(Arrays.asList(null, "", "—", "a\rb")),
                List.of());
        t.writeTo(dir);
        assertEquals("none,empty,dash,cr\n,\"\",—,\"a\rb\"\n", Files.readString(dir.resolve("kinds.csv")));
        assertTrue(Files.readString(dir.resolve("kinds.md")).contains("\n| — |  | — | a\rb |\n"));
        assertNull(t.rows().get(0).get(0), "the row keeps NULL as null");
        assertEquals("—", PublishedTable.shown(t.rows().get(0).get(0)));
    }
}
