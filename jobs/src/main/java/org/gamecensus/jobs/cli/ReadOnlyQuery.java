package org.gamecensus.jobs.cli;

import java.util.Locale;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedFunction;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.parser.ParseException;
import org.apache.spark.sql.catalyst.plans.logical.Command;
import org.apache.spark.sql.catalyst.plans.logical.InsertIntoDir;
import org.apache.spark.sql.catalyst.plans.logical.ParsedStatement;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.gamecensus.jobs.census.UsageException;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;

/**
 * The check that keeps {@code census sql} read-only: a statement is parsed (not run: Spark runs
 * commands as soon as {@code spark.sql} sees them) and refused when it would change state — any
 * command (DROP, CREATE, CACHE, SET, ADD JAR, …) other than those that only show (SHOW,
 * DESCRIBE, EXPLAIN), any statement parsed for a later command (INSERT INTO), any write to a
 * directory (INSERT OVERWRITE DIRECTORY) — or call Java methods ({@code reflect},
 * {@code java_method}).
 * Cost: one walk of the parsed plan and its expressions.
 */
final class ReadOnlyQuery {

    /** Commands that only show: the root of a statement may be one of these. */
    private static final Set<String> SHOWING = Set.of("ShowTables", "ShowViews", "ShowColumns", "ShowFunctions",
            "ShowTableProperties", "DescribeRelation", "DescribeColumn", "DescribeFunction", "DescribeQueryCommand",
            "ExplainCommand");

    /** Functions that call any Java method. */
    private static final Set<String> JAVA_CALLS = Set.of("reflect", "java_method", "try_reflect");

    private ReadOnlyQuery() {
    }

    /**
     * Refuses {@code query} unless it only reads.
     *
     * @throws UsageException naming what the statement would do, or the parser's message
     */
    static void check(SparkSession spark, String query) {
        final LogicalPlan plan;
        try {
            plan = spark.sessionState().sqlParser().parsePlan(query);
        } catch (ParseException e) {
            throw new UsageException("bad query: " + e.getMessage().split("\n")[0]);
        }
        if (plan instanceof Command && SHOWING.contains(plan.getClass().getSimpleName())) {
            return; // what it shows is read, not run
        }
        walk(plan);
    }

    private static void walk(LogicalPlan plan) {
        plan.foreach(new AbstractFunction1<LogicalPlan, BoxedUnit>() {
            @Override
            public BoxedUnit apply(LogicalPlan node) {
                if (node instanceof Command || node instanceof ParsedStatement || node instanceof InsertIntoDir) {
                    throw new UsageException("census sql is read-only: " + describe(node) + " would change state");
                }
                node.expressions().foreach(new AbstractFunction1<Expression, BoxedUnit>() {
                    @Override
                    public BoxedUnit apply(Expression e) {
                        e.foreach(new AbstractFunction1<Expression, BoxedUnit>() {
                            @Override
                            public BoxedUnit apply(Expression x) {
                                if (x instanceof UnresolvedFunction f && JAVA_CALLS.contains(
                                        f.nameParts().last().toLowerCase(Locale.ROOT))) {
                                    throw new UsageException("census sql is read-only: " + f.nameParts().last()
                                            + "(…) calls Java methods");
                                }
                                if (x instanceof SubqueryExpression s) {
                                    walk(s.plan());
                                }
                                return BoxedUnit.UNIT;
                            }
                        });
                        return BoxedUnit.UNIT;
                    }
                });
                return BoxedUnit.UNIT;
            }
        });
    }

    /** A command by its kind, e.g. "DropView" → "DROP VIEW". */
    private static String describe(LogicalPlan command) {
        final String name = command.getClass().getSimpleName().replaceAll("(Command|Statement)$", "")
                .replaceAll("^InsertInto.*", "Insert");
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toUpperCase(Locale.ROOT);
    }
}
