package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;

/**
 * The CRC-32 of many warehouse files, computed by Spark tasks where the executors are rather than
 * read through the driver: checking a cluster's warehouse (K8 alone is about 1.8 GB) then reads
 * its bytes in parallel, each executor from the file system directly, and the driver reads none.
 *
 * <p>The files are shared out by Graham's longest-processing-time rule: largest first, each to the
 * task with the fewest bytes so far, over at most twice the default parallelism tasks, so that no
 * task is left with more than 4/3 of the best split's bytes. Cost: every byte read once,
 * O(total bytes / tasks) a task, plus O(files log tasks) on the driver to share them out.
 */
final class FileChecksums {

    private FileChecksums() {}

    /**
     * The CRC-32 of each file, by its URI ({@link WarehouseFiles#crc}: -1 for a file that cannot be
     * read), from one Spark job; no job for no files.
     */
    static Map<String, Long> of(SparkSession spark, List<FileStatus> files) {
        final Map<String, Long> crcs = new HashMap<>();
        if (files.isEmpty()) {
            return crcs;
        }
        final List<ArrayList<String>> tasks =
                shareOut(files, 2 * spark.sparkContext().defaultParallelism());
        final Broadcast<SerializableConfiguration> hadoop = CensusCommit.hadoopConfiguration(spark);
        final List<long[]> results = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .parallelize(tasks, tasks.size())
                .map(new CrcOfEach(hadoop))
                .collect();
        for (int t = 0; t < tasks.size(); t++) {
            final List<String> uris = tasks.get(t);
            final long[] values = results.get(t);
            assert values.length == uris.size() : "a CRC for every file of the task";
            for (int i = 0; i < uris.size(); i++) {
                crcs.put(uris.get(i), values[i]);
            }
        }
        return crcs;
    }

    /**
     * {@code files}' URIs in at most {@code maxTasks} non-empty lists, largest file first to the
     * lightest list (ties to the lower index, so the split depends only on the files).
     */
    static List<ArrayList<String>> shareOut(List<FileStatus> files, int maxTasks) {
        if (maxTasks < 1) {
            throw new IllegalArgumentException("files need at least one task, not " + maxTasks);
        }
        final List<FileStatus> bySize = new ArrayList<>(files);
        bySize.sort(Comparator.comparingLong(FileStatus::getLen)
                .reversed()
                .thenComparing(f -> f.getPath().toString()));
        final int n = Math.min(maxTasks, bySize.size());
        final List<ArrayList<String>> tasks = new ArrayList<>(n);
        final long[] load = new long[n];
        final PriorityQueue<Integer> lightest = new PriorityQueue<>(
                Comparator.<Integer>comparingLong(t -> load[t]).thenComparingInt(t -> t));
        for (int t = 0; t < n; t++) {
            tasks.add(new ArrayList<>());
            lightest.add(t);
        }
        for (FileStatus f : bySize) {
            final int t = lightest.poll();
            tasks.get(t).add(f.getPath().toString());
            load[t] += f.getLen();
            lightest.add(t);
        }
        return tasks;
    }

    /** One task's files to their CRC-32s, with the driver's Hadoop configuration (credentials, endpoints). */
    private static final class CrcOfEach implements Function<ArrayList<String>, long[]>, Serializable {
        private static final long serialVersionUID = 1L;
        private final Broadcast<SerializableConfiguration> hadoop;

        CrcOfEach(Broadcast<SerializableConfiguration> hadoop) {
            this.hadoop = hadoop;
        }

        @Override
        public long[] call(ArrayList<String> uris) {
            final long[] crcs = new long[uris.size()];
            for (int i = 0; i < crcs.length; i++) {
                crcs[i] = WarehouseFiles.crc(uris.get(i), hadoop.value().value());
            }
            return crcs;
        }
    }
}
