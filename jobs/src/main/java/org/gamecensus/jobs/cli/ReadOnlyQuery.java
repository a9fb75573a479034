package org.gamecensus.jobs.cli;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.QueryPlanningTracker;
import org.apache.spark.sql.catalyst.analysis.UnresolvedFunction;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.expressions.CallMethodViaReflection;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.QueryPlan;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoDir;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ParsedStatement;
import org.apache.spark.sql.catalyst.plans.logical.ScriptTransformation;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.catalyst.plans.logical.View;
import org.gamecensus.jobs.census.UsageException;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The check that keeps {@code census sql} read-only. A statement is refused when it would change
 * state — a command (DROP, CREATE, INSERT, CACHE, SET, ADD JAR, …) other than those that only
 * show (SHOW, DESCRIBE, EXPLAIN), a statement parsed for a later command (INSERT INTO), a write
 * to a directory (INSERT OVERWRITE DIRECTORY) — or run code: Java methods ({@code reflect},
 * {@code java_method}, {@code try_reflect}), a program ({@code TRANSFORM … USING}). It is checked twice, neither time run (Spark runs a
 * command as soon as {@code spark.sql} sees it): as parsed ({@link #parsed}, for a message that
 * names the statement), and as analysed once the views exist ({@link #analysed}: what the parser
 * left unresolved — an {@code IDENTIFIER(…)} clause, a function's name — is then resolved).
 * Cost: a walk of each plan, its expressions, their subqueries and its common table expressions.
 */
final class ReadOnlyQuery {

    /** Commands that only show: the root of a statement may be one of these. */
    private static final Set<String> SHOWING = Set.of(
            "ShowTables",
            "ShowViews",
            "ShowColumns",
            "ShowFunctions",
            "ShowTableProperties",
            "ShowCreateTable",
            "DescribeRelation",
            "DescribeColumn",
            "DescribeFunction",
            "DescribeQueryCommand",
            "ExplainCommand",
            "ShowTablesCommand",
            "ShowViewsCommand",
            "ShowColumnsCommand",
            "ShowFunctionsCommand",
            "DescribeTableCommand",
            "DescribeColumnCommand",
            "DescribeFunctionCommand",
            "ShowTablePropertiesCommand",
            "ShowCreateTableCommand",
            "ShowCreateTableAsSerdeCommand");

    /**
     * Spark's file sources, which name a file as a table ({@code parquet.`path`}) where files may
     * be read as tables; census sql reads its views only.
     */
    private static final Set<String> FILE_SOURCES =
            Set.of("parquet", "orc", "json", "csv", "text", "avro", "binaryfile", "delta", "hive");

    /** Functions that call any Java method, by name, before they are resolved. */
    private static final Set<String> JAVA_CALLS = Set.of("reflect", "java_method", "try_reflect");

    private ReadOnlyQuery() {}

    /**
     * Refuses {@code query} as parsed unless it only reads.
     *
     * @throws UsageException naming what the statement would do, or the parser's message
     */
    static void parsed(SparkSession spark, String query) {
        final LogicalPlan plan;
        try {
            plan = spark.sessionState().sqlParser().parsePlan(query);
        } catch (ParseException e) {
            // Spark's message starts with a blank line, then the error, then the query marked.
            throw new UsageException("bad query: " + CensusCli.firstLine(e.getMessage()));
        }
        check(plan, null);
    }

    /**
     * Refuses {@code query} as analysed (its views registered) unless it only reads; an analysis
     * error is left for the query itself to report.
     *
     * @return the views the query reads (empty when it does not analyse)
     * @throws UsageException naming what the statement would do
     */
    static Set<String> analysed(SparkSession spark, String query) {
        final LogicalPlan analysed;
        try {
            analysed = spark.sessionState()
                    .analyzer()
                    .executeAndCheck(
                            spark.sessionState().sqlParser().parsePlan(query),
                            new QueryPlanningTracker(scala.Option.empty()));
        } catch (Exception e) { // Spark's AnalysisException, checked in Java's eyes but thrown unchecked
            return Set.of();
        }
        final Set<String> read = new TreeSet<>();
        check(analysed, read);
        return read;
    }

    /** Checks {@code plan}, adding the views and aliases it reads to {@code read} (when not null). */
    private static void check(LogicalPlan plan, Set<String> read) {
        if (plan instanceof Command && SHOWING.contains(plan.getClass().getSimpleName())) {
            return; // what it shows is read, not run
        }
        walk(plan, read);
    }

    private static void walk(LogicalPlan plan, Set<String> read) {
        plan.foreach(new AbstractFunction1<LogicalPlan, BoxedUnit>() {
            @Override
            public BoxedUnit apply(LogicalPlan node) {
                if (read != null && node instanceof View v) {
                    read.add(v.desc().identifier().table());
                }
                if (read != null && node instanceof SubqueryAlias a) {
                    read.add(a.alias());
                }
                if (node instanceof Command || node instanceof ParsedStatement || node instanceof InsertIntoDir) {
                    throw new UsageException("census sql is read-only: " + describe(node) + " would change state");
                }
                if (node instanceof UnresolvedRelation r
                        && r.multipartIdentifier().size() == 2
                        && FILE_SOURCES.contains(
                                r.multipartIdentifier().apply(0).toLowerCase(Locale.ROOT))) {
                    throw new UsageException("census sql reads the warehouse's tables by name, never files: "
                            + r.multipartIdentifier().apply(0) + ".`"
                            + r.multipartIdentifier().apply(1)
                            + "` names a file (SHOW TABLES lists the tables)");
                }
                if (node instanceof ScriptTransformation) {
                    throw new UsageException("census sql is read-only: TRANSFORM … USING runs a program");
                }
                node.expressions().foreach(new AbstractFunction1<Expression, BoxedUnit>() {
                    @Override
                    public BoxedUnit apply(Expression e) {
                        e.foreach(new AbstractFunction1<Expression, BoxedUnit>() {
                            @Override
                            public BoxedUnit apply(Expression x) {
                                checkExpression(x, read);
                                return BoxedUnit.UNIT;
                            }
                        });
                        return BoxedUnit.UNIT;
                    }
                });
                // Common table expressions and the like, which are not children.
                node.innerChildren().foreach(new AbstractFunction1<QueryPlan<?>, BoxedUnit>() {
                    @Override
                    public BoxedUnit apply(QueryPlan<?> inner) {
                        if (inner instanceof LogicalPlan p) {
                            walk(p, read);
                        }
                        return BoxedUnit.UNIT;
                    }
                });
                return BoxedUnit.UNIT;
            }
        });
    }

    /** Cases: a Java call by name (parsed) or resolved (analysed), or a subquery, walked in turn. */
    private static void checkExpression(Expression x, Set<String> read) {
        if (x instanceof UnresolvedFunction f
                && JAVA_CALLS.contains(f.nameParts().last().toLowerCase(Locale.ROOT))) {
            throw new UsageException("census sql is read-only: " + f.nameParts().last() + "(…) calls Java methods");
        }
        if (x instanceof CallMethodViaReflection) {
            throw new UsageException("census sql is read-only: reflect(…) calls Java methods");
        }
        if (x instanceof SubqueryExpression s) {
            walk(s.plan(), read);
        }
    }

    /** A command by its kind, e.g. "DropView" → "DROP VIEW". */
    private static String describe(LogicalPlan command) {
        final String name = command.getClass()
                .getSimpleName()
                .replaceAll("(Command|Statement)$", "")
                .replaceAll("^InsertInto.*", "Insert");
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(Locale.ROOT);
    }
}
