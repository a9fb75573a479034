package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.cram.CramTables;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.hex.HexTables;
import org.gamecensus.kernel.hex.HexBoard;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped {@code conf/open-questions.csv}: every query answers, in one sentence, from a small warehouse. */
class OpenQuestionsTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void everyShippedQuestionIsAnsweredFromASmallWarehouse() {
        final Warehouse w = new Warehouse(tmp);
        HexJob.census(spark(), w, new HexBoard(2, 3), HexBoard.Side.DOWN, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        HexJob.potentialDefender(9).commit(spark(), w, 0);
        HexJob.committedRules(List.of(new HexBoard(2, 3), new HexBoard(3, 3))).commit(spark(), w, 0);
        CramJob.census(spark(), w, 8, 0);
        w.registerViews(spark());
        final List<OpenQuestions.Answer> answers =
                OpenQuestions.answer(spark(), OpenQuestions.load(spark(), Path.of("..", "conf", Publisher.QUESTIONS)));
        Assertions.assertFalse(answers.isEmpty());
        final List<String> tables = new ArrayList<>();
        CramTables.publish(spark(), w, 8).forEach(t -> tables.add(t.name()));
        HexTables.publish(spark(), w).forEach(t -> tables.add(t.name()));
        final Map<String, Picture> drawn = new HashMap<>();
        Figures.draw(spark(), w.tables(), drawn);
        for (OpenQuestions.Answer a : answers) {
            Assertions.assertNotNull(
                    a.sentence(),
                    a.question().id() + " has no answer: " + a.question().answerQuery());
            Assertions.assertTrue(a.sentence().endsWith("."), a.question().id() + ": " + a.sentence());
            final String table = a.question().table();
            Assertions.assertTrue(
                    table.isEmpty() || tables.contains(table),
                    a.question().id() + "'s table " + table + " is published: " + tables);
            final String figure = a.question().figure();
            Assertions.assertTrue(
                    figure.isEmpty() || drawn.containsKey(figure),
                    a.question().id() + "'s figure " + figure + " is drawn: " + drawn.keySet());
        }
        final String trend = answers.stream()
                .filter(a -> a.question().id().equals("cram-trend"))
                .findFirst()
                .orElseThrow()
                .sentence();
        // Lax test, by even size: 8 of 8 at 4, 44 of 46 at 6, 236 of 711 at 8 (CramJobTest's figures).
        assertEquals(
                "The share of even first-player wins with a route to a pairing, by the lax test: 100.0 per cent at 4,"
                        + " 95.7 per cent at 6, 33.2 per cent at 8 squares; by the strict test: 100.0 at 4, 65.2 at 6,"
                        + " 16.9 at 8.",
                trend);
        final String twoMoves = answers.stream()
                .filter(a -> a.question().id().equals("cram-two-moves"))
                .findFirst()
                .orElseThrow()
                .sentence();
        // CramJobTest's figures at 8 squares; 591 strict shapes have no strict route.
        assertEquals(
                "By the strict test, 711 shapes of up to 8 squares have a move after which every reply leaves a"
                        + " position one move from a pairing (711 at 8 squares); 591 of them are first-player wins"
                        + " with no route one move away, and all 2620 of their moves win, as the census asserts. By"
                        + " the lax test, 725 shapes have 4396 such moves between them, of which 1776 lose; 14 of"
                        + " those shapes are second-player wins.",
                twoMoves);
    }
}
