package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A publication's files replace the earlier ones as a set, or not at all. */
class PublicationTest {

    @TempDir
    Path out;

    private void write(String file, String text) throws Exception {
        Files.createDirectories(out.resolve(file).getParent());
        Files.writeString(out.resolve(file), text);
    }

    private List<String> leftovers() throws Exception {
        try (var s = Files.list(out)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(Publication.PREFIX))
                    .toList();
        }
    }

    @Test
    void aCommitMovesEveryFileInAndRemovesOnlyTheReplacedOnesNotWritten() throws Exception {
        write("tables/cram_old.md", "old");
        write("tables/cram_gone.md", "gone");
        write("tables/hex_other.md", "other");
        write("notes.txt", "the user's");
        try (Publication p = Publication.open(out)) {
            Files.createDirectories(p.dir().resolve("tables"));
            Files.writeString(p.dir().resolve("tables/cram_old.md"), "new");
            Files.writeString(p.dir().resolve("tables/cram_new.md"), "new");
            // Nothing moves before the commit.
            assertEquals("old", Files.readString(out.resolve("tables/cram_old.md")));
            Assertions.assertFalse(Files.exists(out.resolve("tables/cram_new.md")));
            p.commit(f -> f.startsWith("tables/cram_"));
        }
        assertEquals(List.of("cram_new.md", "cram_old.md", "hex_other.md"), Publication.files(out.resolve("tables")));
        assertEquals("new", Files.readString(out.resolve("tables/cram_old.md")));
        assertEquals("the user's", Files.readString(out.resolve("notes.txt")));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aPublicationClosedUncommittedChangesNothing() throws Exception {
        write("index.html", "the earlier page");
        try (Publication p = Publication.open(out)) {
            Files.writeString(p.dir().resolve("index.html"), "a page half made");
        }
        assertEquals("the earlier page", Files.readString(out.resolve("index.html")));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aLiveProcesssStagingIsLeftAloneAndADeadOnesIsDealtWith() throws Exception {
        final long parent = ProcessHandle.current().parent().orElseThrow().pid();
        write(Publication.PREFIX + parent + "-live/index.html", "another command's, still running");
        write(Publication.PREFIX + "0-dead/index.html", "a killed command's, never ready");
        write(Publication.PREFIX + "0-ready/figures/f.svg", "a killed command's, ready");
        write(Publication.PREFIX + "0-ready/" + Publication.READY, "figures/stale.svg\nfigures/never-there.svg");
        write("figures/stale.svg", "stale");
        Publication.recover(out);
        assertEquals(List.of(Publication.PREFIX + parent + "-live"), leftovers());
        assertEquals(List.of("f.svg"), Publication.files(out.resolve("figures")));
        Assertions.assertFalse(Files.exists(out.resolve("index.html")));
    }
}
