package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SwitchingHostsTest {

    @ParameterizedTest
    @CsvSource({"K4,4,6", "K5,5,10", "K8,8,28", "theta,5,6", "grid2x3,6,7", "path4,4,3",
            "bridgit:1,2,1", "bridgit:2,4,5", "bridgit:3,8,13", "bridgit:5,22,41"})
    void builtInHostsHaveTheirSizes(String name, int vertices, int links) {
        final SwitchingHost host = SwitchingHosts.resolve(name);
        assertEquals(vertices, host.vertexCount());
        assertEquals(links, host.linkCount());
        assertEquals(name, host.name());
    }

    @Test
    void k5LinksAreNumberedLexicographically() {
        assertEquals("0-1 0-2 0-3 0-4 1-2 1-3 1-4 2-3 2-4 3-4", SwitchingHosts.complete(5).linksText());
    }

    @Test
    void hostFileIsParsed() {
        final SwitchingHost host = SwitchingHosts.parse("diamond",
                List.of("# a diamond", "s a", "t b", "", "a x", "x b", "a y", "y b", "x y"), "test");
        assertEquals(4, host.vertexCount());
        assertEquals(5, host.linkCount());
        assertEquals(0, host.s());
        assertEquals(1, host.t());
        assertEquals("0-2 2-1 0-3 3-1 2-3", host.linksText());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "s a;s b|must be followed by 't NAME'",
            "s a;t a|s and t are the same vertex",
            "a b|must start with the mark",
            "s a;t b;a a|is a loop",
            "s a;t b;a b c|expected",
            "s a;t b|no links",
            "s a|are missing"})
    void malformedHostFilesAreRejectedWithOneLine(String text, String message) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SwitchingHosts.parse("bad", List.of(text.split(";")), "bad.txt"));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @ParameterizedTest
    @CsvSource({"K1", "K9", "bridgit:0", "bridgit:7", "K", "nosuchhost"})
    void unknownOrOutOfRangeNamesAreRejected(String name) {
        assertThrows(IllegalArgumentException.class, () -> SwitchingHosts.resolve(name));
    }
}
