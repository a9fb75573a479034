package org.gamecensus.jobs.switching;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.gamecensus.jobs.census.CensusChecks;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.ChunkedCommit;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.RowCondition;
import org.gamecensus.jobs.census.SliceCensus;
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.switching.HostSymmetry;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.schemas.switching.SwitchingSchemas;

/**
 * The switching census on Spark. The pipelines ({@link #subgraphs}, {@link #decided},
 * {@link #hosts}) are functions to datasets that tests call directly; {@link #census} and
 * {@link #decideAll} check the rows and commit them to the warehouse.
 */
public final class SwitchingJob {

    /** Subgraph censuses larger than this are refused unless the limit is lifted. */
    public static final long DEFAULT_MAX_SUBGRAPHS = 1L << 22;

    /** Nodes the solver may spend on a whole host before giving up. */
    public static final long DEFAULT_SOLVER_BUDGET = 20_000_000L;

    /** The check of every subgraph: solver and criterion agree, and no P-position (moving first never hurts). */
    public static final CensusCommit.Check CHECK = new CensusCommit.Check(
            RowCondition.isFalse("agree").or(RowCondition.equalTo("outcome", "P")),
            "subgraph(s) where solver and criterion disagree or a P-position appears",
            "host",
            "mask",
            "outcome",
            "solver_short_first",
            "solver_short_second",
            "criterion_short_first",
            "criterion_short_second");

    /** The census's tallies: subgraphs of outcome L, R, N and P. */
    private static final RowCondition[] OUTCOMES = {
        RowCondition.equalTo("outcome", "L"),
        RowCondition.equalTo("outcome", "R"),
        RowCondition.equalTo("outcome", "N"),
        RowCondition.equalTo("outcome", "P")
    };

    private SwitchingJob() {}

    /** Refuses a host whose subgraph census exceeds {@code maxSubgraphs}. */
    public static void checkSize(SwitchingHost host, long maxSubgraphs) {
        if (host.subgraphCount() > maxSubgraphs) {
            throw new UsageException("host " + host.name() + " has " + host.linkCount() + " links: its census would be "
                    + String.format(Locale.ROOT, "%.0f", host.subgraphCount()) + " subgraphs, over the limit of "
                    + maxSubgraphs
                    + " (lift it with --max-subgraphs, or decide the whole host with 'census decide switching')");
        }
    }

    /** Every subgraph of {@code host}, decided twice: rows of {@link SwitchingSchemas#SUBGRAPHS}. */
    public static Dataset<Row> subgraphs(SparkSession spark, SwitchingHost host, int partitions) {
        return slices(host, partitions).rows(spark);
    }

    /** The census of {@code host} in {@code partitions} partitions, as the commit takes it. */
    public static SliceCensus slices(SwitchingHost host, int partitions) {
        final SwitchingSlices slices = new SwitchingSlices(host);
        return SliceCensus.dealt(
                CensusDatasets.ids(slices.sliceCount()), partitions, slices, SwitchingSchemas.SUBGRAPHS);
    }

    /** Rows of {@link SwitchingSchemas#HOSTS} for the given hosts. */
    public static Dataset<Row> hosts(SparkSession spark, List<SwitchingHost> hosts) {
        return spark.createDataFrame(hostRows(hosts), SwitchingSchemas.HOSTS.struct());
    }

    private static List<Row> hostRows(List<SwitchingHost> hosts) {
        final List<Row> rows = new ArrayList<>();
        for (SwitchingHost h : hosts) {
            rows.add(RowFactory.create(
                    h.vertexCount(),
                    h.linkCount(),
                    h.s(),
                    h.t(),
                    h.linksText(),
                    new HostSymmetry(h).order(),
                    h.name()));
        }
        return rows;
    }

    /** Commits the hosts' rows, each in its partition of {@code switching_hosts} (written by the driver: a row each). */
    private static void commitHosts(SparkSession spark, Warehouse warehouse, List<SwitchingHost> hosts) {
        CensusCommit.commit(spark, warehouse, SwitchingSchemas.HOSTS, hostRows(hosts), partitions(hosts));
    }

    /**
     * What a host's partitions are a census of: the graph itself, its vertices, marks and links in
     * order (two hosts of one name but other links never share a partition unnoticed).
     */
    public static String parameters(SwitchingHost host) {
        return host.vertexCount() + " vertices, s " + host.s() + ", t " + host.t() + ", links " + host.linksText();
    }

    /**
     * Claims what a census of {@code host} writes, ahead of it ({@link Warehouse#claim}): refused
     * before anything is computed when another run writes it, or when the warehouse holds another
     * graph under the host's name.
     */
    public static void claimCensus(Warehouse warehouse, SwitchingHost host) {
        warehouse.claim(SwitchingSchemas.SUBGRAPHS, partitions(List.of(host)));
        warehouse.claim(SwitchingSchemas.HOSTS, partitions(List.of(host)));
    }

    /** As {@link #claimCensus}, for whole hosts decided ({@link #decideAll}). */
    public static void claimDecided(Warehouse warehouse, List<SwitchingHost> hosts) {
        warehouse.claim(SwitchingSchemas.DECIDED, partitions(hosts));
        warehouse.claim(SwitchingSchemas.HOSTS, partitions(hosts));
    }

    /** The hosts' partitions (of any of the switching tables), each with its graph as its parameters. */
    public static List<TablePartition> partitions(List<SwitchingHost> hosts) {
        final List<TablePartition> partitions = new ArrayList<>();
        for (SwitchingHost h : hosts) {
            partitions.add(TablePartition.withParameters(parameters(h), h.name()));
        }
        return partitions;
    }

    /** Whole hosts decided on the executors, one per partition: rows of {@link SwitchingSchemas#DECIDED}. */
    public static Dataset<Row> decided(SparkSession spark, List<SwitchingHost> hosts, long budget) {
        final JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return spark.createDataFrame(
                jsc.parallelize(hosts, Math.max(1, hosts.size()))
                        .map(h -> WholeHostDecision.decide(h, budget).toRow()),
                SwitchingSchemas.DECIDED.struct());
    }

    /**
     * Fails when the solver and the criterion disagree anywhere, or when a P-position appears
     * (the game has none: securing never hurts Short, deleting never hurts Cut).
     */
    public static void check(Dataset<Row> subgraphs) {
        CensusChecks.failIfAny(subgraphs, CHECK.bad().column(), CHECK.what(), CHECK.show());
    }

    /** Summary of one committed census. */
    public record Summary(String host, long subgraphs, long l, long r, long n, long p, long seconds) {
        @Override
        public String toString() {
            return "switching census on " + host + ": " + subgraphs + " subgraphs, " + l + " L, " + r + " R, " + n
                    + " N, " + p + " P; solver and criterion agree on all (" + seconds + " s)";
        }
    }

    /**
     * Runs the census of {@code host}, checks it and commits it to the warehouse (its host
     * partition only). Nothing is written when the check fails.
     */
    public static Summary census(SparkSession spark, Warehouse warehouse, SwitchingHost host, int partitions) {
        final long start = System.nanoTime();
        claimCensus(warehouse, host);
        final int p = partitions > 0
                ? partitions
                : CensusDatasets.defaultPartitions(spark, new SwitchingSlices(host).sliceCount());
        final CensusCommit.Committed t =
                CensusCommit.commit(spark, warehouse, slices(host, p), partitions(List.of(host)), CHECK, OUTCOMES);
        commitHosts(spark, warehouse, List.of(host));
        return new Summary(
                host.name(),
                t.rows(),
                t.tally(0),
                t.tally(1),
                t.tally(2),
                t.tally(3),
                (System.nanoTime() - start) / 1_000_000_000L);
    }

    /**
     * As {@link #census}, in {@code chunks} chunks of consecutive slices, each committed with its
     * manifest before the next starts ({@link ChunkedCommit}): a rerun after a kill skips the
     * chunks already committed and verified, and the result equals an uninterrupted run's.
     */
    public static ChunkedCommit.Chunked<Summary> censusInChunks(
            SparkSession spark, Warehouse warehouse, SwitchingHost host, int partitions, int chunks) {
        final long start = System.nanoTime();
        final SwitchingSlices slices = new SwitchingSlices(host);
        final long count = slices.sliceCount();
        ChunkedCommit.checkChunks(chunks, count);
        claimCensus(warehouse, host);
        final int p = partitions > 0 ? partitions : CensusDatasets.defaultPartitions(spark, count / chunks + 1);
        // The run key names the host by its links too, so a different host of the same name never reuses chunks.
        final String run =
                host.name() + "-" + Integer.toHexString(host.linksText().hashCode()) + "-" + chunks;
        final ChunkedCommit.Result r = ChunkedCommit.commit(
                spark,
                warehouse,
                SwitchingSchemas.SUBGRAPHS,
                partitions(List.of(host)),
                run,
                chunks,
                i -> SliceCensus.dealt(
                        CensusDatasets.chunk(CensusDatasets.ids(count), i, chunks),
                        p,
                        slices,
                        SwitchingSchemas.SUBGRAPHS),
                CHECK,
                OUTCOMES);
        commitHosts(spark, warehouse, List.of(host));
        final CensusCommit.Committed t = r.committed();
        return new ChunkedCommit.Chunked<>(
                new Summary(
                        host.name(),
                        t.rows(),
                        t.tally(0),
                        t.tally(1),
                        t.tally(2),
                        t.tally(3),
                        (System.nanoTime() - start) / 1_000_000_000L),
                r.computed(),
                r.reused());
    }

    /** Decides whole hosts and commits them (their partitions of {@code switching_decided}). */
    public static List<WholeHostDecisionRow> decideAll(
            SparkSession spark, Warehouse warehouse, List<SwitchingHost> hosts, long budget) {
        claimDecided(warehouse, hosts);
        final Dataset<Row> rows = decided(spark, hosts, budget).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            final List<Row> collected = DriverRows.of(rows);
            final List<WholeHostDecisionRow> result = new ArrayList<>();
            for (Row r : collected) {
                final WholeHostDecisionRow d = new WholeHostDecisionRow(
                        r.getString(15),
                        r.getString(4),
                        r.isNullAt(7) ? null : r.getString(7),
                        r.getLong(8),
                        r.getInt(13),
                        r.getInt(1));
                if (Boolean.FALSE.equals(r.isNullAt(9) ? null : r.getBoolean(9))) {
                    throw new CensusFailure("host " + d.host() + ": solver and criterion disagree (outcomes "
                            + d.solverOutcome() + " and " + d.criterionOutcome() + ", winning openings "
                            + Long.bitCount(r.getLong(14)) + " and " + d.winningOpenings()
                            + "); nothing was published");
                }
                result.add(d);
            }
            CensusCommit.commit(
                    spark, warehouse, SwitchingSchemas.DECIDED, rows, partitions(hosts), CensusCommit.Check.none());
            commitHosts(spark, warehouse, hosts);
            return result;
        } finally {
            rows.unpersist();
        }
    }

    /** What {@link #decideAll} reports per host. */
    public record WholeHostDecisionRow(
            String host,
            String criterionOutcome,
            String solverOutcome,
            long solverNodes,
            int winningOpenings,
            int links) {
        @Override
        public String toString() {
            return "decided " + host + ": criterion " + criterionOutcome + ", solver "
                    + (solverOutcome == null
                            ? "gave up after " + solverNodes + " nodes"
                            : solverOutcome + " (" + solverNodes + " nodes)")
                    + ", " + winningOpenings + " of " + links + " openings win";
        }
    }
}
