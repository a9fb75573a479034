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

    /** The open questions' file, beside the claims' unless given. */
    public static final String QUESTIONS = "open-questions.csv";

    /** The list of the figures drawn, beside them: file, census, caption (CSV). */
    public static final String FIGURE_LIST = "figures.csv";

    private Publisher() {}

    /** The outcome: the claims as checked, the open questions answered, and the figures drawn. */
    public record Result(
            List<EssayClaims.Verdict> verdicts, List<OpenQuestions.Answer> answers, List<Figures.Figure> figures) {}

    /**
     * Checks the claims of {@code claimsFile}, answers the questions of {@code questionsFile}
     * (the file beside it, {@code open-questions.csv}, when null), draws the figures and writes
     * the page.
     */
    public static Result publish(
            SparkSession spark, Warehouse warehouse, List<PublishedTable> tables, Path claimsFile, Path questionsFile) {
        final List<String> views = warehouse.tables();
        final List<EssayClaims.Verdict> verdicts = EssayClaims.check(spark, EssayClaims.load(spark, claimsFile));
        final Path questions = questionsFile != null ? questionsFile : claimsFile.resolveSibling(QUESTIONS);
        final List<OpenQuestions.Answer> answers = OpenQuestions.answer(spark, OpenQuestions.load(spark, questions));
        final Path dir = warehouse.publishDir();
        final List<Figures.Figure> figures = Figures.draw(spark, views, dir.resolve("figures"));
        Warehouse.writeAtomically(dir.resolve("figures").resolve(FIGURE_LIST), figureList(figures));
        Warehouse.writeAtomically(
                dir.resolve("index.html"),
                IndexPage.html(
                        Essays.load(spark, claimsFile.resolveSibling(Essays.FILE)),
                        verdicts,
                        answers,
                        figures,
                        tables));
        return new Result(verdicts, answers, figures);
    }

    /** Every figure as a CSV row: file, census, caption (quoted). */
    static String figureList(List<Figures.Figure> figures) {
        final StringBuilder b = new StringBuilder("file,census,caption\n");
        for (Figures.Figure f : figures) {
            b.append(f.file())
                    .append(',')
                    .append(f.census())
                    .append(",\"")
                    .append(f.caption().replace("\"", "\"\""))
                    .append("\"\n");
        }
        return b.toString();
    }
}
