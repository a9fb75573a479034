package org.gamecensus.jobs.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.OpenRun;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code census verify}: every committed partition of every census's tables against its manifest. */
@Command(
        name = "verify",
        header = "check every partition against its manifest; --repair",
        description = "Re-reads the warehouse against the manifests written with every committed"
                + " partition: the Parquet files (names, sizes, CRC-32), then the rows (count and content checksum); and reports"
                + " what runs that ended midway left: a commit decided but not completed, staged files, leases. Changes nothing,"
                + " but for --repair. Exit 0 when all hold, 1 with a line per problem otherwise.")
final class VerifyCommand implements Callable<Integer> {

    @Mixin
    CommandOptions.Read options;

    @Option(
            names = "--repair",
            arity = "0",
            description = "first complete the commits that dead runs decided and remove"
                    + " what else they left, as the next run would")
    boolean repair;

    @Override
    public Integer call() {
        final Warehouse warehouse = options.warehouse(repair);
        if (!warehouse.exists()) {
            throw new UsageException("no warehouse at " + warehouse.root());
        }
        final SparkSession spark = options.session("census verify");
        final PrintWriter out = options.out();
        if (repair) {
            OpenRun.open(warehouse, "census verify --repair", false, out);
        }
        final Manifests.Verified verified = Manifests.verify(spark, warehouse, Censuses.schemas());
        for (String p : verified.problems()) {
            out.println("PROBLEM " + p);
        }
        out.println(verified.partitions().size() + " partitions checked, "
                + verified.problems().size() + " problem(s)");
        // The cases: nothing damaged (no advice); damaged while a dead run left work undone (its
        // pending commit may be what the files differ by: --repair first); damaged alone.
        if (!verified.damaged().isEmpty()) {
            out.println(
                    verified.leftovers()
                            ? "Runs that died left work undone: run census verify --repair, then verify again;"
                                    + " a partition still damaged then is mended by running the census that wrote it"
                                    + " again."
                            : "To mend a damaged partition, run the census that wrote it again, with the same"
                                    + " parameters: it computes the partition afresh and replaces it. --repair mends"
                                    + " only what runs that died left.");
        }
        return verified.problems().isEmpty() ? CensusCli.DONE : CensusCli.FAILED;
    }
}
