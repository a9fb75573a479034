package org.gamecensus.jobs.publish;

import java.util.List;
import org.gamecensus.jobs.census.PublishedTable;

/**
 * {@code index.html}: for every number the essays publish, the essay's value beside the census's
 * and a verdict; the questions the essays leave open, each answered in a sentence from the
 * warehouse; then every figure and every published table. One self-contained page.
 */
final class IndexPage {

    private IndexPage() {}

    static String html(
            List<EssayClaims.Verdict> verdicts,
            List<OpenQuestions.Answer> answers,
            List<Figures.Figure> figures,
            List<PublishedTable> tables) {
        final StringBuilder b = new StringBuilder();
        b.append(
                "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gamecensus: do the essays hold?"
                        + "</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse;"
                        + "margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}"
                        + ".matches{background:#e3f6e3}.differs{background:#fbe0e0}.erratum{background:#fff3cd}.answered{background:#e3ecfb}"
                        + ".not-computed{background:#eee}figure{display:inline-block;margin:1em}img{max-width:100%}</style>"
                        + "</head><body>\n<h1>gamecensus: do the essays hold?</h1>\n");
        final long matches =
                verdicts.stream().filter(v -> v.verdict().equals("matches")).count();
        final long differs =
                verdicts.stream().filter(v -> v.verdict().equals("differs")).count();
        final long errata =
                verdicts.stream().filter(v -> v.verdict().equals("erratum")).count();
        final long answered =
                verdicts.stream().filter(v -> v.verdict().equals("answered")).count();
        b.append("<p>")
                .append(verdicts.size() - answered)
                .append(" published numbers: ")
                .append(matches)
                .append(" match, ")
                .append(errata)
                .append(" reproduce the essay's arithmetic but are errata, ")
                .append(differs)
                .append(" differ.");
        if (answered > 0) {
            b.append(" ")
                    .append(answered)
                    .append(answered == 1 ? " statement" : " statements")
                    .append(" the essays leave open, answered.");
        }
        b.append("</p>\n");
        b.append("<h2>The essays' numbers</h2>\n<table><tr><th>essay</th><th>claim</th><th>essay</th><th>census</th>"
                + "<th>verdict</th></tr>\n");
        for (EssayClaims.Verdict v : verdicts) {
            final String css = v.verdict().replace(' ', '-');
            b.append("<tr class=\"")
                    .append(css)
                    .append("\"><td>")
                    .append(esc(v.claim().essay()))
                    .append("</td><td>")
                    .append(esc(v.claim().wording()))
                    .append("</td><td>")
                    .append(esc(v.claim().essayValue()))
                    .append("</td><td>")
                    .append(esc(v.censusValue()))
                    .append("</td><td>")
                    .append(esc(v.verdict()));
            if (v.verdict().equals("erratum")) {
                b.append(": correct value ")
                        .append(esc(v.correctedValue()))
                        .append(". ")
                        .append(esc(v.claim().erratumNote()));
            }
            b.append("</td></tr>\n");
        }
        b.append("</table>\n<h2>Open questions</h2>\n");
        for (OpenQuestions.Answer a : answers) {
            final OpenQuestions.Question q = a.question();
            b.append("<blockquote>")
                    .append(esc(q.question()))
                    .append(" <small>(")
                    .append(esc(q.essay()))
                    .append(")</small></blockquote>\n<p>")
                    .append(
                            a.sentence() == null
                                    ? "Not answered: this warehouse lacks the census, or the columns, the answer needs."
                                    : esc(a.sentence()));
            if (!q.table().isEmpty()) {
                b.append(" <a href=\"tables/").append(esc(q.table())).append(".md\">Table</a>");
            }
            if (!q.figure().isEmpty()) {
                b.append(" · <a href=\"figures/").append(esc(q.figure())).append("\">Figure</a>");
            }
            b.append("</p>\n");
        }
        b.append("<h2>Figures</h2>\n");
        for (Figures.Figure f : figures) {
            b.append("<figure><img src=\"figures/")
                    .append(esc(f.file()))
                    .append("\" alt=\"")
                    .append(esc(f.caption()))
                    .append("\"><figcaption>")
                    .append(esc(f.caption()))
                    .append(" <a href=\"figures/")
                    .append(esc(Svg.pngName(f.file())))
                    .append("\">PNG</a></figcaption></figure>\n");
        }
        b.append("<h2>Tables</h2>\n");
        for (PublishedTable t : tables) {
            b.append("<h3>")
                    .append(esc(t.title()))
                    .append("</h3>\n<p><a href=\"tables/")
                    .append(esc(t.name()))
                    .append(".csv\">CSV</a> · <a href=\"tables/")
                    .append(esc(t.name()))
                    .append(".md\">Markdown</a></p>\n");
            b.append("<table><tr>");
            for (String c : t.columns()) {
                b.append("<th>").append(esc(c)).append("</th>");
            }
            b.append("</tr>\n");
            for (List<String> row : t.rows()) {
                b.append("<tr>");
                for (String cell : row) {
                    b.append("<td>").append(esc(cell)).append("</td>");
                }
                b.append("</tr>\n");
            }
            b.append("</table>\n");
            for (String note : t.notes()) {
                b.append("<p>").append(esc(note)).append("</p>\n");
            }
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    static String esc(String s) {
        return s == null
                ? ""
                : s.replace("&", "&amp;")
                        .replace("<", "&lt;")
                        .replace(">", "&gt;")
                        .replace("\"", "&quot;");
    }
}
