package org.gamecensus.jobs.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.Publication;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.StatusLine;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.publish.Publisher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code census publish}: every census of the registry at its published sizes, then every
 * published table, the essays' figures redrawn and the page that sets each essay claim beside
 * the census. Everything is claimed before anything is computed, so a refusal writes nothing.
 */
@Command(
        name = "publish",
        header = "run every census, write every table, figure and the page",
        description = "Runs every census at its published sizes (the profile's publish.* settings),"
                + " writes every published table to DIR/tables/ (Markdown and CSV), the essays' figures redrawn from the"
                + " warehouse to DIR/figures/ (SVG and PNG), and DIR/index.html: every essay claim (conf/essay-claims.csv,"
                + " setting publish.claims) beside the census's value and a verdict.")
final class PublishCommand implements Callable<Integer> {

    @Mixin
    CommandOptions.Run options;

    @Override
    public Integer call() {
        final int partitions = options.partitions();
        final CensusConfig config = options.config();
        // Every census sized and checked before anything is written.
        final List<Census.Published> parts = new ArrayList<>();
        for (Census c : Censuses.ALL) {
            parts.add(c.published(config));
        }
        final Path claims = Path.of(
                System.getProperty("census.conf.dir", "conf"), config.get("publish.claims", "essay-claims.csv"));
        if (!Files.isRegularFile(claims)) {
            throw new UsageException("no essay claims file at " + claims + " (setting publish.claims)");
        }
        if (!Files.isRegularFile(claims.resolveSibling(Publisher.QUESTIONS))) {
            throw new UsageException("no open questions file at " + claims.resolveSibling(Publisher.QUESTIONS));
        }
        final Warehouse warehouse = options.warehouse();
        final SparkSession spark = options.session("census publish");
        final PrintWriter out = options.out();
        options.openRun(warehouse, "census publish", out);
        for (Census.Published p : parts) {
            p.claim().accept(warehouse);
        }
        // One step a census, then one for what is published from them all.
        final int steps = parts.size() + 1;
        for (int i = 0; i < parts.size(); i++) {
            StatusLine.step(
                    "[" + (i + 1) + "/" + steps + "] " + Censuses.ALL.get(i).name());
            parts.get(i).run().run(spark, warehouse, partitions, out);
        }
        StatusLine.step("[" + steps + "/" + steps + "] tables, figures and the page");
        // Tables, figures and page replace the earlier ones as one set, the files not written again removed.
        final List<PublishedTable> tables = new ArrayList<>();
        final Publisher.Result page;
        try (Publication publication = warehouse.openPublication()) {
            for (Census.Published p : parts) {
                tables.addAll(p.tables().publish(spark, warehouse));
            }
            page = Publisher.publish(spark, warehouse, tables, claims, null);
            publication.commit(file -> true);
        }
        options.printTables(warehouse, tables, out);
        final Map<String, Long> byVerdict = new TreeMap<>();
        page.verdicts().forEach(v -> byVerdict.merge(v.verdict(), 1L, Long::sum));
        out.println(page.figures().size() + " figures in " + warehouse.out().resolve("figures"));
        out.println(page.verdicts().size() + " essay claims " + byVerdict + "; see "
                + warehouse.out().resolve("index.html"));
        return 0;
    }
}
