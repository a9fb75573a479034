package org.gamecensus.jobs.publish;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.CellText;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The warehouse as a Jupyter notebook sees it: a local Spark session with every table registered
 * as a view, query results as HTML tables, and the essays' figures drawn from the same rows by the
 * same code as {@code census publish} (as SVG strings or PNG bytes, for the kernel's display).
 *
 * <p>The views the figures read: {@code cram_run}, the essay's catalogue ({@link
 * CramJob#DEFAULT_MAX_SQUARES} squares); {@code cram_trend} and {@code lumberjack_run}, the whole
 * of their tables (the publisher limits them to its published sizes).
 */
public final class CensusNotebook implements AutoCloseable {

    /** Rows shown by {@link #html(String)} unless told otherwise. */
    public static final int DEFAULT_ROWS = 50;

    /**
     * Janino's java.util.logging output, quietened: a notebook kernel may log every level, and
     * Janino's finest messages fail to format (an empty class descriptor), failing Spark's code
     * generation. Held here because java.util.logging keeps loggers only weakly.
     */
    private static final Logger JANINO_LOG = Logger.getLogger("org.codehaus");

    private final SparkSession spark;
    private final List<String> views;
    private final Map<String, Map<String, Drawn>> drawn = new LinkedHashMap<>();

    private final boolean ownsSession;

    private CensusNotebook(SparkSession spark, List<String> views, boolean ownsSession) {
        this.spark = spark;
        this.views = views;
        this.ownsSession = ownsSession;
    }

    /**
     * Opens the warehouse under {@code out} (the {@code --out} of {@code census publish}).
     *
     * @throws IllegalArgumentException when there is no warehouse there
     */
    public static CensusNotebook open(String out) {
        final Warehouse warehouse = existing(out);
        JANINO_LOG.setLevel(Level.WARNING);
        final SparkSession spark = CensusSession.create(
                null,
                "gamecensus notebook",
                CensusSession.forUserQueries(null, Map.of("spark.ui.showConsoleProgress", "false")));
        return new CensusNotebook(spark, register(spark, warehouse), true);
    }

    /** Opens the warehouse under {@code out} in a session the caller owns ({@link #close()} leaves it running). */
    public static CensusNotebook open(SparkSession spark, String out) {
        return new CensusNotebook(spark, register(spark, existing(out)), false);
    }

    private static Warehouse existing(String out) {
        final Warehouse warehouse = Warehouse.at(out);
        if (!warehouse.exists()) {
            throw new IllegalArgumentException(
                    "no warehouse at " + warehouse.root() + "; run `bin/census publish --out " + out + "` first");
        }
        return warehouse;
    }

    private static List<String> register(SparkSession spark, Warehouse warehouse) {
        final List<String> views = warehouse.registerViews(spark);
        if (views.contains("cram")) {
            spark.sql("SELECT * FROM cram WHERE squares <= " + CramJob.DEFAULT_MAX_SQUARES)
                    .createOrReplaceTempView("cram_run");
            spark.table("cram").createOrReplaceTempView("cram_trend");
        }
        if (views.contains("lumberjack")) {
            spark.table("lumberjack").createOrReplaceTempView("lumberjack_run");
        }
        return List.copyOf(views);
    }

    public SparkSession spark() {
        return spark;
    }

    /** The warehouse's tables, each a view of that name. */
    public List<String> tables() {
        return views;
    }

    public Dataset<Row> sql(String query) {
        return spark.sql(query);
    }

    /**
     * One census of the registry ({@link Censuses}) as HTML: what it decides, and each of its
     * tables with what a row is and how many rows this warehouse holds (none: not run here).
     *
     * @throws IllegalArgumentException for a name the registry does not know
     */
    public String overview(String census) {
        final Census c = registered(census);
        final StringBuilder b = new StringBuilder("<p><b>")
                .append(IndexPage.esc(c.name()))
                .append("</b>: ")
                .append(IndexPage.esc(c.description()))
                .append(
                        "</p><table><thead><tr><th>table</th><th>rows</th><th>what a row is</th></tr></thead><tbody>\n");
        for (DatasetSchema schema : c.schemas()) {
            final long rows =
                    views.contains(schema.table()) ? spark.table(schema.table()).count() : 0;
            b.append("<tr><td>")
                    .append(IndexPage.esc(schema.table()))
                    .append("</td><td>")
                    .append(rows)
                    .append("</td><td>")
                    .append(IndexPage.esc(schema.description()))
                    .append("</td></tr>\n");
        }
        return b.append("</tbody></table>").toString();
    }

    private static Census registered(String census) {
        for (Census c : Censuses.ALL) {
            if (c.name().equals(census)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no census " + census + "; the registry has " + Censuses.names());
    }

    /** The first {@link #DEFAULT_ROWS} rows of a query as an HTML table. */
    public String html(String query) {
        return html(query, DEFAULT_ROWS);
    }

    /** The first {@code maxRows} rows of a query as an HTML table, with a line saying when rows were left off. */
    public String html(String query, int maxRows) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1, not " + maxRows);
        }
        final Dataset<Row> result = spark.sql(query);
        final List<Row> rows = DriverRows.of(result.limit(maxRows + 1));
        final StringBuilder b = new StringBuilder("<table><thead><tr>");
        for (StructField f : result.schema().fields()) {
            b.append("<th>").append(IndexPage.esc(f.name())).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (Row r : rows.subList(0, Math.min(maxRows, rows.size()))) {
            b.append("<tr>");
            for (int i = 0; i < r.length(); i++) {
                b.append("<td>")
                        .append(IndexPage.esc(PublishedTable.shown(CellText.of(r.get(i)))))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>");
        if (rows.size() > maxRows) {
            b.append("<p><i>first ").append(maxRows).append(" rows shown</i></p>");
        }
        return b.toString();
    }

    /** The figures of one census of the registry, as file names. */
    public List<String> figures(String census) {
        return List.copyOf(drawn(census).keySet());
    }

    public String caption(String file) {
        return figure(file).caption();
    }

    /**
     * A figure as an HTML {@code <figure>}: the SVG inline (its XML prolog dropped) with its
     * caption, for a notebook's {@code display("text/html", …)}.
     */
    public String figureHtml(String file) {
        final String svg = svg(file);
        final int start = svg.indexOf("<svg");
        return "<figure>" + svg.substring(Math.max(start, 0)) + "<figcaption>" + IndexPage.esc(caption(file))
                + "</figcaption></figure>";
    }

    public String svg(String file) {
        return figure(file).picture().svg();
    }

    public byte[] png(String file) {
        return figure(file).picture().png();
    }

    /** A drawn figure: its caption and picture. */
    private record Drawn(String caption, Picture picture) {}

    private Drawn figure(String file) {
        for (Map<String, Drawn> census : drawn.values()) {
            if (census.containsKey(file)) {
                return census.get(file);
            }
        }
        final String census = file.substring(0, Math.max(0, file.indexOf('_')));
        final Drawn d = drawn(census).get(file);
        if (d == null) {
            throw new IllegalArgumentException("no figure " + file);
        }
        return d;
    }

    /** Draws one census's figures on first use, from its own tables only (the registry's). */
    private Map<String, Drawn> drawn(String census) {
        return drawn.computeIfAbsent(census, c -> {
            final List<String> own = registered(c).schemas().stream()
                    .map(DatasetSchema::table)
                    .filter(views::contains)
                    .toList();
            final Map<String, Picture> pictures = new LinkedHashMap<>();
            final Map<String, Drawn> out = new LinkedHashMap<>();
            for (Figures.Figure f : Figures.draw(spark, own, pictures)) {
                out.put(f.file(), new Drawn(f.caption(), pictures.get(f.file())));
            }
            return out;
        });
    }

    @Override
    public void close() {
        if (ownsSession) {
            spark.stop();
        }
    }
}
