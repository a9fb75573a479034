package org.gamecensus.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** bin/census's compiler directives parse, and HotSpot takes them. */
class CompilerDirectivesTest {

    @Test
    void theLaunchersDirectivesAreAdded() {
        final String file =
                Path.of("..", "bin", "lib", "compiler-directives.json").toString();
        assertEquals("1 compiler directives added", CompilerDirectives.add(file).strip());
    }
}
