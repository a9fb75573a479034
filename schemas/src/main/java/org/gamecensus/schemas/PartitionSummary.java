package org.gamecensus.schemas;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Counts of a table's rows kept with each partition, grouped by small integer columns: each
 * measure a count of the rows meeting its terms, or a sum of an integer column over them. The
 * writer of a partition counts its rows as it writes them and keeps the counts in the partition's
 * manifest, so that a published table built on the counts reads a few rows instead of the table;
 * {@link #sql} is the same counts as Spark SQL over the rows, for a partition written without
 * them. A null value meets no term, as in SQL; a summed column may not be null.
 *
 * @param groupBy integer columns whose values group the counts (the partition columns come first)
 * @param measures the counts, in their order as columns
 */
public record PartitionSummary(List<String> groupBy, List<Measure> measures) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The most group columns a summary has: their values pack into one long per row. */
    public static final int MAX_GROUPS = 2;

    /** The most distinct terms a summary's measures have: a row's are tested once, a bit each of a long. */
    public static final int MAX_TERMS = Long.SIZE;

    public PartitionSummary {
        groupBy = List.copyOf(groupBy);
        measures = List.copyOf(measures);
        if (measures.isEmpty()) {
            throw new IllegalArgumentException("a summary needs a measure");
        }
    }

    /** What a term asks of its column. */
    public enum Test {
        TRUE,
        NOT_NULL,
        EQUAL,
        AT_LEAST,
        AT_MOST
    }

    /** One condition on a row: a boolean column true, a column not null, or an integer column compared with a value. */
    public record Term(String column, Test test, int value) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Term {
            Objects.requireNonNull(column, "a term needs a column");
            Objects.requireNonNull(test, "a term needs a test");
        }

        public static Term isTrue(String column) {
            return new Term(column, Test.TRUE, 0);
        }

        public static Term notNull(String column) {
            return new Term(column, Test.NOT_NULL, 0);
        }

        public static Term equal(String column, int value) {
            return new Term(column, Test.EQUAL, value);
        }

        public static Term atLeast(String column, int value) {
            return new Term(column, Test.AT_LEAST, value);
        }

        public static Term atMost(String column, int value) {
            return new Term(column, Test.AT_MOST, value);
        }

        /** The term as a Spark SQL condition, a case a test. */
        String sql() {
            final String c = "`" + column + "`";
            return switch (test) {
                case TRUE -> c;
                case NOT_NULL -> c + " IS NOT NULL";
                case EQUAL -> c + " = " + value;
                case AT_LEAST -> c + " >= " + value;
                case AT_MOST -> c + " <= " + value;
            };
        }
    }

    /**
     * A column of the summary: the rows meeting every term of {@code when} counted, or with
     * {@code sumOf} the values of that integer column over them summed.
     */
    public record Measure(String name, String sumOf, List<Term> when) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Measure {
            Objects.requireNonNull(name, "a measure needs a name");
            when = List.copyOf(when);
        }

        public static Measure count(String name, Term... when) {
            return new Measure(name, null, List.of(when));
        }

        public static Measure sum(String name, String column, Term... when) {
            return new Measure(name, Objects.requireNonNull(column), List.of(when));
        }

        /**
         * The measure as a Spark SQL aggregate. The cases: a count of every row, {@code COUNT(*)};
         * a sum over every row, {@code SUM(col)}; else {@code SUM(IF(terms, 1 or col, 0))}.
         */
        String sql() {
            final String value = sumOf == null ? "1" : "`" + sumOf + "`";
            if (when.isEmpty()) {
                return sumOf == null ? "COUNT(*)" : "SUM(" + value + ")";
            }
            return "SUM(IF(" + String.join(" AND ", when.stream().map(Term::sql).toList()) + ", " + value + ", 0))";
        }
    }

    /** Checks that every column named is one of {@code schema}'s, of the type its use needs. */
    void check(String table, StructType schema, List<String> partitionColumns) {
        final List<String> names = List.of(schema.fieldNames());
        final List<String> columns = new ArrayList<>();
        if (groupBy.size() > MAX_GROUPS) {
            throw new IllegalArgumentException("summary of " + table + ": at most " + MAX_GROUPS + " group columns");
        }
        final Set<Term> terms = new HashSet<>();
        measures.forEach(m -> terms.addAll(m.when()));
        if (terms.size() > MAX_TERMS) {
            throw new IllegalArgumentException("summary of " + table + ": at most " + MAX_TERMS + " distinct terms");
        }
        for (String g : groupBy) {
            if (columns.contains(g)) {
                throw new IllegalArgumentException("summary of " + table + ": group column " + g + " named twice");
            }
            checkType(table, schema, names, g, DataTypes.IntegerType);
            if (schema.apply(g).nullable()) {
                throw new IllegalArgumentException("summary of " + table + ": group column " + g + " may be null");
            }
            if (partitionColumns.contains(g)) {
                throw new IllegalArgumentException("summary of " + table + ": " + g + " is a partition column");
            }
            columns.add(g);
        }
        for (Measure m : measures) {
            if (m.sumOf() != null) {
                checkType(table, schema, names, m.sumOf(), DataTypes.IntegerType);
                // A sum over nulls alone is NULL in SQL and 0 as counted: the two would differ.
                if (schema.apply(m.sumOf()).nullable()) {
                    throw new IllegalArgumentException("summary of " + table + ": measure " + m.name() + " sums "
                            + m.sumOf() + ", which may be null");
                }
            }
            for (Term t : m.when()) {
                checkType(
                        table,
                        schema,
                        names,
                        t.column(),
                        t.test() == Test.TRUE
                                ? DataTypes.BooleanType
                                : t.test() == Test.NOT_NULL ? null : DataTypes.IntegerType);
            }
            if (!m.name().matches("[a-z][a-z0-9_]*")
                    || columns.contains(m.name())
                    || partitionColumns.contains(m.name())) {
                throw new IllegalArgumentException(
                        "summary of " + table + ": measure " + m.name() + " is not a lower-case name of its own");
            }
            columns.add(m.name());
        }
    }

    private static void checkType(String table, StructType schema, List<String> names, String column, DataType type) {
        if (!names.contains(column)) {
            throw new IllegalArgumentException("summary of " + table + ": no column " + column);
        }
        if (type != null && !schema.apply(column).dataType().equals(type)) {
            throw new IllegalArgumentException("summary of " + table + ": " + column + " is not "
                    + type.simpleString().toLowerCase(Locale.ROOT));
        }
    }

    /** The summary's columns after the partition columns: the groups', then the measures'. */
    public List<String> columns() {
        final List<String> columns = new ArrayList<>(groupBy);
        measures.forEach(m -> columns.add(m.name()));
        return columns;
    }

    /**
     * The counts as Spark SQL computes them from the rows of {@code view} (a table of {@code
     * schema}) meeting {@code where} (SQL; null: every row): the partition columns, the groups
     * (integers) and the measures (longs), one row per group that has rows.
     */
    public String sql(DatasetSchema schema, String view, String where) {
        final List<String> keys = new ArrayList<>();
        schema.partitionColumns().forEach(c -> keys.add("`" + c + "`"));
        groupBy.forEach(c -> keys.add("`" + c + "`"));
        final List<String> select = new ArrayList<>(keys);
        measures.forEach(m -> select.add(m.sql() + " AS `" + m.name() + "`"));
        return "SELECT " + String.join(", ", select) + " FROM " + view + (where == null ? "" : " WHERE " + where)
                + (keys.isEmpty() ? "" : " GROUP BY " + String.join(", ", keys));
    }

    /**
     * What identifies the summary's definition, beyond its columns' names: the CRC-32 of its SQL
     * (every group, term and sum), in hexadecimal. Counts kept under another definition are not
     * read as this one's.
     */
    public String definition(DatasetSchema schema) {
        final CRC32 crc = new CRC32();
        crc.update(sql(schema, "rows", null).getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }
}
