package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Rooted trees standing on the ground, side by side (the steps of a Tuft reduction). Each tree is
 * given by its parenthesis string; leaves are spaced evenly, parents centred over their children.
 */
final class TreeDrawing {

    private TreeDrawing() {}

    static Picture draw(String title, List<String> trees, List<String> captions) {
        final int panel = 170;
        final int height = 360;
        return Svg.render(panel * trees.size() + 20, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title, 10, 20);
            for (int k = 0; k < trees.size(); k++) {
                drawTree(g, trees.get(k), 10 + k * panel, panel, height - 50);
                g.setFont(FigureTheme.SMALL);
                g.setColor(FigureTheme.INK);
                g.drawString(captions.get(k), 14 + k * panel, height - 20);
            }
        });
    }

    private static void drawTree(Graphics2D g, String parens, int x0, int width, int groundY) {
        // Parse into parent/children; place by preorder leaf counting.
        final List<Integer> parent = new ArrayList<>();
        final List<Integer> depth = new ArrayList<>();
        final ArrayDeque<Integer> stack = new ArrayDeque<>();
        for (char ch : parens.toCharArray()) {
            if (ch == '(') {
                parent.add(stack.isEmpty() ? -1 : stack.peek());
                depth.add(stack.size());
                stack.push(parent.size() - 1);
            } else {
                stack.pop();
            }
        }
        final int n = parent.size();
        final double[] x = new double[n];
        final int[] kids = new int[n];
        for (int v = 1; v < n; v++) {
            kids[parent.get(v)]++;
        }
        int leaves = 0;
        for (int v = 0; v < n; v++) {
            leaves += kids[v] == 0 ? 1 : 0;
        }
        final double step = (width - 30.0) / Math.max(1, leaves);
        int leaf = 0;
        for (int v = 0; v < n; v++) {
            if (kids[v] == 0) {
                x[v] = x0 + 15 + step * (leaf++ + 0.5);
            }
        }
        for (int v = n - 1; v >= 0; v--) { // parents centred over their children
            if (kids[v] > 0) {
                double lo = Double.MAX_VALUE;
                double hi = -Double.MAX_VALUE;
                for (int c = v + 1; c < n; c++) {
                    if (parent.get(c) == v) {
                        lo = Math.min(lo, x[c]);
                        hi = Math.max(hi, x[c]);
                    }
                }
                x[v] = (lo + hi) / 2;
            }
        }
        final double level = 24;
        g.setColor(FigureTheme.MUTED);
        g.setStroke(new BasicStroke(3f));
        g.draw(new Line2D.Double(x0 + 5, groundY, x0 + width - 15, groundY));
        g.setColor(FigureTheme.GREEN);
        g.setStroke(new BasicStroke(2.5f));
        for (int v = 1; v < n; v++) {
            final int p = parent.get(v);
            g.draw(new Line2D.Double(x[p], groundY - level * depth.get(p), x[v], groundY - level * depth.get(v)));
        }
        g.setColor(FigureTheme.MUTED);
        for (int v = 0; v < n; v++) {
            g.fill(new Ellipse2D.Double(x[v] - 3.5, groundY - level * depth.get(v) - 3.5, 7, 7));
        }
    }
}
