package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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
                    .sorted()
                    .toList();
        }
    }

    /** A staging directory as a command that wrote it (its owner, {@code owner}) would leave it. */
    private void staging(String name, String owner, String ready, String file) throws Exception {
        write(Publication.PREFIX + name + "/" + file, name);
        if (owner != null) {
            write(Publication.PREFIX + name + "/" + Publication.OWNER, owner);
        }
        if (ready != null) {
            write(Publication.PREFIX + name + "/" + Publication.READY, ready);
        }
        Files.setLastModifiedTime(
                out.resolve(Publication.PREFIX + name), FileTime.fromMillis(System.currentTimeMillis() - 600_000));
    }

    @Test
    void aCommitMovesEveryFileInAndRemovesOnlyThePublishedFilesReplaced() throws Exception {
        write("tables/cram_old.md", "old");
        write("tables/cram_gone.md", "gone");
        write("tables/cram_notes.txt", "the user's, no table");
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
        assertEquals(
                List.of("cram_new.md", "cram_notes.txt", "cram_old.md", "hex_other.md"),
                Publication.files(out.resolve("tables")));
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

    /** A move that fails once ready (here a directory where a figure goes) is finished by the next command. */
    @Test
    void aMoveThatFailsIsFinishedByTheNextCommand() throws Exception {
        write("figures/a.svg/in-the-way", "a directory where the figure goes");
        write("figures/stale.svg", "stale");
        try (Publication p = Publication.open(out)) {
            Files.createDirectories(p.dir().resolve("figures"));
            Files.writeString(p.dir().resolve("figures/a.svg"), "new");
            Assertions.assertThrows(IllegalStateException.class, () -> p.commit(f -> true));
        }
        assertEquals(1, leftovers().size(), "the ready staging directory stays");
        Files.delete(out.resolve("figures/a.svg/in-the-way"));
        Files.delete(out.resolve("figures/a.svg"));
        Publication.open(out).close();
        assertEquals(List.of("a.svg"), Publication.files(out.resolve("figures")));
        assertEquals("new", Files.readString(out.resolve("figures/a.svg")));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aLiveOwnersStagingIsLeftAloneAndADeadOnesIsDealtWithOldestFirst() throws Exception {
        final ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        final String live = "host=" + WarehouseRun.HOST + "\npid=" + parent.pid() + "\npid_start="
                + WarehouseRun.startOf(parent) + "\n";
        final String restarted = "host=" + WarehouseRun.HOST + "\npid=" + parent.pid() + "\npid_start=earlier\n";
        staging("0000000000001-live", live, "figures/f.svg", "index.html");
        staging("0000000000002-dead", restarted, null, "index.html");
        staging("0000000000003-ready", restarted, "figures/stale.svg\n../escape.txt", "figures/f.svg");
        staging("0000000000004-later", null, "", "figures/f.svg");
        write("figures/stale.svg", "stale");
        write("escape.txt", "outside the published files");
        Publication.recover(out);
        assertEquals(List.of(Publication.PREFIX + "0000000000001-live"), leftovers());
        assertEquals(List.of("f.svg"), Publication.files(out.resolve("figures")));
        assertEquals("0000000000004-later", Files.readString(out.resolve("figures/f.svg")), "the later move last");
        Assertions.assertFalse(Files.exists(out.resolve("index.html")), "a staging never ready moves nothing");
        Assertions.assertTrue(Files.exists(out.resolve("escape.txt")), "only published files are removed");
    }
}
