package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.font.FontRenderContext;
import java.awt.geom.Ellipse2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.ui.RectangleInsets;

/**
 * The one look of every figure: white background, a light grid, one font family in three sizes,
 * and the Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2008), whose eight colours
 * stay distinct under the common colour-vision deficiencies. Charts take it through
 * {@link #apply}; the hand-drawn figures take its fonts and colours.
 */
final class FigureTheme {

    /** The one font family: the logical sans-serif, written as {@code sans-serif} in SVG. */
    static final String FAMILY = Font.SANS_SERIF;

    static final Font TITLE = new Font(FAMILY, Font.BOLD, 15);
    static final Font LABEL = new Font(FAMILY, Font.PLAIN, 12);
    static final Font SMALL = new Font(FAMILY, Font.PLAIN, 10);

    /** Text and outlines. */
    static final Color INK = new Color(0x222222);
    /** Secondary text, empty cells' outlines. */
    static final Color MUTED = new Color(0x777777);
    /** Grid lines and unused links. */
    static final Color GRID = new Color(0xdddddd);
    /** Empty cells and squares. */
    static final Color FAINT = new Color(0xf2f2f2);

    // The Okabe–Ito colours.
    static final Color BLUE = new Color(0x0072b2);
    static final Color ORANGE = new Color(0xe69f00);
    static final Color GREEN = new Color(0x009e73);
    static final Color VERMILLION = new Color(0xd55e00);
    static final Color PURPLE = new Color(0xcc79a7);
    static final Color SKY = new Color(0x56b4e9);
    static final Color YELLOW = new Color(0xf0e442);

    /** The colours series take, in order (yellow last: it is faint on white). */
    static final Color[] SERIES = {BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY, INK, YELLOW};

    private static final StandardChartTheme CHARTS = chartTheme();

    private FigureTheme() {}

    private static StandardChartTheme chartTheme() {
        final StandardChartTheme t = new StandardChartTheme("gamecensus");
        t.setExtraLargeFont(TITLE);
        t.setLargeFont(LABEL);
        t.setRegularFont(LABEL);
        t.setSmallFont(SMALL);
        t.setTitlePaint(INK);
        t.setSubtitlePaint(INK);
        t.setChartBackgroundPaint(Color.WHITE);
        t.setLegendBackgroundPaint(Color.WHITE);
        t.setLegendItemPaint(INK);
        t.setPlotBackgroundPaint(Color.WHITE);
        t.setPlotOutlinePaint(GRID);
        t.setDomainGridlinePaint(GRID);
        t.setRangeGridlinePaint(GRID);
        t.setBaselinePaint(MUTED);
        t.setAxisLabelPaint(INK);
        t.setTickLabelPaint(INK);
        t.setItemLabelPaint(INK);
        t.setAxisOffset(RectangleInsets.ZERO_INSETS);
        t.setShadowVisible(false);
        t.setBarPainter(new StandardBarPainter());
        t.setXYBarPainter(new StandardXYBarPainter());
        final Stroke line = new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
        t.setDrawingSupplier(new DefaultDrawingSupplier(
                SERIES.clone(),
                SERIES.clone(),
                new Paint[] {INK},
                new Stroke[] {line},
                new Stroke[] {new BasicStroke(1f)},
                new Shape[] {new Ellipse2D.Double(-3, -3, 6, 6)}));
        return t;
    }

    /** The width of {@code text} in {@code font}, as drawn (antialiased, fractional metrics): to crop a figure to its text. */
    static double textWidth(Font font, String text) {
        return font.getStringBounds(text, new FontRenderContext(null, true, true))
                .getWidth();
    }

    /** Applies the theme to a chart: fonts, colours, a light solid grid, no plot outline. */
    static void apply(JFreeChart chart) {
        CHARTS.apply(chart);
        chart.setPadding(new RectangleInsets(8, 8, 8, 12));
        if (chart.getLegend() != null) {
            chart.getLegend().setFrame(BlockBorder.NONE);
        }
        final Plot plot = chart.getPlot();
        plot.setOutlineVisible(false);
        final Stroke grid = new BasicStroke(0.8f);
        if (plot instanceof CategoryPlot p) {
            p.setRangeGridlineStroke(grid);
            p.setDomainGridlinesVisible(false);
            if (p.getRenderer() instanceof BarRenderer bars) {
                bars.setDrawBarOutline(false);
                bars.setItemMargin(0.05);
            }
        } else if (plot instanceof XYPlot p) {
            p.setRangeGridlineStroke(grid);
            p.setDomainGridlineStroke(grid);
        }
    }
}
