package org.gamecensus.jobs.publish;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.Warehouse;

/**
 * Writes {@code figures/} and {@code index.html} from the warehouse and the published tables:
 * every essay claim checked by its query, every figure redrawn from rows.
 */
public final class Publisher {

    private Publisher() {}

    /** The outcome: the claims as checked, and the figures drawn. */
    public record Result(List<EssayClaims.Verdict> verdicts, List<Figures.Figure> figures) {}

    public static Result publish(
            SparkSession spark, Warehouse warehouse, List<PublishedTable> tables, Path claimsFile) {
        final List<String> views = warehouse.tables();
        final List<EssayClaims.Verdict> verdicts = EssayClaims.check(spark, EssayClaims.load(spark, claimsFile));
        final List<Figures.Figure> figures =
                Figures.draw(spark, views, warehouse.out().resolve("figures"));
        Warehouse.writeAtomically(warehouse.out().resolve("index.html"), IndexPage.html(verdicts, figures, tables));
        return new Result(verdicts, figures);
    }
}
