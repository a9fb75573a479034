package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SwitchingHostsTest {

    @ParameterizedTest
    @CsvSource({
        "K4,4,6",
        "K5,5,10",
        "K8,8,28",
        "theta,5,6",
        "grid2x3,6,7",
        "path4,4,3",
        "bridgit:1,2,1",
        "bridgit:2,4,5",
        "bridgit:3,8,13",
        "bridgit:5,22,41",
        "grid1x2,2,1",
        "grid3x3,9,12",
        "grid2x5,10,13",
        "grid5x7,35,58",
        "grid6x6,36,60",
        "grid1x64,64,63",
        "path2,2,1",
        "path9,9,8",
        "path64,64,63",
        "C3,3,3",
        "C10,10,10",
        "C63,63,63",
        "theta:1,3,2",
        "theta:5,7,10",
        "theta:31,33,62"
    })
    void builtInHostsHaveTheirSizes(String name, int vertices, int links) {
        final SwitchingHost host = SwitchingHosts.resolve(name);
        assertEquals(vertices, host.vertexCount());
        assertEquals(links, host.linkCount());
        assertEquals(name, host.name());
    }

    @Test
    void theFamiliesContainTheEssaysExamplesUnderTheirOwnNames() {
        assertEquals(
                "0-1 1-2 3-4 4-5 0-3 1-4 2-5", SwitchingHosts.resolve("grid2x3").linksText());
        assertEquals(
                SwitchingHosts.grid2x3().linksText(), SwitchingHosts.grid(2, 3).linksText());
        assertEquals("0-1 1-2 2-3", SwitchingHosts.resolve("path4").linksText());
        assertEquals("0-2 2-1 0-3 3-1 0-4 4-1", SwitchingHosts.resolve("theta").linksText());
        // theta:3 is the essay's theta, under the one name, so both fill one partition.
        assertEquals("theta", SwitchingHosts.resolve("theta:3").name());
        assertEquals(
                SwitchingHosts.theta().linksText(),
                SwitchingHosts.resolve("theta:3").linksText());
    }

    @Test
    void familyMembersPutTheirMarksWhereTheNamesSay() {
        final SwitchingHost grid = SwitchingHosts.resolve("grid3x4");
        assertEquals(0, grid.s());
        assertEquals(11, grid.t());
        assertEquals("0-1 1-2 2-3 4-5 5-6 6-7 8-9 9-10 10-11 0-4 1-5 2-6 3-7 4-8 5-9 6-10 7-11", grid.linksText());
        final SwitchingHost path = SwitchingHosts.resolve("path6");
        assertEquals(0, path.s());
        assertEquals(5, path.t());
        final SwitchingHost c7 = SwitchingHosts.resolve("C7");
        assertEquals(0, c7.s());
        assertEquals(3, c7.t());
        assertEquals("0-1 1-2 2-3 3-4 4-5 5-6 6-0", c7.linksText());
        assertEquals(4, SwitchingHosts.resolve("C8").t());
    }

    /**
     * Whole-graph verdicts that follow from the marks: on a path or a theta every link Short
     * secures has a partner Cut deletes, so Cut wins whoever starts; a cycle with s and t opposite
     * is two routes of length two or more, as bad for Short; on C3 (t next to s) whoever starts
     * wins. Decided by the solver and by the criterion.
     */
    @ParameterizedTest
    @CsvSource({
        "path2,N",
        "path3,R",
        "path9,R",
        "theta:1,R",
        "theta:2,R",
        "theta:6,R",
        "C3,N",
        "C4,R",
        "C9,R",
        "grid1x2,N",
        "grid2x2,R",
        "grid2x3,R",
        "grid3x3,R"
    })
    void familyMembersHaveTheWholeGraphVerdictTheirShapeForces(String name, String outcome) {
        final SwitchingHost host = SwitchingHosts.resolve(name);
        final SwitchingGameSolver solver = new SwitchingGameSolver(host);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        final long all = host.allLinks();
        final boolean first = solver.shortWins(all, true);
        final boolean second = solver.shortWins(all, false);
        assertEquals(first, criterion.shortWinsMovingFirst(all), name + ": solver and criterion, Short first");
        assertEquals(second, criterion.shortWinsMovingSecond(all), name + ": solver and criterion, Short second");
        assertEquals(outcome, first ? (second ? "L" : "N") : (second ? "P" : "R"), name);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "grid7x7|84 links", "grid1x1|1 vertices", "grid0x3|out of range", "grid9x8|72 vertices",
                "path1|out of range", "path65|out of range", "C2|out of range", "C65|out of range",
                "theta:0|out of range", "theta:32|64 links", "grid99999999999x2|out of range"
            })
    void familyMembersTooSmallOrTooBigAreRefusedWithOneLine(String name, String message) {
        final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(name));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void anUnknownNameIsAnsweredWithTheFamiliesThatExist() {
        final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve("petersen"));
        for (String family : new String[] {"Kn", "theta:K", "gridRxC", "pathN", "Cn", "bridgit:N", "host file"}) {
            assertTrue(e.getMessage().contains(family), e.getMessage());
        }
    }

    @Test
    void k5LinksAreNumberedLexicographically() {
        assertEquals(
                "0-1 0-2 0-3 0-4 1-2 1-3 1-4 2-3 2-4 3-4",
                SwitchingHosts.complete(5).linksText());
    }

    @Test
    void hostFileIsParsed() {
        final SwitchingHost host = SwitchingHosts.parse(
                "diamond", List.of("# a diamond", "s a", "t b", "", "a x", "x b", "a y", "y b", "x y"), "test");
        assertEquals(4, host.vertexCount());
        assertEquals(5, host.linkCount());
        assertEquals(0, host.s());
        assertEquals(1, host.t());
        assertEquals("0-2 2-1 0-3 3-1 2-3", host.linksText());
        // '#' starts a comment anywhere on a line: after a mark or a link too.
        final SwitchingHost commented = SwitchingHosts.parse(
                "diamond",
                List.of("s a # the source", "t b#the sink", "a x", "x b # upper", "a y", "y b", "x y  # the bridge"),
                "test");
        assertEquals(host.linksText(), commented.linksText());
        assertEquals(host.vertexCount(), commented.vertexCount());
        final SwitchingHost marked =
                SwitchingHosts.parse("diamond", List.of("\uFEFFs a", "t b", "a x", "x b", "a y", "y b", "x y"), "test");
        assertEquals(host.linksText(), marked.linksText(), "a UTF-8 byte-order mark before the first line");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "s a;s b|must be followed by 't NAME'",
                "s a;t a|s and t are the same vertex",
                "a b|must start with the mark",
                "s a;t b;a a|is a loop",
                "s a;t b;a b c|expected",
                "s a;t b|no links",
                "s a|are missing"
            })
    void malformedHostFilesAreRejectedWithOneLine(String text, String message) {
        final IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SwitchingHosts.parse("bad", List.of(text.split(";")), "bad.txt"));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void aPathThatIsNoHostFileIsSaidToBeOne(@TempDir Path dir) {
        assertEquals(
                "host file '" + dir.resolve("none.txt") + "': no such file",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> SwitchingHosts.resolve(
                                        dir.resolve("none.txt").toString()))
                        .getMessage());
        assertEquals(
                "host file '" + dir + "': a directory, not a file",
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(dir.toString()))
                        .getMessage());
        assertTrue(
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve("nosuchhost"))
                        .getMessage()
                        .startsWith("unknown host 'nosuchhost'"),
                "a bare name is still an unknown host");
    }

    @ParameterizedTest
    @CsvSource({"K1", "K9", "bridgit:0", "bridgit:7", "K", "nosuchhost", "grid3", "gridx3", "theta:", "c5", "path"})
    void unknownOrOutOfRangeNamesAreRejected(String name) {
        assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(name));
    }

    /**
     * A host file's graph is named from the file and the graph: the same graph (however written)
     * the same name, another graph of the same file name another, and never a built-in name.
     */
    @Test
    void aHostFileIsNamedFromItsGraphAndNeverPassesForABuiltInHost(@TempDir Path dir) throws IOException {
        final Path a = Files.writeString(dir.resolve("diamond.txt"), "s s\nt t\ns a\na t\ns b\nb t\na b\n");
        final Path again = Files.createDirectories(dir.resolve("elsewhere")).resolve("diamond.host");
        Files.writeString(again, "# the same graph, other spacing\ns  s\nt t\n\ns a\na t\ns b\nb t\na b\n");
        final Path other = Files.createDirectories(dir.resolve("other")).resolve("diamond.txt");
        Files.writeString(other, "s s\nt t\ns a\na t\n");
        final SwitchingHost host = SwitchingHosts.resolve(a.toString());
        assertTrue(host.name().matches("diamond-[0-9a-f]{8}"), host.name());
        assertEquals(host.name(), SwitchingHosts.resolve(again.toString()).name(), "the same graph, the same name");
        final String otherName = SwitchingHosts.resolve(other.toString()).name();
        assertTrue(otherName.startsWith("diamond-") && !otherName.equals(host.name()), otherName);
        assertEquals(SwitchingHosts.graphDigest(host), host.name().substring("diamond-".length()));

        // Named like a built-in host: refused, unless named otherwise.
        final Path k5 = Files.writeString(dir.resolve("K5.txt"), "s a\nt b\na b\n");
        final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(k5.toString()));
        assertTrue(e.getMessage().contains("named like the built-in host K5"), e.getMessage());
        assertEquals(
                "one-link", SwitchingHosts.resolve(k5.toString(), "one-link").name());
        for (String builtIn : List.of("K5", "theta", "grid2x3", "bridgit:2", "C4", "path7", "K99")) {
            assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(a.toString(), builtIn), builtIn);
        }
        assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(a.toString(), "two words"));
        assertThrows(
                IllegalArgumentException.class,
                () -> SwitchingHosts.resolve("K5", "mine"),
                "a built-in host keeps its name");
    }

    @Test
    void aHostFileThatIsNotUtf8IsRefusedInOneLine(@TempDir Path dir) throws IOException {
        final Path latin1 = dir.resolve("caf\u00e9.txt");
        Files.write(latin1, "s caf\u00e9\nt b\ncaf\u00e9 b\n".getBytes(StandardCharsets.ISO_8859_1));
        final IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(latin1.toString()));
        assertTrue(e.getMessage().endsWith("is not UTF-8 text"), e.getMessage());
    }
}
