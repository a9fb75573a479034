package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.PartitionSummary;

/**
 * One partition's counts ({@link PartitionSummary}) as its writer makes them, row by row, and
 * their text in the partition's manifest. The groups' values are kept in an open-addressing table
 * of packed keys (at most two integer columns, each 32 bits), so a row costs one probe and no
 * allocation; a task's counts and another's add up ({@link #add}).
 *
 * <p>The text: the groups in ascending order of their values, separated by {@code ;}, each the
 * group's values then its measures, separated by {@code ,}.
 */
final class SummaryCounts implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Slots of a new table: a power of two, as the probe's mask needs. */
    private static final int INITIAL_SLOTS = 16;

    /** Fibonacci hashing's multiplier (2^64 / φ), which spreads keys that differ in few bits. */
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private final int groupColumns;
    private final int measures;
    private long[] keys = new long[INITIAL_SLOTS];
    private long[][] sums = new long[INITIAL_SLOTS][];
    private int size = 0;

    SummaryCounts(PartitionSummary summary) {
        this.groupColumns = summary.groupBy().size();
        this.measures = summary.measures().size();
        assert groupColumns <= PartitionSummary.MAX_GROUPS : "keys pack at most two int columns";
    }

    /** The measures of the group {@code key}, made when absent. */
    private long[] group(long key) {
        int i = slot(key);
        if (sums[i] == null) {
            // At most half the slots full, so a probe ends soon at an empty one.
            if (2 * (size + 1) > keys.length) {
                grow();
                i = slot(key);
            }
            keys[i] = key;
            sums[i] = new long[measures];
            size++;
        }
        return sums[i];
    }

    /** The slot of {@code key}: where it is, or the empty slot where it goes. */
    private int slot(long key) {
        final int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (sums[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static long mix(long key) {
        final long h = key * MULTIPLIER;
        return h ^ (h >>> Integer.SIZE);
    }

    private void grow() {
        final long[] oldKeys = keys;
        final long[][] oldSums = sums;
        keys = new long[oldKeys.length * 2];
        sums = new long[oldKeys.length * 2][];
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldSums[j] != null) {
                final int i = slot(oldKeys[j]);
                keys[i] = oldKeys[j];
                sums[i] = oldSums[j];
            }
        }
    }

    /** Two int values in one long, the first in the high half ({@link #text} takes them apart). */
    private static long pack(int first, int second) {
        return ((long) first << Integer.SIZE) | Integer.toUnsignedLong(second);
    }

    /** Adds {@code other}'s counts (another task's of the same partition) to these. */
    void add(SummaryCounts other) {
        assert other.measures == measures && other.groupColumns == groupColumns;
        for (int j = 0; j < other.keys.length; j++) {
            if (other.sums[j] != null) {
                final long[] mine = group(other.keys[j]);
                for (int m = 0; m < measures; m++) {
                    mine[m] += other.sums[j][m];
                }
            }
        }
    }

    /** The counts as the manifest keeps them (see the class comment). */
    String text() {
        final List<long[]> rows = new ArrayList<>();
        for (int j = 0; j < keys.length; j++) {
            if (sums[j] != null) {
                final long[] r = new long[groupColumns + measures];
                // The cases: two groups (high and low half), one (low half), none.
                if (groupColumns == 2) {
                    r[0] = (int) (keys[j] >> Integer.SIZE);
                    r[1] = (int) keys[j];
                } else if (groupColumns == 1) {
                    r[0] = (int) keys[j];
                }
                System.arraycopy(sums[j], 0, r, groupColumns, measures);
                rows.add(r);
            }
        }
        rows.sort(Arrays::compare);
        final StringBuilder b = new StringBuilder();
        for (long[] r : rows) {
            if (b.length() > 0) {
                b.append(';');
            }
            for (int c = 0; c < r.length; c++) {
                b.append(c == 0 ? "" : ",").append(r[c]);
            }
        }
        return b.toString();
    }

    /**
     * The rows of a manifest's text: each the group's values (ints) then the measures (longs);
     * null when the text is not counts of {@code groupColumns} groups and {@code measures}
     * measures.
     */
    static List<Object[]> parse(String text, int groupColumns, int measures) {
        final List<Object[]> rows = new ArrayList<>();
        if (text.isEmpty()) {
            return rows;
        }
        try {
            for (String group : text.split(";", -1)) {
                final String[] v = group.split(",", -1);
                if (v.length != groupColumns + measures) {
                    return null;
                }
                final Object[] r = new Object[v.length];
                for (int c = 0; c < v.length; c++) {
                    r[c] = c < groupColumns ? (Object) Integer.parseInt(v[c]) : (Object) Long.parseLong(v[c]);
                }
                rows.add(r);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return rows;
    }

    /** Counts read back from their text ({@link #text}); null when it is not counts of {@code summary}. */
    static SummaryCounts of(PartitionSummary summary, String text) {
        final List<Object[]> rows =
                parse(text, summary.groupBy().size(), summary.measures().size());
        return rows == null ? null : of(summary, rows);
    }

    /**
     * Counts of {@code summary} from its groups as {@link #parse} gives them: each the group's
     * values (ints), then its measures (longs); a group listed twice adds up.
     */
    static SummaryCounts of(PartitionSummary summary, List<Object[]> rows) {
        final int g = summary.groupBy().size();
        final SummaryCounts counts = new SummaryCounts(summary);
        for (Object[] r : rows) {
            final long key = g == 0 ? 0L : g == 1 ? pack(0, (Integer) r[0]) : pack((Integer) r[0], (Integer) r[1]);
            final long[] sums = counts.group(key);
            for (int m = 0; m < sums.length; m++) {
                sums[m] += (Long) r[g + m];
            }
        }
        return counts;
    }

    /**
     * The summary's columns looked up in a schema, to count rows of it: each column a term reads
     * is read once a row, its distinct terms tested on the value into a bit each of a mask, and a
     * measure counts the row when the mask has every bit of its terms.
     */
    static final class Counter {
        private final int[] group;
        private final int[] sumOf;
        private final long[] needs;
        /** The columns the terms read; column {@code k}'s terms are {@code [first[k], first[k + 1])}. */
        private final int[] columns;

        private final int[] first;
        private final PartitionSummary.Test[] test;
        private final int[] value;

        Counter(PartitionSummary summary, StructType schema) {
            this.group = summary.groupBy().stream().mapToInt(schema::fieldIndex).toArray();
            // The distinct terms, those of one column together; a term's bit is its place here.
            final List<PartitionSummary.Term> terms = new ArrayList<>();
            final List<String> read = new ArrayList<>();
            for (PartitionSummary.Measure m : summary.measures()) {
                for (PartitionSummary.Term t : m.when()) {
                    if (!read.contains(t.column())) {
                        read.add(t.column());
                    }
                }
            }
            this.columns = new int[read.size()];
            this.first = new int[read.size() + 1];
            for (int k = 0; k < read.size(); k++) {
                columns[k] = schema.fieldIndex(read.get(k));
                first[k] = terms.size();
                for (PartitionSummary.Measure m : summary.measures()) {
                    for (PartitionSummary.Term t : m.when()) {
                        if (t.column().equals(read.get(k)) && !terms.contains(t)) {
                            terms.add(t);
                        }
                    }
                }
            }
            first[read.size()] = terms.size();
            assert terms.size() <= PartitionSummary.MAX_TERMS : "PartitionSummary.check limits the terms";
            this.test = terms.stream().map(PartitionSummary.Term::test).toArray(PartitionSummary.Test[]::new);
            this.value = terms.stream().mapToInt(PartitionSummary.Term::value).toArray();
            final int n = summary.measures().size();
            this.sumOf = new int[n];
            this.needs = new long[n];
            for (int m = 0; m < n; m++) {
                final PartitionSummary.Measure measure = summary.measures().get(m);
                sumOf[m] = measure.sumOf() == null ? -1 : schema.fieldIndex(measure.sumOf());
                for (PartitionSummary.Term t : measure.when()) {
                    needs[m] |= 1L << terms.indexOf(t);
                }
            }
        }

        /** Counts {@code row} into {@code counts}. */
        void count(Row row, SummaryCounts counts) {
            final long key = group.length == 0
                    ? 0L
                    : group.length == 1
                            ? pack(0, row.getInt(group[0]))
                            : pack(row.getInt(group[0]), row.getInt(group[1]));
            final long[] sums = counts.group(key);
            final long met = terms(row);
            for (int m = 0; m < sumOf.length; m++) {
                if ((met & needs[m]) == needs[m]) {
                    // A summed column is never null (PartitionSummary.check).
                    sums[m] += sumOf[m] < 0 ? 1 : row.getInt(sumOf[m]);
                }
            }
        }

        /** The terms {@code row} meets, a bit each; a null meets none, as in SQL. */
        private long terms(Row row) {
            long met = 0;
            for (int k = 0; k < columns.length; k++) {
                final Object v = row.get(columns[k]);
                if (v == null) {
                    continue;
                }
                // The cases: a boolean column (true, or not null); an integer one (not null, or compared).
                if (v instanceof Boolean) {
                    final boolean b = (Boolean) v;
                    for (int t = first[k]; t < first[k + 1]; t++) {
                        if (b || test[t] == PartitionSummary.Test.NOT_NULL) {
                            met |= 1L << t;
                        }
                    }
                } else {
                    final int x = (Integer) v;
                    for (int t = first[k]; t < first[k + 1]; t++) {
                        final boolean meets = switch (test[t]) {
                            case NOT_NULL -> true;
                            case EQUAL -> x == value[t];
                            case AT_LEAST -> x >= value[t];
                            case AT_MOST -> x <= value[t];
                            case TRUE -> false; // not on an integer column (PartitionSummary.check)
                        };
                        if (meets) {
                            met |= 1L << t;
                        }
                    }
                }
            }
            return met;
        }
    }
}
