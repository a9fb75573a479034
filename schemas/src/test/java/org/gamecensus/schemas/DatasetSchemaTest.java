package org.gamecensus.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
