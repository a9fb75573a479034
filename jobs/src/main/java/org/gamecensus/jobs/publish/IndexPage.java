package org.gamecensus.jobs.publish;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gamecensus.jobs.census.PublishedTable;

/**
 * {@code index.html}, one page with no external assets (it works offline, beside its figures and
 * tables): a table of contents; then for each essay, by title, every number it publishes beside
 * the census's with a verdict and links to the table, figure and query behind it, the questions
 * it leaves open each answered in a sentence from the warehouse, and its figures with their
 * captions; then every published table. Laid out to read at a desktop's width and at a phone's.
 * A link is written only when its table or figure is there.
 */
final class IndexPage {

    private static final String STYLE = "*{box-sizing:border-box}"
            + "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#222;"
            + "line-height:1.45;background:#fff}"
            + "header,main,nav{max-width:78rem;margin:0 auto;padding:0 1rem}"
            + "h1{font-size:1.6rem;margin:1.2rem 0 .4rem}h2{font-size:1.3rem;margin-top:2.2rem;"
            + "border-bottom:1px solid #ddd;padding-bottom:.2rem}h3{font-size:1.05rem;margin-top:1.4rem}"
            + "a{color:#0060a0}nav ol{margin:.3rem 0;padding-left:1.4rem}nav li{margin:.1rem 0}"
            + ".scroll{overflow-x:auto;max-width:100%}"
            + "table{border-collapse:collapse;margin:.6rem 0;font-size:.92rem}"
            + "td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}"
            + "th{background:#f6f6f6}"
            + ".matches td.verdict{background:#e3f3e3}.differs td.verdict{background:#fbe0e0}"
            + ".erratum td.verdict{background:#fff3cd}.answered td.verdict{background:#e3ecfb}"
            + ".within-sampling-error td.verdict{background:#eef6e0}.not-computed td.verdict{background:#eee}"
            + "details{margin:.2rem 0}summary{cursor:pointer;color:#0060a0}"
            + "code{font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere}"
            + "blockquote{margin:1rem 0 .3rem;padding:.2rem .8rem;border-left:3px solid #0072b2;color:#333}"
            + ".figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,24rem),1fr));"
            + "gap:1.2rem;margin:.8rem 0}"
            + "figure{margin:0}figure img{width:100%;height:auto;border:1px solid #eee}"
            + "figcaption{font-size:.9rem;color:#444}";

    /** What a link may point to: the tables written and the figures drawn (no link to what is not there). */
    private record Links(Set<String> tables, Set<String> figures) {}

    private IndexPage() {}

    static String html(
            List<Essays.Essay> essayList,
            List<EssayClaims.Verdict> verdicts,
            List<OpenQuestions.Answer> answers,
            List<Figures.Figure> figures,
            List<PublishedTable> tables) {
        final List<Essays.Essay> essays = essays(essayList, verdicts, answers);
        final Set<String> tableNames = new LinkedHashSet<>();
        tables.forEach(t -> tableNames.add(t.name()));
        final Set<String> figureFiles = new LinkedHashSet<>();
        figures.forEach(f -> figureFiles.add(f.file()));
        final Links links = new Links(tableNames, figureFiles);
        final StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                        + "<title>gamecensus: do the essays hold?</title>\n<style>")
                .append(STYLE)
                .append("</style></head><body>\n<header><h1>gamecensus: do the essays hold?</h1>\n");
        summary(b, verdicts);
        b.append("</header>\n<nav aria-label=\"contents\"><h2>Contents</h2><ol>\n");
        for (Essays.Essay e : essays) {
            b.append("<li><a href=\"#")
                    .append(anchor(e.id()))
                    .append("\">")
                    .append(esc(e.title()))
                    .append("</a>");
            // The essay's parts: its numbers, its open questions, its figures (those it has).
            final List<String> parts = new ArrayList<>();
            if (verdicts.stream().anyMatch(v -> v.claim().essay().equals(e.id()))) {
                parts.add("numbers\">its numbers");
            }
            if (answers.stream().anyMatch(a -> a.question().essay().equals(e.id()))) {
                parts.add("questions\">open questions");
            }
            if (figures.stream().anyMatch(f -> e.censuses().contains(f.census()))) {
                parts.add("figures\">figures");
            }
            if (!parts.isEmpty()) {
                b.append(": ");
                for (int i = 0; i < parts.size(); i++) {
                    b.append(i > 0 ? " · " : "")
                            .append("<a href=\"#")
                            .append(anchor(e.id()))
                            .append('-')
                            .append(parts.get(i))
                            .append("</a>");
                }
            }
            b.append("</li>\n");
        }
        final List<Figures.Figure> other = new ArrayList<>();
        for (Figures.Figure f : figures) {
            if (essays.stream().noneMatch(e -> e.censuses().contains(f.census()))) {
                other.add(f);
            }
        }
        if (!other.isEmpty()) {
            b.append("<li><a href=\"#other-figures\">Other figures</a></li>\n");
        }
        b.append("<li><a href=\"#tables\">Tables</a><details><summary>")
                .append(tables.size())
                .append(" tables</summary><ol>\n");
        for (PublishedTable t : tables) {
            b.append("<li><a href=\"#table-")
                    .append(esc(t.name()))
                    .append("\">")
                    .append(esc(t.title()))
                    .append("</a></li>\n");
        }
        b.append("</ol></details></li></ol></nav>\n<main>\n");
        for (Essays.Essay e : essays) {
            essay(b, e, verdicts, answers, figures, links);
        }
        if (!other.isEmpty()) {
            b.append("<section id=\"other-figures\"><h2>Other figures</h2>\n");
            figureGrid(b, other);
            b.append("</section>\n");
        }
        b.append("<section id=\"tables\"><h2>Tables</h2>\n");
        for (PublishedTable t : tables) {
            table(b, t);
        }
        b.append("</section>\n</main></body></html>\n");
        return b.toString();
    }

    /** The essays of the file, then any essay a claim or question names that the file lacks. */
    private static List<Essays.Essay> essays(
            List<Essays.Essay> listed, List<EssayClaims.Verdict> verdicts, List<OpenQuestions.Answer> answers) {
        final Map<String, Essays.Essay> byId = new LinkedHashMap<>();
        listed.forEach(e -> byId.put(e.id(), e));
        final Map<String, Set<String>> extra = new LinkedHashMap<>();
        for (EssayClaims.Verdict v : verdicts) {
            if (!byId.containsKey(v.claim().essay())) {
                extra.computeIfAbsent(v.claim().essay(), k -> new LinkedHashSet<>())
                        .add(v.claim().census());
            }
        }
        for (OpenQuestions.Answer a : answers) {
            if (!byId.containsKey(a.question().essay())) {
                extra.computeIfAbsent(a.question().essay(), k -> new LinkedHashSet<>());
            }
        }
        final List<Essays.Essay> out = new ArrayList<>(byId.values());
        extra.forEach((id, censuses) -> out.add(new Essays.Essay(id, "Essay " + id, List.copyOf(censuses))));
        return out;
    }

    private static void summary(StringBuilder b, List<EssayClaims.Verdict> verdicts) {
        final Map<String, Long> by = new LinkedHashMap<>();
        verdicts.forEach(v -> by.merge(v.verdict(), 1L, Long::sum));
        final long answered = by.getOrDefault("answered", 0L);
        b.append("<p>")
                .append(verdicts.size() - answered)
                .append(" published numbers: ")
                .append(by.getOrDefault("matches", 0L))
                .append(" match, ")
                .append(by.getOrDefault("erratum", 0L))
                .append(" reproduce the essay's arithmetic but are errata, ");
        final long within = by.getOrDefault("within sampling error", 0L);
        if (within > 0) {
            b.append(within)
                    .append(" lie within sampling error (|Δ| ≤ ")
                    .append(EssayClaims.SAMPLING_THRESHOLD)
                    .append(" standard errors), ");
        }
        b.append(by.getOrDefault("differs", 0L)).append(" differ.");
        if (answered > 0) {
            b.append(" ")
                    .append(answered)
                    .append(answered == 1 ? " statement" : " statements")
                    .append(" the essays leave open, answered.");
        }
        b.append("</p>\n");
    }

    private static void essay(
            StringBuilder b,
            Essays.Essay e,
            List<EssayClaims.Verdict> verdicts,
            List<OpenQuestions.Answer> answers,
            List<Figures.Figure> figures,
            Links links) {
        b.append("<section id=\"")
                .append(anchor(e.id()))
                .append("\"><h2>")
                .append(esc(e.title()))
                .append("</h2>\n");
        final List<EssayClaims.Verdict> mine =
                verdicts.stream().filter(v -> v.claim().essay().equals(e.id())).toList();
        if (!mine.isEmpty()) {
            b.append("<h3 id=\"")
                    .append(anchor(e.id()))
                    .append("-numbers\">The essay's numbers</h3>\n<div class=\"scroll\"><table><tr><th>claim</th>"
                            + "<th>essay</th><th>census</th><th>verdict</th><th>behind it</th></tr>\n");
            for (EssayClaims.Verdict v : mine) {
                claimRow(b, v, links);
            }
            b.append("</table></div>\n");
        }
        final List<OpenQuestions.Answer> asked = answers.stream()
                .filter(a -> a.question().essay().equals(e.id()))
                .toList();
        if (!asked.isEmpty()) {
            b.append("<h3 id=\"").append(anchor(e.id())).append("-questions\">Open questions</h3>\n");
            for (OpenQuestions.Answer a : asked) {
                question(b, a, links);
            }
        }
        final List<Figures.Figure> drawn =
                figures.stream().filter(f -> e.censuses().contains(f.census())).toList();
        if (!drawn.isEmpty()) {
            b.append("<h3 id=\"").append(anchor(e.id())).append("-figures\">Figures</h3>\n");
            figureGrid(b, drawn);
        }
        b.append("</section>\n");
    }

    private static void claimRow(StringBuilder b, EssayClaims.Verdict v, Links links) {
        final EssayClaims.Claim c = v.claim();
        b.append("<tr class=\"")
                .append(v.verdict().replace(' ', '-'))
                .append("\"><td>")
                .append(esc(c.wording()))
                .append("</td><td>")
                .append(esc(c.essayValue()))
                .append("</td><td>")
                .append(esc(v.censusValue()));
        if (v.standardError() != null) {
            b.append(" ± ").append(esc(v.standardError())).append(" (SE)");
        }
        b.append("</td><td class=\"verdict\">").append(esc(v.verdict()));
        if (v.verdict().equals("erratum")) {
            b.append(": correct value ")
                    .append(esc(v.correctedValue()))
                    .append(". ")
                    .append(esc(c.erratumNote()));
        }
        b.append("</td><td>");
        if (links.tables().contains(c.table())) {
            b.append("<a href=\"#table-").append(esc(c.table())).append("\">table</a> ");
        }
        if (links.figures().contains(c.figure())) {
            b.append("<a href=\"figures/").append(esc(c.figure())).append("\">figure</a> ");
        }
        b.append("<details><summary>query</summary><code>")
                .append(esc(c.query()))
                .append("</code>");
        if (!c.seQuery().isEmpty()) {
            b.append("<br>standard error: <code>").append(esc(c.seQuery())).append("</code>");
        }
        b.append("</details></td></tr>\n");
    }

    private static void question(StringBuilder b, OpenQuestions.Answer a, Links links) {
        final OpenQuestions.Question q = a.question();
        b.append("<blockquote>")
                .append(esc(q.question()))
                .append("</blockquote>\n<p>")
                .append(
                        a.sentence() == null
                                ? "Not answered: this warehouse lacks the census, or the columns, the answer needs."
                                : esc(a.sentence()));
        if (links.tables().contains(q.table())) {
            b.append(" <a href=\"#table-").append(esc(q.table())).append("\">Table</a>");
        }
        if (links.figures().contains(q.figure())) {
            b.append(" · <a href=\"figures/").append(esc(q.figure())).append("\">Figure</a>");
        }
        b.append("</p>\n<details><summary>query</summary><code>")
                .append(esc(q.answerQuery()))
                .append("</code></details>\n");
    }

    private static void figureGrid(StringBuilder b, List<Figures.Figure> figures) {
        b.append("<div class=\"figures\">\n");
        for (Figures.Figure f : figures) {
            b.append("<figure id=\"fig-")
                    .append(esc(f.file()))
                    .append("\"><a href=\"figures/")
                    .append(esc(f.file()))
                    .append("\"><img src=\"figures/")
                    .append(esc(f.file()))
                    .append("\" alt=\"")
                    .append(esc(f.caption()))
                    .append("\" loading=\"lazy\"></a><figcaption>")
                    .append(esc(f.caption()))
                    .append(" <a href=\"figures/")
                    .append(esc(Svg.pngName(f.file())))
                    .append("\">PNG</a></figcaption></figure>\n");
        }
        b.append("</div>\n");
    }

    private static void table(StringBuilder b, PublishedTable t) {
        b.append("<h3 id=\"table-")
                .append(esc(t.name()))
                .append("\">")
                .append(esc(t.title()))
                .append("</h3>\n<p><a href=\"tables/")
                .append(esc(t.name()))
                .append(".csv\">CSV</a> · <a href=\"tables/")
                .append(esc(t.name()))
                .append(".md\">Markdown</a></p>\n<div class=\"scroll\"><table><tr>");
        for (String c : t.columns()) {
            b.append("<th>").append(esc(c)).append("</th>");
        }
        b.append("</tr>\n");
        for (List<String> row : t.rows()) {
            b.append("<tr>");
            for (String cell : row) {
                b.append("<td>").append(esc(PublishedTable.shown(cell))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table></div>\n");
        for (String note : t.notes()) {
            b.append("<p>").append(esc(note)).append("</p>\n");
        }
    }

    /** An id for an essay's section. */
    private static String anchor(String essayId) {
        return "essay-" + essayId.replaceAll("[^A-Za-z0-9_-]", "-");
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
