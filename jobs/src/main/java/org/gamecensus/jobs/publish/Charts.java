package org.gamecensus.jobs.publish;

import java.awt.Rectangle;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

/** Charts by JFreeChart, drawn as a Picture (SVG and PNG). */
final class Charts {

    private Charts() {}

    /** A bar chart: one bar per category, or several series side by side (stacked when asked). */
    static Picture bars(
            String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series, boolean stacked) {
        final DefaultCategoryDataset data = new DefaultCategoryDataset();
        series.forEach((name, points) -> points.forEach((category, value) -> data.addValue(value, name, category)));
        final JFreeChart chart = stacked
                ? ChartFactory.createStackedBarChart(
                        title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false)
                : ChartFactory.createBarChart(
                        title, xLabel, yLabel, data, PlotOrientation.VERTICAL, series.size() > 1, false, false);
        return Svg.render(720, 420, g -> chart.draw(g, new Rectangle(0, 0, 720, 420)));
    }

    /** A line chart, one line per series, categories in the order given. */
    static Picture lines(String title, String xLabel, String yLabel, Map<String, Map<String, Number>> series) {
        final DefaultCategoryDataset data = new DefaultCategoryDataset();
        series.forEach((name, points) -> points.forEach((category, value) -> data.addValue(value, name, category)));
        final JFreeChart chart =
                ChartFactory.createLineChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        return Svg.render(720, 420, g -> chart.draw(g, new Rectangle(0, 0, 720, 420)));
    }
}
