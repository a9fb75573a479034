package org.gamecensus.jobs.publish;

import java.awt.Rectangle;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Charts by JFreeChart in the {@link FigureTheme}, drawn as a Picture (SVG and PNG); built in the
 * root locale ({@link RootLocale}), since an axis takes its number formats from the default locale
 * when it is made.
 */
final class Charts {

    static final int WIDTH = 720;
    static final int HEIGHT = 420;

    private Charts() {}

    /** A bar chart: one bar per category, or several series side by side (stacked when asked). */
    static Picture bars(
            String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series, boolean stacked) {
        return RootLocale.call(() -> barChart(title, xLabel, yLabel, series, stacked));
    }

    private static Picture barChart(
            String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series, boolean stacked) {
        final DefaultCategoryDataset data = new DefaultCategoryDataset();
        series.forEach((name, points) -> points.forEach((category, value) -> data.addValue(value, name, category)));
        final JFreeChart chart = stacked
                ? ChartFactory.createStackedBarChart(
                        title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false)
                : ChartFactory.createBarChart(
                        title, xLabel, yLabel, data, PlotOrientation.VERTICAL, series.size() > 1, false, false);
        return draw(chart);
    }

    /** A line chart over categories (board names), one line per series, categories in the order given. */
    static Picture lines(String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series) {
        return RootLocale.call(() -> lineChart(title, xLabel, yLabel, series));
    }

    private static Picture lineChart(
            String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series) {
        final DefaultCategoryDataset data = new DefaultCategoryDataset();
        series.forEach((name, points) -> points.forEach((category, value) -> data.addValue(value, name, category)));
        final JFreeChart chart =
                ChartFactory.createLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        return draw(chart);
    }

    /**
     * A line chart over a numeric x (sizes, stone counts): points sit at their values, so a
     * missing x leaves its gap, and the x axis ticks whole numbers only.
     */
    static Picture numericLines(String title, String xLabel, String yLabel, Map<String, Map<Integer, Number>> series) {
        return RootLocale.call(() -> numericLineChart(title, xLabel, yLabel, series));
    }

    private static Picture numericLineChart(
            String title, String xLabel, String yLabel, Map<String, Map<Integer, Number>> series) {
        final XYSeriesCollection data = new XYSeriesCollection();
        series.forEach((name, points) -> {
            final XYSeries s = new XYSeries(name, true, false);
            points.forEach(s::add);
            data.addSeries(s);
        });
        final JFreeChart chart = ChartFactory.createXYLineChart(
                title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        final XYPlot plot = chart.getXYPlot();
        final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        plot.setRenderer(renderer);
        ((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(false);
        plot.getDomainAxis().setLowerMargin(0.03);
        plot.getDomainAxis().setUpperMargin(0.03);
        return draw(chart);
    }

    private static Picture draw(JFreeChart chart) {
        FigureTheme.apply(chart);
        return Svg.render(WIDTH, HEIGHT, g -> chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT)));
    }
}
