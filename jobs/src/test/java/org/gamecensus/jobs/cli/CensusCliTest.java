package org.gamecensus.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The command line, in process: exit codes, one-line messages, and nothing written on bad input. */
class CensusCliTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private static CliRun census(String... args) {
        return CliRun.census(args);
    }

    private String file(String name, String text) throws Exception {
        final Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown host|run switching --host nosuchhost|unknown host 'nosuchhost'",
                "K9 out of range|run switching --host K9|out of range",
                "K8 too large|run switching --host K8|over the limit",
                "grid family member over a host's links|run switching --host grid7x7|84 links; a host has at most 63",
                "grid5x5's 2^40 subgraphs|run switching --host grid5x5|over the limit",
                "whole-host decision of a too-big theta|decide switching --host theta:40|80 links",
                "decide hex openings neither yes nor no|decide hex --board 3x3 --openings some|--openings must be yes or no",
                "openings are Hex's|decide switching --host K4 --openings yes|does not apply to the switching census",
                "Bridg-It 5x6 too large|run switching --host bridgit:5|2199023255552 subgraphs",
                "unknown option|run switching --colour blue|unknown option --colour",
                "option without value|run switching --host|needs a value",
                "unknown census|run nosuchgame|unknown census 'nosuchgame'",
                "no census|run|needs a census name",
                "unknown command|frobnicate|unknown command 'frobnicate'",
                "no command||no command given",
                "bad partitions|run switching --partitions zero|whole number",
                "bad max-subgraphs|run switching --max-subgraphs -3|must be",
                "bad format|sql --format xml SELECT~1|--format must be csv or table",
                "sql without warehouse|sql SELECT~1|no warehouse",
                "decide without host|decide switching|needs --host",
                "unknown profile|run switching --profile nosuch|unknown profile",
                "cram size zero|run cram --max-squares 0|--max-squares must be 1..16",
                "cram size too large|run cram --max-squares 17|--max-squares must be 1..16",
                "cram size not a number|run cram --max-squares eight|whole number",
                "host with cram|run cram --host K5|does not apply to the cram census",
                "squares with switching|run switching --max-squares 8|does not apply to the switching census",
                "hex without board|run hex|needs --board",
                "hex board 0x3|run hex --board 0x3|1 to 25 cells",
                "hex board beyond the table|run hex --board 5x5 --solve table|at most 16 cells",
                "hex board beyond the layers' limit|run hex --board 5x5|over the limit of 200,000,000; raise hex.max-placements",
                "hex solve malformed|run hex --board 3x3 --solve guess|--solve must be table or layers",
                "hex sample by layers|run hex --board 3x3 --sample 10 --solve layers|does not take --solve layers",
                "solve with cram|run cram --solve layers|does not apply to the cram census",
                "chunks with hackenbush|run hackenbush --chunks 3|does not apply to the hackenbush census",
                "chunks with a hex sample|run hex --board 3x3 --sample 10 --chunks 2|--chunks goes with the table solve",
                "chunks beyond the slices|run switching --host K4 --chunks 100|--chunks must be 1..64",
                "chunks zero|run switching --host K4 --chunks 0|must be",
                "hex board malformed|run hex --board three|a board is RxC",
                "hex first malformed|run hex --board 3x3 --first sideways|a side is down or across",
                "hex seed without sample|run hex --board 3x3 --seed 5|--seed goes with --sample",
                "hex sample zero|run hex --board 3x3 --sample 0|must be",
                "lumberjack edges negative|run lumberjack --max-edges -1|--max-edges must be 0..20",
                "lumberjack edges too many|run lumberjack --max-edges 21|--max-edges must be 0..20",
                "lumberjack with a board|run lumberjack --board 3x3|does not apply to the lumberjack census",
                "hackenbush vertices zero|run hackenbush --max-vertices 0|--max-vertices must be 1..6",
                "hackenbush edges too many|run hackenbush --max-edges 13|--max-edges must be 0..12",
                "vertices with lumberjack|run lumberjack --max-vertices 3|does not apply to the lumberjack census",
                "bench unknown census|bench --censuses nosuch|unknown census 'nosuch' for 'bench'",
                "bench repeat zero|bench --repeat 0|must be 1..100",
                "bench negative warm-up|bench --warm-up -1|--warm-up must be 0..100",
                "bench warm-up seconds|bench --warm-up-seconds 3601|--warm-up-seconds must be 0..3600",
                "bench tolerance alone|bench --tolerance 10|--tolerance needs --baseline",
                "bench missing baseline|bench --baseline /nonexistent/report.csv|--baseline /nonexistent/report.csv: cannot read it",
                "bench baseline not a csv|bench --baseline pom.xml|--baseline pom.xml: not a bench report.csv",
                "bench negative tolerance|bench --baseline pom.xml --tolerance -5|--tolerance must be 0..1000",
                "bench master twice|bench --masters local[1],local[1]|--masters takes distinct master URLs",
                "bench empty master|bench --masters local[1],|--masters takes distinct master URLs",
                "bench bad master|bench --masters local[1],foo|--masters foo: not a Spark master URL",
                "bench warehouse a file|bench --warehouse pom.xml|--warehouse pom.xml is a file, not a directory",
                "run bad master|run lumberjack --master foo|--master foo: not a Spark master URL",
                "run no threads|run cram --master local[0]|--master local[0]: not a Spark master URL",
                "run hex bad master|run hex --board 2x2 --master localhost|--master localhost: not a Spark master URL",
                "verify without warehouse|verify|no warehouse",
                "verify extra word|verify now|unexpected argument 'now'",
                "verify unknown option|verify --colour blue|unknown option --colour",
                "decide unknown option|decide switching --host K4 --colour blue|unknown option --colour",
                "decide hex without board|decide hex|needs --board",
                "decide hex bad board|decide hex --board 3by3|a board is RxC",
                "decide unknown census|decide cram|unknown census 'cram' for 'decide'",
                "sql two queries|sql SELECT~1 SELECT~2|exactly one query",
                "publish extra word|publish now|unexpected argument 'now'",
                "publish bad partitions|publish --partitions -1|must be",
                "publish unknown option|publish --host K5|unknown option --host",
                "bench unknown option|bench --first down|unknown option --first",
                "bench size of a census left out|bench --censuses cram,lumberjack --board 3x4|--board sizes the hex census, which --censuses cram,lumberjack leaves out",
                "bench cram too large|bench --censuses cram --max-squares 17|--max-squares must be 1..16",
                "bench hex board beyond the table|bench --censuses hex --board 5x5|has 25 cells; the table solve",
                "bench unknown host|bench --censuses switching --host K9|host 'K9': size 9 out of range 2..8",
                "bench over a profile's limit|bench --censuses lumberjack --max-edges 10 --profile tiny|about 3,047 trees, over the limit of 1,000; raise lumberjack.max-trees",
                "switching over a profile's limit|run switching --host K5 --profile tiny|over the limit of 100",
                "cram over a profile's limit|run cram --max-squares 8 --profile tiny|about 1,028 shapes, over the limit of 100; raise cram.max-shapes",
                "lumberjack over a profile's limit|run lumberjack --max-edges 10 --profile tiny|about 3,047 trees, over the limit of 1,000; raise lumberjack.max-trees",
                "hex table over a profile's limit|run hex --board 3x3 --solve table --profile tiny|about 19,683 table entries (3^9), over the limit of 1,000; raise hex.max-table-entries",
                "hex layers over a profile's limit|run hex --board 3x3 --profile tiny|stone placements, over the limit of 1,000; raise hex.max-placements",
                "hackenbush over a profile's limit|run hackenbush --profile tiny|over the limit of 100; raise hackenbush.max-graphs",
                "publish over a profile's limit|publish --profile tiny|over the limit of 100",
                "a malformed setting|run cram --profile broken|setting cram.max-shapes takes a whole number",
                "a setting out of range|bench --profile broken|setting bench.warm-up-seconds must be 0..3600, got -3",
                "a malformed target|bench --profile wordy-target|setting bench.target.speed-up takes a number, got 'fast'",
                "a target out of range|bench --profile low-target|setting bench.target.overhead must be 1.0..1000.0, got 0.5",
                "warehouse on an unknown file system|run switching --host K4 --warehouse nosuch://x/y|--warehouse nosuch://x/y",
                "standalone master of unknown hosts|run lumberjack --max-edges 2 --master spark://nosuch.invalid:7077,nosuch2.invalid:7077|no Spark master answers at nosuch.invalid:7077 (unknown host), nosuch2.invalid:7077 (unknown host)",
                "warehouse over http|run lumberjack --max-edges 2 --warehouse http://127.0.0.1:1/wh|--warehouse http://127.0.0.1:1/wh: Hadoop serves http: read-only",
                "sql over https|sql --warehouse https://127.0.0.1:1/wh SELECT~1|Hadoop serves https: read-only",
                "verify a Hadoop archive|verify --warehouse har:///tmp/no.har|Hadoop serves har: read-only",
                "warehouse option for decide|decide switching --host K4 --warehouse /tmp/w|unknown option --warehouse",
                "a name for a built-in host|run switching --host K4 --name mine|a name is for a host read from a file; K4 is built in",
                "a name for cram|run cram --name mine|option --name does not apply to the cram census",
                "replace given a value|run cram --replace=yes|option --replace takes no value",
                "replace given twice|run cram --replace --replace|option --replace given twice",
                "repair for run|run cram --repair|unknown option --repair",
                "replace for verify|verify --replace|unknown option --replace",
                "verify unwritable warehouse to repair|verify --repair --warehouse /proc/self/wh|--warehouse /proc/self/wh: cannot write in /proc/self",
                "run into an unwritable warehouse|run lumberjack --max-edges 2 --warehouse /proc/self/wh|--warehouse /proc/self/wh: cannot write in /proc/self",
                "bench into an unwritable warehouse|bench --censuses cram --max-squares 3 --warehouse /proc/self/wh|cannot write in /proc/self",
                "a locked profile without its secret|run switching --host K4 --profile locked|needs the cluster's shared secret: set CENSUS_SPARK_SECRET_FILE",
                "hex board whose cells overflow an int|run hex --board 2147483647x2|a board has 1 to 25 cells",
                "hex board of 46341 squared cells|run hex --board 46341x46341|a board has 1 to 25 cells",
                "decide hex board overflowing|decide hex --board 65536x65536|a board has 1 to 25 cells",
                "hex board in fullwidth digits|run hex --board \uff14x\uff14|a board is RxC",
                "a number in Arabic-Indic digits|run lumberjack --max-edges \u0663|takes a whole number",
                "a number with a plus|run lumberjack --max-edges +2|takes a whole number",
                "decide hex unknown profile|decide hex --board 2x2 --profile nosuch|unknown profile 'nosuch'",
                "help of an unknown command|help nosuch|unknown command 'nosuch' for 'census'",
                "help of an unknown census|help run nosuch|unknown command 'nosuch' for 'census run'",
                "bench census twice|bench --censuses lumberjack,lumberjack|--censuses takes distinct census names",
                "bench census list ending in a comma|bench --censuses lumberjack,|--censuses takes distinct census names",
                "verify a directory that is no warehouse|verify --warehouse src/main|no warehouse at",
                "a relative file URI|run lumberjack --max-edges 2 --warehouse file:relative|a URI needs an absolute path"
            })
    void badInputIsOneLineExitTwoAndNothingWritten(String what, String line, String message) throws Exception {
        // An out dir with earlier work in it: a refused command must leave it exactly as it was.
        final Path out = tmp.resolve("out");
        Files.createDirectories(out.resolve("tables"));
        Files.writeString(out.resolve("tables/earlier.md"), "| earlier | table |\n");
        final List<String> before = snapshot(out);
        final List<String> args = new ArrayList<>();
        for (String word : line == null ? new String[0] : line.split(" ")) {
            args.add(word.replace('~', ' '));
        }
        if (!args.isEmpty()
                && (args.get(0).equals("run")
                        || args.get(0).equals("sql")
                        || args.get(0).equals("bench")
                        || args.get(0).equals("verify")
                        || args.get(0).equals("publish"))) {
            args.add("--out");
            args.add(out.toString());
        }
        final Path conf = Files.createDirectories(tmp.resolve("conf"));
        Files.writeString(
                conf.resolve("census-tiny.properties"),
                String.join(
                                "\n",
                                "switching.max-subgraphs = 100",
                                "cram.max-shapes = 100",
                                "lumberjack.max-trees = 1000",
                                "hex.max-table-entries = 1000",
                                "hackenbush.max-graphs = 100",
                                "hex.max-placements = 1000",
                                "publish.switching.hosts = K5")
                        + "\n");
        Files.writeString(
                conf.resolve("census-broken.properties"), "cram.max-shapes = lots\nbench.warm-up-seconds = -3\n");
        Files.writeString(conf.resolve("census-wordy-target.properties"), "bench.target.speed-up = fast\n");
        Files.writeString(conf.resolve("census-low-target.properties"), "bench.target.overhead = 0.5\n");
        // Authentication on, as in the cluster profile; the test's environment holds no secret.
        Files.writeString(conf.resolve("spark-locked.conf"), "spark.authenticate true\n");
        if (args.contains("--profile")) {
            System.setProperty("census.conf.dir", conf.toString());
        }
        try {
            final CliRun r = census(args.toArray(new String[0]));
            assertEquals(2, r.code(), what + ": " + r.err());
            Assertions.assertTrue(r.err().startsWith("census: "), r.err());
            Assertions.assertTrue(r.err().contains(message), what + ": " + r.err());
            assertEquals(1, r.err().strip().split("\n").length, "one line: " + r.err());
            assertEquals(before, snapshot(out), what + ": the out dir is unchanged");
        } finally {
            System.clearProperty("census.conf.dir");
        }
    }

    /** Every path under {@code dir} with its size and modification time. */
    private static List<String> snapshot(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> {
                        try {
                            return dir.relativize(p) + " " + Files.size(p) + " " + Files.getLastModifiedTime(p);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .sorted()
                    .toList();
        }
    }

    @Test
    void malformedHostFilesAreRejected() throws Exception {
        final Path out = tmp.resolve("out");
        final String same = file("same.txt", "s a\nt a\na b\n");
        final String loop = file("loop.txt", "s a\nt b\na a\n");
        final String garbage = file("garbage.txt", "s a\nt b\na b c\n");
        for (String host : List.of(same, loop, garbage)) {
            final CliRun r = census("run", "switching", "--host", host, "--out", out.toString());
            assertEquals(2, r.code(), host + ": " + r.err());
            assertEquals(1, r.err().strip().split("\n").length, r.err());
        }
        assertFalse(Files.exists(out));
    }

    @Test
    void anOutDirThatIsAFileIsRefusedAndLeftAlone() throws Exception {
        final String file = file("taken", "keep me\n");
        final CliRun r = census("run", "switching", "--host", "path4", "--out", file);
        assertEquals(2, r.code());
        Assertions.assertTrue(r.err().contains("is a file"), r.err());
        assertEquals("keep me\n", Files.readString(Path.of(file)));
    }

    @Test
    void runThenQueryWithSql() throws Exception {
        final String out = tmp.resolve("out").toString();
        final String diamond = file("diamond.txt", "# two routes and a rung\ns s\nt t\ns a\na t\ns b\nb t\na b\n");
        final CliRun run = census("run", "switching", "--host", diamond, "--out", out);
        assertEquals(0, run.code(), run.err());
        Assertions.assertTrue(
                run.out().matches("(?s).*switching census on diamond-[0-9a-f]{8}: 32 subgraphs.*"), run.out());
        // The shared session takes each command's settings (getOrCreate): a census's own queries
        // shuffle into one partition, a user's into one a worker thread of the local master the
        // command names (none here: the default), whatever the shared session's own master.
        final String shuffle = "spark.sql.shuffle.partitions";
        assertEquals("1", spark().conf().get(shuffle));
        final CliRun csv = census(
                "sql",
                "--out",
                out,
                "--format",
                "csv",
                "SELECT host, outcome, COUNT(*) AS n FROM switching GROUP BY host, outcome ORDER BY outcome");
        assertEquals(0, csv.code(), csv.err());
        final String[] lines = csv.out().split("\n");
        assertEquals("host,outcome,n", lines[0]);
        int total = 0;
        for (int i = 1; i < lines.length; i++) {
            Assertions.assertTrue(lines[i].matches("diamond-[0-9a-f]{8},.*"), lines[i]);
            total += Integer.parseInt(lines[i].substring(lines[i].lastIndexOf(',') + 1));
        }
        assertEquals(32, total);
        assertEquals(
                String.valueOf(
                        CensusSession.localThreads(CensusSession.DEFAULT_MASTER).getAsInt()),
                spark().conf().get(shuffle));
        final CliRun table = census("sql", "--out", out, "SELECT COUNT(*) AS n FROM switching_hosts");
        assertEquals(0, table.code(), table.err());
        Assertions.assertTrue(table.out().contains("(1 rows)"), table.out());
        // NULL, an empty string and the string the page shows for NULL stay three things.
        final String kinds = "SELECT MAX(IF(false, host, NULL)) AS none, '' AS empty, '—' AS dash FROM switching";
        final CliRun kindsCsv = census("sql", "--out", out, "--format", "csv", kinds);
        assertEquals("none,empty,dash\n,\"\",—\n", kindsCsv.out(), kindsCsv.err());
        final CliRun kindsTable = census("sql", "--out", out, kinds);
        assertEquals("none  empty  dash\nNULL         —\n(1 rows)\n", kindsTable.out(), kindsTable.err());
        // A column with no name, a line break in a cell: still aligned, the break shown as \n.
        final CliRun unnamed = census("sql", "--out", out, "SELECT '' AS ``, 'a\\nb' AS s FROM switching_hosts");
        assertEquals("  s\n  a\\nb\n(1 rows)\n", unnamed.out(), unnamed.err());
        // A query may open with a SQL comment, which picocli would take for an option.
        final CliRun commented =
                census("sql", "--out", out, "--format", "csv", "-- hosts\nSELECT COUNT(*) AS n FROM switching_hosts");
        assertEquals("n\n1\n", commented.out(), commented.err());
        final CliRun optionsAfter =
                census("sql", "--out", out, "-- hosts\nSELECT COUNT(*) AS n FROM switching_hosts", "--format", "csv");
        assertEquals("n\n1\n", optionsAfter.out(), "options after the query: " + optionsAfter.err());
        final CliRun typo = census("sql", "--out", out, "--formt", "csv", "SELECT 1");
        assertEquals(2, typo.code(), "an unknown option is still one");
        // The partition keys' comments, which Spark drops when it reads partitioned files.
        final CliRun described = census("sql", "--out", out, "--format", "csv", "DESCRIBE switching");
        Assertions.assertTrue(described.out().contains("host,string,"), described.out());
        Assertions.assertFalse(described.out().contains("host,string,\n"), described.out());
        final CliRun bad = census("sql", "--out", out, "SELECT nosuchcolumn FROM switching");
        assertEquals(2, bad.code(), bad.err());
        Assertions.assertTrue(bad.err().startsWith("census: bad query"), bad.err());
        // A query that fails in its tasks is as bad as one that does not analyse: one line, exit 2.
        for (String failing : new String[] {
            "SELECT raise_error(concat('no ', host)) FROM switching", "SELECT assert_true(links < 0) FROM switching"
        }) {
            final CliRun raised = census("sql", "--out", out, failing);
            assertEquals(2, raised.code(), raised.err());
            Assertions.assertTrue(raised.err().startsWith("census: bad query: "), raised.err());
            assertEquals(1, raised.err().strip().split("\n").length, raised.err());
        }
        // The views are what a query reads, never a file it names: not the warehouse's own, past its manifests.
        final CliRun file = census(
                "sql", "--out", out, "SELECT COUNT(*) FROM parquet.`" + tmp.resolve("out/warehouse/switching") + "`");
        assertEquals(2, file.code(), file.err());
        Assertions.assertTrue(
                file.err()
                        .startsWith("census: census sql reads the warehouse's tables by name, never files: parquet.`"),
                file.err());
    }

    /**
     * A standalone master that refuses the connection (down, or a wrong port): one line, at once
     * rather than after Spark's three tries 20 s apart, exit 3 (a failure a script may retry),
     * nothing written.
     */
    @Test
    void aStandaloneMasterThatRefusesIsOneLineExitThreeAtOnce() {
        final CliRun run = census(
                "run",
                "lumberjack",
                "--max-edges",
                "2",
                "--master",
                "spark://127.0.0.1:1",
                "--out",
                tmp.resolve("refused").toString());
        assertEquals(3, run.code(), run.err());
        assertEquals(
                "census: error: --master spark://127.0.0.1:1: no Spark master answers at 127.0.0.1:1 (Connection refused)",
                run.err().strip());
        Assertions.assertFalse(Files.exists(tmp.resolve("refused")));
    }

    /**
     * A manifest that no longer reads as one (its partition line lost) is damage: verify names it,
     * sql refuses the table instead of leaving the partition out, a run refuses to write over it,
     * and a run with --replace mends it.
     */
    @Test
    void aDamagedManifestIsNamedNotSkipped() throws Exception {
        final String out = tmp.resolve("out").toString();
        final String count = "SELECT COUNT(*) AS n FROM lumberjack";
        assertEquals(
                0, census("run", "lumberjack", "--max-edges", "4", "--out", out).code());
        final String before =
                census("sql", "--out", out, "--format", "csv", count).out();
        Files.writeString(tmp.resolve("out/warehouse/lumberjack/_manifest/edges=3.properties"), "garbage\n");
        final CliRun verify = census("verify", "--out", out);
        assertEquals(1, verify.code(), verify.out() + verify.err());
        Assertions.assertTrue(
                verify.out().contains("lumberjack: the manifest edges=3.properties is damaged"), verify.out());
        final CliRun sql = census("sql", "--out", out, "--format", "csv", count);
        assertEquals(3, sql.code(), sql.out() + sql.err());
        assertEquals(1, sql.err().strip().split("\n").length, sql.err());
        Assertions.assertTrue(sql.err().contains("edges=3.properties is damaged"), sql.err());
        final CliRun run = census("run", "lumberjack", "--max-edges", "4", "--out", out);
        assertEquals(2, run.code(), run.err());
        Assertions.assertTrue(run.err().contains("its manifest is damaged"), run.err());
        assertEquals(
                0,
                census("run", "lumberjack", "--max-edges", "4", "--replace", "--out", out)
                        .code());
        assertEquals(0, census("verify", "--out", out).code());
        assertEquals(
                before, census("sql", "--out", out, "--format", "csv", count).out());
    }

    /** A file lost with no commit under way is damage, said at once: not a commit to wait out five times. */
    @Test
    void sqlOverALostFileSaysTheWarehouseIsDamaged() throws Exception {
        final String out = tmp.resolve("out").toString();
        assertEquals(
                0, census("run", "lumberjack", "--max-edges", "3", "--out", out).code());
        try (var files = Files.list(tmp.resolve("out/warehouse/lumberjack/edges=3"))) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        final CliRun sql = census("sql", "--out", out, "SELECT COUNT(*) FROM lumberjack");
        assertEquals(3, sql.code(), sql.err());
        Assertions.assertTrue(
                sql.err().startsWith("census: error: a file the manifests list is missing, and no commit moved it"),
                sql.err());
        assertEquals(1, sql.err().strip().lines().count(), sql.err());
    }

    /**
     * A byte changed in a committed file after its commit is damage: a query or a census's
     * tables over its table refuse it, naming the partition, rather than answer from it; a query
     * that reads no damaged table runs, and a rerun of the census mends it.
     */
    @Test
    void aFileChangedSinceItsCommitIsRefusedNotRead() throws Exception {
        final String out = tmp.resolve("out").toString();
        assertEquals(
                0, census("run", "lumberjack", "--max-edges", "6", "--out", out).code());
        final String count = "SELECT COUNT(*) AS n FROM lumberjack";
        final String before =
                census("sql", "--out", out, "--format", "csv", count).out();
        flipAByteIn(tmp.resolve("out/warehouse/lumberjack/edges=5"));
        final String damaged = "census: error: the warehouse is damaged: the files of lumberjack/edges=5 differ";
        final CliRun sql = census("sql", "--out", out, count);
        assertEquals(3, sql.code(), sql.err());
        Assertions.assertTrue(sql.err().startsWith(damaged), sql.err());
        // However the query names the table: built up in an IDENTIFIER clause, in a subquery.
        for (String named : new String[] {
            "SELECT COUNT(*) FROM IDENTIFIER('lumber' || 'jack')", "SELECT 1 WHERE EXISTS (SELECT 1 FROM lumberjack)"
        }) {
            final CliRun q = census("sql", "--out", out, named);
            assertEquals(3, q.code(), named + ": " + q.err());
            Assertions.assertTrue(q.err().startsWith(damaged), q.err());
        }
        assertEquals(0, census("sql", "--out", out, "SELECT 1").code(), "a query of no damaged table");
        // A census of other sizes commits its own partitions, then refuses to publish tables read from edges=5.
        final CliRun run = census("run", "lumberjack", "--max-edges", "2", "--out", out);
        assertEquals(3, run.code(), run.err());
        Assertions.assertTrue(run.err().startsWith(damaged), run.err());
        assertEquals(
                0, census("run", "lumberjack", "--max-edges", "6", "--out", out).code(), "the rerun mends it");
        assertEquals(
                before, census("sql", "--out", out, "--format", "csv", count).out());
    }

    /** A path with a space names that directory: not a URI's escape of it (a directory {@code with%20space}). */
    @Test
    void pathsWithSpacesAreThePathsGiven() throws Exception {
        final Path dir = Files.createDirectories(tmp.resolve("with space"));
        final String out = dir.resolve("out").toString();
        final String warehouse = dir.resolve("wh").toString();
        final CliRun run = census("run", "lumberjack", "--max-edges", "2", "--out", out, "--warehouse", warehouse);
        assertEquals(0, run.code(), run.err());
        Assertions.assertTrue(Files.isRegularFile(dir.resolve("wh/lumberjack/_schema.json")), run.out());
        Assertions.assertTrue(Files.isRegularFile(dir.resolve("out/tables/lumberjack_summary.md")), run.out());
        try (var listing = Files.list(tmp)) {
            assertEquals(List.of(dir), listing.toList(), "nothing beside the directory given");
        }
        final CliRun verify = census("verify", "--out", out, "--warehouse", warehouse);
        assertEquals(0, verify.code(), verify.err());
        Assertions.assertTrue(verify.out().contains("0 problem(s)"), verify.out());
        final CliRun sql = countRows(out, warehouse, "lumberjack");
        assertEquals(0, sql.code(), sql.err());
        assertEquals("n\n4", sql.out().strip());
    }

    /**
     * Flips one bit in the middle of a Parquet file of the partition directory {@code partition},
     * as disk damage would; returns the file's name.
     */
    private static String flipAByteIn(Path partition) throws IOException {
        final Path file;
        try (var files = Files.list(partition)) {
            file = files.filter(f -> f.toString().endsWith(".parquet"))
                    .findFirst()
                    .orElseThrow();
        }
        final byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
        return file.getFileName().toString();
    }

    /** {@code census sql} of a table's rows, as CSV, in the warehouse given. */
    private static CliRun countRows(String out, String warehouse, String table) {
        return census(
                "sql", "--out", out, "--warehouse", warehouse, "--format", "csv", "SELECT COUNT(*) AS n FROM " + table);
    }

    @Test
    void theWarehouseCanLiveApartFromThePublishedFiles() throws Exception {
        final String out = tmp.resolve("published").toString();
        final String warehouse =
                tmp.resolve("elsewhere/wh").toUri().toString(); // a file: URI, as hdfs: or s3a: would be
        final CliRun run = census("run", "switching", "--host", "K4", "--out", out, "--warehouse", warehouse);
        assertEquals(0, run.code(), run.err());
        Assertions.assertTrue(Files.isRegularFile(tmp.resolve("elsewhere/wh/switching/_schema.json")));
        Assertions.assertTrue(Files.isRegularFile(tmp.resolve("published/tables/switching_outcomes.md")));
        assertFalse(Files.exists(tmp.resolve("published/warehouse")), "nothing in the default place");
        final CliRun sql = countRows(out, warehouse, "switching");
        assertEquals(0, sql.code(), sql.err());
        assertEquals("n\n64", sql.out().strip());
        final CliRun verify = census("verify", "--out", out, "--warehouse", warehouse);
        assertEquals(0, verify.code(), verify.out() + verify.err());
    }

    /**
     * run hex also writes the checks that need no census of the board (the potential as a
     * defender, the committed tables) for that board alone. On 2×3 the potential holds every case;
     * the fully committed table loses moving second, with either rule, and the table with the
     * circuit as fallback holds (verdicts CommittedAdversaryTest checks by plain recursion).
     */
    @Test
    void runHexAlsoChecksThePotentialAndTheCommittedTablesOnItsBoard() {
        final String out = tmp.resolve("hex").toString();
        final CliRun run = census("run", "hex", "--board", "2x3", "--out", out);
        assertEquals(0, run.code(), run.err());
        Assertions.assertTrue(
                run.out().contains("hex potential defender, three tie policies on 2x3, each first player: 6 of 6"),
                run.out());
        Assertions.assertTrue(
                run.out().contains("hex committed circuit rules, both fallbacks on 2x3, each first player: 6 of 8"),
                run.out());
        final CliRun sql = census(
                "sql",
                "--out",
                out,
                "--format",
                "csv",
                "SELECT board, rule, variant, COUNT(*) AS n FROM hex_adversarial GROUP BY board, rule, variant"
                        + " ORDER BY board, rule, variant");
        assertEquals(0, sql.code(), sql.err());
        assertEquals(
                "board,rule,variant,n\n2x3,current,committed,2\n2x3,current,committed-circuit,2\n2x3,current,plain,2\n"
                        + "2x3,current,reply,2\n2x3,potential,plain,6\n2x3,ratio,committed,2\n"
                        + "2x3,ratio,committed-circuit,2\n2x3,ratio,plain,2\n2x3,ratio,reply,2",
                sql.out().strip());
    }

    @Test
    void decidePrintsVerdictsTreesAndOpenings() {
        final CliRun r = census("decide", "switching", "--host", "K4");
        assertEquals(0, r.code(), r.err());
        Assertions.assertTrue(r.out().contains("outcome L"), r.out());
        Assertions.assertTrue(r.out().contains("tree A: "), r.out());
        Assertions.assertTrue(r.out().contains("winning openings for Short (6 of 6)"), r.out());
    }

    @Test
    void decideHexListsWinningOpeningsWhereAskedOrCheap() {
        final CliRun square = census("decide", "hex", "--board", "3x3", "--first", "across");
        assertEquals(0, square.code(), square.err());
        Assertions.assertTrue(
                square.out().contains("hex 3x3, across first: across wins the empty board; winning first moves ("),
                square.out());
        final CliRun quiet = census("decide", "hex", "--board", "3x3", "--first", "across", "--openings", "no");
        Assertions.assertTrue(
                quiet.out().contains("across wins the empty board (")
                        && !quiet.out().contains("first moves"),
                quiet.out());
        // 21 cells: beyond the default listing, so only on request; every opening of the nearer side wins.
        final CliRun wide = census("decide", "hex", "--board", "3x7", "--first", "down");
        Assertions.assertFalse(wide.out().contains("first moves"), wide.out());
        final CliRun asked = census("decide", "hex", "--board", "3x7", "--first", "down", "--openings", "yes");
        Assertions.assertTrue(
                asked.out().contains("down wins the empty board; winning first moves (21 of 21)"), asked.out());
    }

    /**
     * The first case: a host file named like a built-in host is refused, and so is the
     * built-in name given to a file's graph; K5's rows stay as they were. A file's graph under a
     * name of its own that another graph holds is refused too, unless told to replace it.
     */
    @Test
    void aHostFileNeverReplacesAnotherGraphsPartitionUnlessToldTo() throws Exception {
        final String out = tmp.resolve("out").toString();
        assertEquals(0, census("run", "switching", "--host", "K5", "--out", out).code());
        final Path dir = Files.createDirectories(tmp.resolve("some/dir"));
        final String k5 =
                Files.writeString(dir.resolve("K5.txt"), "s a\nt b\na b\n").toString();
        final List<String> before = snapshot(tmp.resolve("out"));
        final CliRun shadow = census("run", "switching", "--host", k5, "--out", out);
        assertEquals(2, shadow.code(), shadow.err());
        Assertions.assertTrue(
                shadow.err().startsWith("census: host file " + k5 + " is named like the built-in host K5"),
                shadow.err());
        final CliRun named = census("run", "switching", "--host", k5, "--name", "K5", "--out", out);
        assertEquals(2, named.code(), named.err());
        Assertions.assertTrue(named.err().contains("is a built-in host's"), named.err());
        assertEquals(before, snapshot(tmp.resolve("out")), "nothing written: K5's partitions as they were");
        final CliRun k5Rows =
                census("sql", "--out", out, "--format", "csv", "SELECT COUNT(*) AS n FROM switching WHERE host = 'K5'");
        assertEquals("n\n1024", k5Rows.out().strip());

        // A name of one's own: the first graph takes it; another graph is refused, then replaces it when told.
        final String one =
                Files.writeString(dir.resolve("one.txt"), "s a\nt b\na b\n").toString();
        final String two = Files.writeString(dir.resolve("two.txt"), "s a\nt b\na b\na b\n")
                .toString();
        assertEquals(
                0,
                census("run", "switching", "--host", one, "--name", "mine", "--out", out)
                        .code());
        final List<String> mine = snapshot(tmp.resolve("out"));
        final CliRun other = census("run", "switching", "--host", two, "--name", "mine", "--out", out);
        assertEquals(2, other.code(), other.err());
        Assertions.assertTrue(
                other.err()
                        .startsWith("census: switching/host=mine holds a census of {2 vertices, s 0, t 1,"
                                + " links 0-1} under schema version " + SwitchingSchemas.SUBGRAPHS.version()
                                + "; this run's is of {2 vertices, s 0, t 1, links 0-1 0-1}"),
                other.err());
        assertEquals(mine, snapshot(tmp.resolve("out")), "refused: nothing written");
        final CliRun replaced = census("run", "switching", "--host", two, "--name", "mine", "--replace", "--out", out);
        assertEquals(0, replaced.code(), replaced.err());
        final CliRun rows = census(
                "sql",
                "--out",
                out,
                "--format",
                "csv",
                "SELECT host, COUNT(*) AS n FROM switching GROUP BY host ORDER BY host");
        assertEquals("host,n\nK5,1024\nmine,4", rows.out().strip());
        assertEquals(0, census("verify", "--out", out).code());
    }

    /**
     * A run's tables replace its census's earlier ones as a set: a table of its census it no
     * longer writes goes, another census's stays. What killed commands left is dealt with first:
     * files staged without the ready mark are dropped, a ready move is finished.
     */
    @Test
    void aRunReplacesItsCensusTablesAsASetAfterFinishingAKilledMove() throws Exception {
        final Path out = tmp.resolve("replaced");
        final Path tables = Files.createDirectories(out.resolve("tables"));
        Files.writeString(tables.resolve("lumberjack_gone.md"), "a table of an earlier, larger census\n");
        Files.writeString(tables.resolve("cram_catalogue.md"), "another census's table\n");
        Files.writeString(tables.resolve("hex_removed.md"), "a table the killed move removes\n");
        // Left by killed commands ten minutes ago, too early to have written who they were.
        final Path staged = Files.createDirectories(out.resolve(".publishing-0000000000001-staged/tables"));
        Files.writeString(staged.resolve("hex_half.md"), "staged, never ready\n");
        final Path ready = Files.createDirectories(out.resolve(".publishing-0000000000002-ready/tables"));
        Files.writeString(ready.resolve("hex_moved.md"), "ready, half moved in\n");
        Files.writeString(ready.resolve("../_READY"), "tables/hex_removed.md");
        final FileTime tenMinutesAgo = FileTime.fromMillis(System.currentTimeMillis() - 600_000);
        Files.setLastModifiedTime(staged.getParent(), tenMinutesAgo);
        Files.setLastModifiedTime(ready.getParent(), tenMinutesAgo);
        final CliRun run = census("run", "lumberjack", "--max-edges", "4", "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        final List<String> names;
        try (Stream<Path> s = Files.list(tables)) {
            names = s.map(f -> f.getFileName().toString()).sorted().toList();
        }
        Assertions.assertTrue(names.contains("lumberjack_summary.md"), names.toString());
        Assertions.assertTrue(names.contains("cram_catalogue.md"), names.toString());
        Assertions.assertTrue(names.contains("hex_moved.md"), names.toString());
        assertFalse(names.contains("lumberjack_gone.md"), names.toString());
        assertFalse(names.contains("hex_removed.md"), names.toString());
        assertFalse(names.contains("hex_half.md"), names.toString());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(
                    List.of(),
                    s.filter(f -> f.getFileName().toString().startsWith(".publishing-"))
                            .toList());
        }
    }

    /**
     * Published files are moved into {@code tables/} and {@code figures/}: one that cannot take them
     * is refused before any census runs, in one line, exit 2, nothing written.
     */
    @Test
    void aTablesOrFiguresDirectoryThatCannotTakeFilesIsRefusedAtOnce() throws Exception {
        final Path out = Files.createDirectories(tmp.resolve("blocked"));
        Files.writeString(out.resolve("tables"), "a file where the tables go\n");
        List<String> before = snapshot(out);
        CliRun r = census("run", "lumberjack", "--max-edges", "2", "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        Assertions.assertTrue(r.err().contains(out.resolve("tables") + " is a file, not a directory"), r.err());
        assertEquals(before, snapshot(out));
        Files.delete(out.resolve("tables"));
        final Optional<Path> unwritable = unwritableDirectory();
        if (unwritable.isPresent()) {
            Files.createSymbolicLink(out.resolve("figures"), unwritable.get());
            before = snapshot(out);
            r = census("run", "lumberjack", "--max-edges", "2", "--out", out.toString());
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().strip().split("\n").length, r.err());
            Assertions.assertTrue(r.err().contains("cannot write in " + out.resolve("figures")), r.err());
            assertEquals(before, snapshot(out));
            Files.delete(out.resolve("figures"));
        }
        Files.createSymbolicLink(out.resolve("tables"), tmp.resolve("nowhere"));
        r = census("run", "lumberjack", "--max-edges", "2", "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        Assertions.assertTrue(r.err().contains(out.resolve("tables") + " is a link to nothing"), r.err());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(
                    List.of("tables"), s.map(f -> f.getFileName().toString()).toList(), "nothing written");
        }
        assertFalse(Files.exists(tmp.resolve("nowhere")));
    }

    /** An out directory this process cannot write in is bad input: one line, exit 2, nothing written. */
    @Test
    void anUnwritableOutDirectoryIsRefusedInOneLine() throws Exception {
        final Optional<Path> unwritable = unwritableDirectory();
        Assumptions.assumeTrue(unwritable.isPresent(), "no directory this process cannot write in");
        final Path readOnly = unwritable.get();
        final List<String> before = snapshot(readOnly);
        final CliRun r = census(
                "run",
                "cram",
                "--max-squares",
                "3",
                "--out",
                readOnly.resolve("out").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        Assertions.assertTrue(
                r.err().startsWith("census: --out " + readOnly.resolve("out") + ": cannot write in " + readOnly),
                r.err());
        assertEquals(before, snapshot(readOnly));
    }

    /**
     * A directory this process cannot write in: a read-only one, or, for root (whom permissions
     * do not stop), a directory of /proc; none on a host where root may write in both.
     */
    private Optional<Path> unwritableDirectory() throws Exception {
        final Path dir = Files.createDirectories(tmp.resolve("read-only"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        return Stream.of(dir, Path.of("/proc/self"))
                .filter(d -> Files.isDirectory(d) && !Files.isWritable(d))
                .findFirst();
    }

    /**
     * {@code census sql} only reads: statements that would change state, or call Java, are
     * refused before they run (one that Spark itself cannot analyse is refused as a bad query).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "DROP VIEW cram|read-only: DROP VIEW",
                "DROP TABLE IF EXISTS lumberjack|read-only: DROP TABLE",
                "CREATE TEMPORARY VIEW v AS SELECT 1|read-only: CREATE VIEW",
                "CREATE TABLE t USING parquet AS SELECT * FROM lumberjack|read-only: CREATE TABLE",
                "INSERT INTO lumberjack SELECT * FROM lumberjack|read-only: INSERT",
                "INSERT OVERWRITE DIRECTORY '/tmp/census-sql-out' USING parquet SELECT * FROM lumberjack|read-only: INSERT",
                "CACHE TABLE lumberjack|read-only: CACHE TABLE",
                "SET spark.sql.shuffle.partitions=1|read-only: SET",
                "ADD JAR /tmp/x.jar|read-only: ADD JAR",
                "SELECT reflect('java.lang.System', 'exit', '0')|read-only: reflect",
                "SELECT * FROM lumberjack WHERE edges IN (SELECT java_method('java.lang.Math', 'abs', -1))|read-only: java_method",
                "WITH t AS (SELECT java_method('java.lang.Math', 'abs', -1) AS x) SELECT * FROM t|read-only: java_method",
                "SELECT IDENTIFIER('java_method')('java.lang.Math', 'abs', -1)|read-only: reflect",
                "INSERT INTO IDENTIFIER('lumberjack') SELECT * FROM lumberjack|bad query: [UNSUPPORTED_INSERT.RDD_BASED] Can't insert into the target",
                "SHOW CREATE TABLE lumberjack|bad query: lumberjack is a temp view",
                "SELEC * FROM lumberjack|bad query: [PARSE_SYNTAX_ERROR] Syntax error at or near 'SELEC'",
                "SELECT 1 +|bad query: [PARSE_SYNTAX_ERROR] Syntax error at or near end of input",
                "CACHE TABLE IDENTIFIER('lumberjack')|read-only: CACHE TABLE",
                "SELECT TRANSFORM(edges) USING 'touch /tmp/census-sql-transform' AS (a) FROM lumberjack|read-only: TRANSFORM"
            })
    void sqlRefusesStatementsThatChangeState(String statement, String what) throws Exception {
        final String out = tmp.resolve("out").toString();
        assertEquals(
                0, census("run", "lumberjack", "--max-edges", "2", "--out", out).code());
        final List<String> before = snapshot(tmp.resolve("out"));
        final CliRun r = census("sql", "--out", out, statement);
        assertEquals(2, r.code(), r.err());
        Assertions.assertTrue(r.err().startsWith("census: "), r.err());
        Assertions.assertTrue(r.err().contains(what), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        assertEquals(before, snapshot(tmp.resolve("out")));
        final CliRun still = census("sql", "--out", out, "--format", "csv", "SELECT COUNT(*) AS n FROM lumberjack");
        assertEquals("n\n4", still.out().strip(), "the views are as they were");
        final CliRun show = census("sql", "--out", out, "--format", "csv", "SHOW TABLES");
        assertEquals(0, show.code(), show.err());
        Assertions.assertTrue(show.out().contains("lumberjack"), show.out());
    }

    /** An empty --out or --warehouse would be the working directory: refused, nothing written there. */
    @Test
    void anEmptyOutOrWarehouseIsRefused() throws Exception {
        Assertions.assertFalse(Files.exists(Path.of("tables")) || Files.exists(Path.of("warehouse")), "a clean start");
        final CliRun out = census("run", "lumberjack", "--max-edges", "2", "--out", "");
        assertEquals(2, out.code(), out.err());
        assertEquals(
                "census: --out needs a directory, not an empty name", out.err().strip());
        final CliRun warehouse = census(
                "run",
                "lumberjack",
                "--max-edges",
                "2",
                "--out",
                tmp.resolve("out").toString(),
                "--warehouse",
                "");
        assertEquals(2, warehouse.code(), warehouse.err());
        assertEquals(
                "census: --warehouse needs a directory or URI, not an empty name",
                warehouse.err().strip());
        Assertions.assertFalse(
                Files.exists(Path.of("tables")) || Files.exists(Path.of("warehouse")),
                "nothing written in the working directory");
        Assertions.assertFalse(Files.exists(tmp.resolve("out")), "nor in --out");
    }

    @Test
    void anOutWhereNoDirectoryCanBeMadeIsRefused() throws Exception {
        // access(2) lets root write in /proc, where no directory can be made: the run's first write
        // (its lease) finds it, before anything is computed.
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc")), "a Linux /proc");
        final Path out = Path.of("/proc/gamecensus-out");
        final CliRun r = census("run", "lumberjack", "--max-edges", "2", "--out", out.toString());
        assertEquals(2, r.code(), r.err());
        Assertions.assertTrue(
                r.err().strip().startsWith("census: --out " + out + ": cannot")
                        || r.err()
                                .strip()
                                .startsWith("census: --warehouse file:" + out + "/warehouse: cannot make it ("),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        Assertions.assertFalse(Files.exists(out), "nothing written");
    }

    /** verify names the damaged partitions and how to mend them; the census run again mends them. */
    @Test
    void verifySaysHowToMendADamagedPartitionAndARunAgainMendsIt() throws Exception {
        final String out = tmp.resolve("out").toString();
        final String[] run = {"run", "lumberjack", "--max-edges", "4", "--out", out};
        assertEquals(0, census(run).code());
        final String flipped = flipAByteIn(tmp.resolve("out/warehouse/lumberjack/edges=4"));
        final CliRun damaged = census("verify", "--out", out);
        assertEquals(1, damaged.code(), damaged.out());
        assertEquals(
                List.of(
                        "PROBLEM lumberjack/edges=4: files differ from the manifest: " + flipped
                                + " altered: its CRC-32 differs, same size",
                        "5 partitions checked, 1 problem(s)",
                        "To mend a damaged partition, run the census that wrote it again, with the same"
                                + " parameters: it computes the partition afresh and replaces it. --repair mends only"
                                + " what runs that died left."),
                damaged.out().strip().lines().toList());
        assertEquals(0, census(run).code());
        final CliRun mended = census("verify", "--out", out);
        assertEquals(0, mended.code(), mended.out());
        assertEquals("5 partitions checked, 0 problem(s)", mended.out().strip());
    }

    /** A warehouse URI whose file system's class is not on the class path (s3a: without hadoop-aws). */
    @Test
    void aWarehouseOnAFileSystemOfNoClassHereIsRefused() throws Exception {
        Assumptions.assumeTrue(
                getClass().getClassLoader().getResource("org/apache/hadoop/fs/s3a/S3AFileSystem.class") == null,
                "hadoop-aws is not on the test class path");
        for (String command : new String[] {"run", "sql", "verify"}) {
            final List<String> args = new ArrayList<>(
                    command.equals("run")
                            ? List.of("run", "lumberjack", "--max-edges", "2")
                            : command.equals("sql") ? List.of("sql", "SELECT 1") : List.of("verify"));
            args.addAll(List.of("--out", tmp.resolve("out").toString(), "--warehouse", "s3a://bucket/warehouse"));
            final CliRun r = census(args.toArray(new String[0]));
            assertEquals(2, r.code(), command + ": " + r.err());
            assertEquals(
                    "census: --warehouse s3a://bucket/warehouse: cannot open the file system of"
                            + " s3a://bucket/warehouse: Class org.apache.hadoop.fs.s3a.S3AFileSystem not found on the"
                            + " class path (s3a needs the hadoop-aws jar, docs/cluster.md)",
                    r.err().strip(),
                    command);
            assertFalse(Files.exists(tmp.resolve("out")), command + ": nothing written");
        }
    }

    @Test
    void aHostFileThatIsNotUtf8IsRefusedInOneLine() throws Exception {
        final Path latin1 = tmp.resolve("latin.txt");
        Files.write(latin1, "s caf\u00e9\nt b\ncaf\u00e9 b\n".getBytes(StandardCharsets.ISO_8859_1));
        final CliRun r = census(
                "run",
                "switching",
                "--host",
                latin1.toString(),
                "--out",
                tmp.resolve("out").toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(
                "census: host file " + latin1 + " is not UTF-8 text", r.err().strip());
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void helpIsExitZero() {
        for (String[] args : new String[][] {
            {"--help"},
            {"run", "--help"},
            {"sql", "--help"},
            {"publish", "--help"},
            {"decide", "--help"},
            {"bench", "--help"},
            {"verify", "--help"}
        }) {
            final CliRun r = census(args);
            assertEquals(0, r.code(), String.join(" ", args));
            Assertions.assertTrue(r.out().startsWith("usage: census"), r.out());
        }
    }
}
