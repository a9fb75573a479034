package org.gamecensus.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The declarations a schema checks when it is made (partition columns, distinct columns, its rows' noun), and its JSON document read back. */
class DatasetSchemaTest {

    private static final DatasetSchema TREES = new DatasetSchema(
            "trees",
            3,
            new StructType(new StructField[] {
                DatasetSchema.field("encoding", DataTypes.StringType, false, "the tree"),
                DatasetSchema.field("grundy", DataTypes.IntegerType, false, "its value"),
                DatasetSchema.field("side", DataTypes.StringType, false, "left or right"),
                DatasetSchema.field("edges", DataTypes.IntegerType, false, "partition key"),
            }),
            List.of("edges"),
            "test trees");

    @Test
    void theStructReadsBackFromTheJsonDocumentWithItsTypesAndComments() {
        final StructType read = DatasetSchema.structFromJson(TREES.toJson());
        assertEquals(TREES.struct(), read);
        assertEquals("partition key", read.apply("edges").getComment().get());
        final IllegalArgumentException none = assertThrows(
                IllegalArgumentException.class, () -> DatasetSchema.structFromJson("{\"table\":\"trees\"}"));
        assertTrue(none.getMessage().startsWith("not a dataset schema document"), none.getMessage());
    }

    @Test
    void distinctColumnsAreDeclaredOnACopyThatKeepsEverythingElse() {
        final DatasetSchema declared = TREES.withDistinctColumns("encoding");
        assertEquals(List.of("encoding"), declared.distinctColumns());
        assertEquals(List.of(), TREES.distinctColumns(), "the schema declared on is unchanged");
        assertEquals(TREES.toJson(), declared.toJson(), "table, version, partitions and columns as before");
        assertEquals(TREES.description(), declared.description());
    }

    @Test
    void aDistinctColumnMustBeAStringColumnOfTheTableAndNoPartitionKey() {
        final IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> TREES.withDistinctColumns("picture"));
        assertTrue(unknown.getMessage().contains("picture is not a string column of trees"), unknown.getMessage());
        final IllegalArgumentException integer =
                assertThrows(IllegalArgumentException.class, () -> TREES.withDistinctColumns("encoding", "grundy"));
        assertTrue(integer.getMessage().contains("grundy is not a string column"), integer.getMessage());
        final DatasetSchema bySide = new DatasetSchema("sides", 1, TREES.struct(), List.of("side"), "by side");
        final IllegalArgumentException key =
                assertThrows(IllegalArgumentException.class, () -> bySide.withDistinctColumns("side"));
        assertTrue(key.getMessage().contains("side is a partition column of sides"), key.getMessage());
    }

    @Test
    void theRowNounIsRowsUntilNamedAndSurvivesTheOtherDeclarations() {
        assertEquals("rows", TREES.rowNoun());
        final DatasetSchema named = TREES.withRowNoun("trees").withDistinctColumns("encoding");
        assertEquals("trees", named.rowNoun(), "kept by a later declaration");
        assertEquals(List.of("encoding"), named.distinctColumns());
        assertEquals(
                "trees",
                TREES.withDistinctColumns("encoding").withRowNoun("trees").rowNoun());
        assertEquals(TREES.toJson(), named.toJson(), "not part of the data");
        final IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> TREES.withRowNoun("Trees;"));
        assertTrue(bad.getMessage().contains("lower-case words: Trees;"), bad.getMessage());
    }

    @Test
    void aSummaryNamesColumnsOfItsTableOfTheTypesItsTermsNeedAndSurvivesTheOtherDeclarations() {
        final PartitionSummary byValue = new PartitionSummary(
                List.of("grundy"),
                List.of(
                        PartitionSummary.Measure.count("trees"),
                        PartitionSummary.Measure.count("zeros", PartitionSummary.Term.equal("grundy", 0)),
                        PartitionSummary.Measure.sum(
                                "value_sum", "grundy", PartitionSummary.Term.atLeast("grundy", 1))));
        final DatasetSchema summarised =
                TREES.withSummary(byValue).withRowNoun("trees").withDistinctColumns("encoding");
        assertEquals(byValue, summarised.summary());
        assertEquals(List.of("encoding"), summarised.distinctColumns());
        assertEquals("trees", summarised.rowNoun());
        assertEquals(List.of("grundy", "trees", "zeros", "value_sum"), byValue.columns());
        assertNull(TREES.summary(), "the schema declared on is unchanged");
        assertEquals(
                "SELECT `edges`, `grundy`, COUNT(*) AS `trees`, SUM(IF(`grundy` = 0, 1, 0)) AS `zeros`,"
                        + " SUM(IF(`grundy` >= 1, `grundy`, 0)) AS `value_sum` FROM trees WHERE `edges` = 3"
                        + " GROUP BY `edges`, `grundy`",
                byValue.sql(summarised, "trees", "`edges` = 3"));
        // The definition changes with any term, not only with the columns' names.
        final PartitionSummary otherTerm = new PartitionSummary(
                List.of("grundy"),
                List.of(
                        byValue.measures().get(0),
                        PartitionSummary.Measure.count("zeros", PartitionSummary.Term.atMost("grundy", 0)),
                        byValue.measures().get(2)));
        assertEquals(byValue.columns(), otherTerm.columns());
        assertNotEquals(byValue.definition(summarised), otherTerm.definition(TREES.withSummary(otherTerm)));
    }

    @Test
    void aSummaryThatCountedRowsCouldNotGiveIsRefused() {
        final DatasetSchema nullable = new DatasetSchema(
                "games",
                1,
                new StructType(new StructField[] {
                    DatasetSchema.field("value", DataTypes.IntegerType, true, "may be unknown"),
                    DatasetSchema.field("size", DataTypes.IntegerType, false, "partition key"),
                }),
                List.of("size"),
                "test games");
        final PartitionSummary.Measure all = PartitionSummary.Measure.count("all");
        final List<Object[]> bad = List.of(
                new Object[] {TREES, new PartitionSummary(List.of("side"), List.of(all)), "is not int"},
                new Object[] {TREES, new PartitionSummary(List.of("edges"), List.of(all)), "is a partition column"},
                new Object[] {TREES, new PartitionSummary(List.of("nodes"), List.of(all)), "no column nodes"},
                new Object[] {
                    TREES,
                    new PartitionSummary(
                            List.of(),
                            List.of(PartitionSummary.Measure.count("left", PartitionSummary.Term.isTrue("side")))),
                    "is not boolean"
                },
                new Object[] {
                    TREES,
                    new PartitionSummary(List.of(), List.of(PartitionSummary.Measure.sum("s", "side"))),
                    "is not int"
                },
                new Object[] {
                    TREES,
                    new PartitionSummary(List.of(), List.of(PartitionSummary.Measure.count("edges"))),
                    "of its own"
                },
                new Object[] {
                    TREES,
                    new PartitionSummary(List.of("grundy"), List.of(PartitionSummary.Measure.count("grundy"))),
                    "of its own"
                },
                new Object[] {TREES, new PartitionSummary(List.of(), List.of(all, all)), "of its own"},
                new Object[] {TREES, new PartitionSummary(List.of("grundy", "grundy"), List.of(all)), "named twice"},
                new Object[] {
                    TREES, new PartitionSummary(List.of("grundy", "grundy", "grundy"), List.of(all)), "at most 2"
                },
                new Object[] {nullable, new PartitionSummary(List.of("value"), List.of(all)), "may be null"},
                new Object[] {
                    nullable,
                    new PartitionSummary(List.of(), List.of(PartitionSummary.Measure.sum("s", "value"))),
                    "may be null"
                });
        for (Object[] b : bad) {
            final DatasetSchema schema = (DatasetSchema) b[0];
            final IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> schema.withSummary((PartitionSummary) b[1]));
            assertTrue(e.getMessage().startsWith("summary of " + schema.table() + ": "), e.getMessage());
            assertTrue(e.getMessage().contains((String) b[2]), e.getMessage());
        }
    }
}
