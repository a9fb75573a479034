package org.gamecensus.jobs.publish;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The essays the page answers to, from {@code conf/essays.csv} beside the claims: each essay's id
 * (as the claims and questions name it), its title, and the censuses that check it.
 */
final class Essays {

    /** The file beside the claims file. */
    static final String FILE = "essays.csv";

    /** One essay: its id, title and censuses. */
    record Essay(String id, String title, List<String> censuses) {}

    private Essays() {}

    /** The essays of {@code file}, in its order; none when there is no such file. */
    static List<Essay> load(SparkSession spark, Path file) {
        final List<Essay> essays = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return essays;
        }
        for (Row r : EssayClaims.rows(spark, file, "essays")) {
            final String censuses = EssayClaims.optional(r, "censuses");
            essays.add(new Essay(
                    r.getAs("id"),
                    EssayClaims.optional(r, "title"),
                    censuses.isEmpty() ? List.of() : Arrays.asList(censuses.split("\\s+"))));
        }
        return essays;
    }
}
