package org.gamecensus.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.bench.CensusBench;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.schemas.DatasetSchema;
import org.junit.jupiter.api.Test;
import picocli.AutoComplete;
import picocli.CommandLine.Model.OptionSpec;

/** The help and the completion script are made from the declared options and the registry, so they cannot drift. */
class CensusHelpTest {

    @Test
    void runsHelpNamesEveryCensusOfTheRegistry() {
        final CliRun r = CliRun.census("run", "--help");
        assertEquals(0, r.code(), r.err());
        for (Census c : Censuses.ALL) {
            assertTrue(r.out().contains("  " + c.name() + " "), c.name() + " in: " + r.out());
        }
    }

    @Test
    void eachCensusesHelpNamesEveryOptionItTakes() {
        for (Census c : Censuses.ALL) {
            final CliRun r = CliRun.census("run", c.name(), "--help");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().startsWith("usage: census run " + c.name()), r.out());
            for (OptionSpec o : CensusCli.commandLine()
                    .getSubcommands()
                    .get("run")
                    .getSubcommands()
                    .get(c.name())
                    .getCommandSpec()
                    .options()) {
                assertTrue(r.out().contains(o.longestName()), o.longestName() + " in: " + r.out());
            }
            // The options every run shares, from one declaration.
            for (String shared :
                    new String[] {"--out", "--warehouse", "--master", "--profile", "--partitions", "--replace"}) {
                assertTrue(r.out().contains(shared), shared + " in: " + r.out());
            }
        }
        assertTrue(CliRun.census("run", "hex", "--help").out().contains("--solve"));
        assertTrue(CliRun.census("run", "cram", "--help").out().contains("--chunks"));
    }

    @Test
    void sqlsHelpNamesEveryView() {
        final CliRun r = CliRun.census("sql", "--help");
        assertEquals(0, r.code(), r.err());
        assertTrue(
                Censuses.schemas().size() >= 11,
                "every table of every census: " + Censuses.schemas().size());
        for (DatasetSchema s : Censuses.schemas()) {
            assertTrue(r.out().contains(s.table()), s.table() + " in: " + r.out());
        }
    }

    @Test
    void benchsHelpHasASizeOptionForEveryBenchedCensus() {
        final CliRun r = CliRun.census("bench", "--help");
        for (Census c : Censuses.benched()) {
            assertTrue(
                    r.out()
                            .contains(
                                    c.benchSize().option() + "=" + c.benchSize().label()),
                    c.name() + " in: " + r.out());
        }
        assertEquals(
                CensusBench.known(),
                Censuses.benched().stream().map(Census::name).toList());
    }

    @Test
    void theRootsHelpListsTheCommandsAndTheExitCodes() {
        final CliRun r = CliRun.census("--help");
        for (String command : new String[] {"run", "decide", "sql", "publish", "verify", "bench"}) {
            assertTrue(r.out().contains("  " + command + " "), command + " in: " + r.out());
        }
        assertTrue(r.out().contains("2 bad input"), r.out());
        assertEquals(r.out(), CliRun.census("help").out(), "census help is census --help");
    }

    /** bin/census-completion.bash is what picocli makes of the command tree today. */
    @Test
    void theCompletionScriptInTheRepositoryIsUpToDate() throws Exception {
        final Path script = Path.of("..", "bin", "census-completion.bash");
        final CliRun generated = CliRun.census("generate-completion");
        assertEquals(0, generated.code(), generated.err());
        assertEquals(
                generated.out(),
                Files.readString(script, StandardCharsets.UTF_8),
                "regenerate it: bin/census generate-completion > bin/census-completion.bash");
        // What picocli makes of the whole command tree: every command and option completes.
        assertEquals(
                AutoComplete.bash("census", CensusCli.commandLine()).strip(),
                generated.out().strip());
        for (String word :
                new String[] {"switching", "hackenbush", "--max-squares", "--solve", "--repair", "--baseline"}) {
            assertTrue(generated.out().contains(word), word);
        }
    }
}
