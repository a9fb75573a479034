package org.gamecensus.jobs.publish;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The questions the essays leave open, read from one data file ({@code conf/open-questions.csv}):
 * each with its essay, the question as the essay puts it, the Spark SQL query over the warehouse
 * whose one value is the answer in one sentence, and the published table and figure behind it.
 * The Java code holds no answer.
 */
public final class OpenQuestions {

    /** One question as written in the file; {@code table} and {@code figure} may be empty. */
    public record Question(String id, String essay, String question, String answerQuery, String table, String figure) {}

    /** A question with its answer from the warehouse, or null where its census was not run. */
    public record Answer(Question question, String sentence) {}

    private OpenQuestions() {}

    /** Reads the questions file with Spark's CSV reader (quoted fields may hold commas). */
    public static List<Question> load(SparkSession spark, Path file) {
        final List<Question> questions = new ArrayList<>();
        for (Row r : EssayClaims.rows(spark, file, "open questions")) {
            questions.add(new Question(
                    r.getAs("id"),
                    r.getAs("essay"),
                    r.getAs("question"),
                    r.getAs("answer_query"),
                    blank(r.getAs("table")),
                    blank(r.getAs("figure"))));
        }
        return questions;
    }

    private static String blank(String s) {
        return s == null ? "" : s.strip();
    }

    /** Runs every question's query over the registered warehouse views. */
    public static List<Answer> answer(SparkSession spark, List<Question> questions) {
        final List<Answer> out = new ArrayList<>();
        for (Question q : questions) {
            out.add(new Answer(q, EssayClaims.value(spark, q.answerQuery())));
        }
        return out;
    }
}
