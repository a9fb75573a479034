package org.gamecensus.kernel.lumberjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LumberjackKernelTest {

    /** Rooted trees by number of edges (OEIS A000081, shifted). */
    private static final long[] ROOTED_TREES = {1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842, 4766, 12486};

    @Test
    void generatorCountsRootedTreesAndEmitsEachOnce() {
        for (int e = 0; e < ROOTED_TREES.length; e++) {
            final Set<String> seen = new HashSet<>();
            final long total = RootedTreeGenerator.generate(
                    e + 1,
                    0,
                    1,
                    l -> seen.add(RootedTree.fromLevels(l, l.length).parens()));
            assertEquals(ROOTED_TREES[e], total, e + " edges");
            assertEquals(ROOTED_TREES[e], seen.size(), e + " edges, distinct");
        }
    }

    @Test
    void slicesPartitionTheTrees() {
        final Set<String> union = new HashSet<>();
        for (int s = 0; s < 5; s++) {
            RootedTreeGenerator.generate(
                    11,
                    s,
                    5,
                    l -> assertTrue(union.add(RootedTree.fromLevels(l, l.length).parens())));
        }
        assertEquals(ROOTED_TREES[10], union.size());
    }

    @Test
    void bruteForceAgreesWithTheTuftPrincipleOnEveryTreeToTwelveEdges() {
        final LumberjackBruteForce brute = new LumberjackBruteForce(16);
        final int[] checked = {0};
        for (int e = 0; e <= 12; e++) {
            RootedTreeGenerator.generate(e + 1, 0, 1, l -> {
                final RootedTree t = RootedTree.fromLevels(l, l.length);
                brute.load(t);
                assertEquals(TuftPrinciple.value(t), brute.grundy(), t.parens());
                checked[0]++;
            });
        }
        assertEquals(20_299, checked[0]);
    }

    @ParameterizedTest
    @CsvSource({"(), 0", "(()), 1", "((((())))), 4", "(()()), 0", "(()()()), 1", "((()())), 1", "(((()))(())()), 0"})
    void stalksAndTufts(String tree, int value) {
        final RootedTree t = RootedTree.parse(tree);
        final LumberjackBruteForce brute = new LumberjackBruteForce(12);
        brute.load(t);
        assertEquals(value, brute.grundy(), tree);
        assertEquals(value, TuftPrinciple.value(t), tree);
        assertEquals(tree, t.parens(), "round trip");
    }

    @Test
    void aForestOnTheGroundIsTheNimSumOfItsTrees() {
        // Gluing the trees' roots is the forest standing on one ground: its value is the nim-sum.
        final Random random = new Random(5);
        final LumberjackBruteForce brute = new LumberjackBruteForce(16);
        final List<String> pool = new ArrayList<>();
        for (int e = 1; e <= 6; e++) {
            RootedTreeGenerator.generate(
                    e + 1,
                    0,
                    1,
                    l -> pool.add(RootedTree.fromLevels(l, l.length).parens()));
        }
        for (int i = 0; i < 300; i++) {
            final int k = 2 + random.nextInt(3);
            final StringBuilder glued = new StringBuilder("(");
            int nim = 0;
            for (int j = 0; j < k; j++) {
                final String tree = pool.get(random.nextInt(pool.size()));
                brute.load(RootedTree.parse(tree));
                nim ^= brute.grundy();
                glued.append(tree, 1, tree.length() - 1); // the tree's root's children, now under the common root
            }
            glued.append(')');
            final RootedTree forest = RootedTree.parse(glued.toString());
            brute.load(forest);
            assertEquals(nim, brute.grundy(), glued.toString());
        }
    }

    @Test
    void aClearedSearchDecidesEveryTreeAgainByTheTuftPrinciple() {
        final LumberjackBruteForce brute = new LumberjackBruteForce(16);
        final List<RootedTree> trees = new ArrayList<>();
        RootedTreeGenerator.generate(10, 0, 1, l -> trees.add(RootedTree.fromLevels(l, l.length)));
        for (RootedTree t : trees) {
            brute.load(t);
            brute.decide();
        }
        // The last tree stays loaded: cleared, it is searched again rather than answered from before.
        brute.clear();
        final RootedTree last = trees.get(trees.size() - 1);
        assertEquals(TuftPrinciple.value(last), brute.grundy(), last.parens());
        for (RootedTree t : trees) {
            brute.load(t);
            assertEquals(TuftPrinciple.value(t), brute.grundy(), t.parens());
        }
    }

    @Test
    void winningHacksAreTheHacksTheTuftPrincipleValuesZeroOnEveryTreeToElevenEdges() {
        // A table of 2^12 slots for the 7,813 trees to eleven edges: it must forget, and recompute right.
        final LumberjackBruteForce decided = new LumberjackBruteForce(12);
        final LumberjackBruteForce lazy = new LumberjackBruteForce(12);
        final long[] hacks = {0, 0};
        for (int e = 0; e <= 11; e++) {
            RootedTreeGenerator.generate(e + 1, 0, 1, l -> {
                final RootedTree t = RootedTree.fromLevels(l, l.length);
                int zeros = 0;
                for (int v = 1; v < l.length; v++) {
                    // The hack of v keeps the vertices before v and those after its subtree (preorder).
                    int end = v + 1;
                    while (end < l.length && l[end] > l[v]) {
                        end++;
                    }
                    final int[] kept = new int[l.length - (end - v)];
                    System.arraycopy(l, 0, kept, 0, v);
                    System.arraycopy(l, end, kept, v, l.length - end);
                    if (TuftPrinciple.value(RootedTree.fromLevels(kept, kept.length)) == 0) {
                        zeros++;
                    }
                }
                decided.load(t);
                decided.decide();
                assertEquals(zeros, decided.winningHacks(), t.parens());
                assertEquals(TuftPrinciple.value(t), decided.grundy(), t.parens());
                lazy.load(t);
                assertEquals(
                        TuftPrinciple.value(t), lazy.grundy(), "value first, from the table when known: " + t.parens());
                assertEquals(zeros, lazy.winningHacks(), t.parens());
                hacks[0] += zeros;
                hacks[1]++;
            });
        }
        assertEquals(7_813, hacks[1]);
        assertTrue(hacks[0] > 0, "some trees have winning hacks");
    }

    @Test
    void winningHacksLeaveValueZero() {
        final LumberjackBruteForce brute = new LumberjackBruteForce(12);
        brute.load(RootedTree.parse("(()()())"));
        assertEquals(3, brute.winningHacks(), "value 1 ⊕ 1 ⊕ 1 = 1: hacking any stalk leaves 0");
        brute.load(RootedTree.parse("(()())"));
        assertEquals(0, brute.winningHacks(), "a P-position has none");
    }

    @Test
    void reductionStepsEndInAStalkOfTheValue() {
        final RootedTree t = RootedTree.parse("((((((()())())()))()))");
        assertEquals(4, t.branchVertices());
        final List<String[]> steps = TuftPrinciple.steps(t);
        final RootedTree last = RootedTree.parse(steps.get(steps.size() - 1)[0]);
        assertEquals(TuftPrinciple.value(t), last.edges());
        assertEquals(last.edges(), last.height(), "a stalk");
        for (String[] s : steps) {
            assertEquals(
                    TuftPrinciple.value(t), TuftPrinciple.value(RootedTree.parse(s[0])), "each step keeps the value");
        }
    }

    @Test
    void malformedTreesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> RootedTree.parse("(()"));
        assertThrows(IllegalArgumentException.class, () -> RootedTree.parse("()()"));
        assertThrows(IllegalArgumentException.class, () -> RootedTree.parse("(x)"));
    }
}
