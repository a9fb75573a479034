package org.gamecensus.kernel.switching;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The named host graphs of the switching census, and the host file format.
 *
 * <p>Names: {@code Kn} (2 ≤ n ≤ 8; links (0,1),(0,2),…,(n-2,n-1), s = 0, t = 1), the essay's
 * examples {@code theta}, {@code grid2x3}, {@code path4}, and {@code bridgit:N}, the N × (N+1)
 * Bridg-It board as a switching graph. The examples are members of families a user can size:
 * {@code gridRxC} (the R × C grid graph, s and t at opposite corners), {@code pathN} (N vertices,
 * s and t at the ends), {@code theta:K} (K s–t routes of length two; {@code theta} is
 * {@code theta:3}), and {@code Cn}, the cycle on n vertices with s and t opposite (s = 0,
 * t = ⌊n/2⌋). A family member too big for a host (more than {@value SwitchingHost#MAX_LINKS}
 * links or {@value SwitchingHost#MAX_VERTICES} vertices) is refused with the host's own message.
 *
 * <p>Host file format (UTF-8 text): blank lines and lines starting with {@code #} are ignored;
 * first the two marks, {@code s NAME} and {@code t NAME}, then one link a line, {@code NAME NAME}.
 * Vertex names are any tokens without white space; vertices are numbered in order of first
 * appearance, s first. The host is named after its file and its graph: the file's name without
 * its extension, then eight hex digits of the SHA-256 of the graph (vertex count, marks and links
 * in order), e.g. {@code diamond-3f2a9c01}. So two files of one name but other graphs never share
 * a name, and the same graph always gets the same one. A file named like a built-in host
 * ({@code K5.txt}) is refused: its host would pass for the built-in one.
 */
public final class SwitchingHosts {

    private static final Pattern COMPLETE = Pattern.compile("K(\\d+)");
    private static final Pattern BRIDGIT = Pattern.compile("bridgit:(\\d+)");
    private static final Pattern GRID = Pattern.compile("grid(\\d+)x(\\d+)");
    private static final Pattern PATH = Pattern.compile("path(\\d+)");
    private static final Pattern THETA = Pattern.compile("theta(?::(\\d+))?");
    private static final Pattern CYCLE = Pattern.compile("C(\\d+)");

    /** Largest complete host. */
    public static final int MAX_COMPLETE = 8;
    /** Largest Bridg-It board N (N² + (N−1)² links must fit a host). */
    public static final int MAX_BRIDGIT = 6;

    /** The built-in names, as the command line's help and messages list them. */
    public static final String NAMES = "Kn (n 2.." + MAX_COMPLETE
            + "), theta or theta:K, gridRxC (grid2x3), pathN (path4), Cn," + " bridgit:N (N 1.." + MAX_BRIDGIT + ")";

    private SwitchingHosts() {}

    /** Whether {@code spec} names a built-in host rather than a file. */
    public static boolean isBuiltInName(String spec) {
        for (Pattern p : List.of(COMPLETE, BRIDGIT, GRID, PATH, THETA, CYCLE)) {
            if (p.matcher(spec).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Resolves a host by name, or reads it from a file when {@code spec} is not a built-in name.
     *
     * @throws IllegalArgumentException with a one-line message for an unknown or malformed host
     */
    public static SwitchingHost resolve(String spec) {
        return resolve(spec, null);
    }

    /**
     * As {@link #resolve(String)}, a host file's graph named {@code name} when it is not null
     * ({@link #checkFileHostName}); a built-in host takes no other name.
     *
     * @throws IllegalArgumentException with a one-line message for an unknown or malformed host, or a bad name
     */
    public static SwitchingHost resolve(String spec, String name) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("no host given");
        }
        if (isBuiltInName(spec)) {
            if (name != null) {
                throw new IllegalArgumentException("a name is for a host read from a file; " + spec + " is built in");
            }
            return builtIn(spec);
        }
        final Path file = Path.of(spec);
        if (Files.isRegularFile(file)) {
            return readFile(file, name);
        }
        // A path (a separator in it, or something there that is no file): said as such.
        if (spec.contains("/") || spec.contains(file.getFileSystem().getSeparator()) || Files.exists(file)) {
            throw new IllegalArgumentException("host file '" + spec + "': "
                    + (Files.isDirectory(file)
                            ? "a directory, not a file"
                            : Files.exists(file) ? "not a regular file" : "no such file"));
        }
        throw new IllegalArgumentException("unknown host '" + spec + "': expected " + NAMES + " or a host file");
    }

    private static SwitchingHost builtIn(String spec) {
        final Matcher k = COMPLETE.matcher(spec);
        if (k.matches()) {
            return complete(parseSize(spec, k.group(1), 2, MAX_COMPLETE));
        }
        final Matcher b = BRIDGIT.matcher(spec);
        if (b.matches()) {
            return bridgit(parseSize(spec, b.group(1), 1, MAX_BRIDGIT));
        }
        final Matcher g = GRID.matcher(spec);
        if (g.matches()) {
            return grid(
                    parseSize(spec, g.group(1), 1, SwitchingHost.MAX_VERTICES),
                    parseSize(spec, g.group(2), 1, SwitchingHost.MAX_VERTICES));
        }
        final Matcher p = PATH.matcher(spec);
        if (p.matches()) {
            return path(parseSize(spec, p.group(1), 2, SwitchingHost.MAX_VERTICES));
        }
        final Matcher th = THETA.matcher(spec);
        if (th.matches()) {
            return th.group(1) == null ? theta() : theta(parseSize(spec, th.group(1), 1, SwitchingHost.MAX_LINKS));
        }
        final Matcher c = CYCLE.matcher(spec);
        if (!c.matches()) {
            throw new IllegalStateException("not a built-in name: " + spec);
        }
        return cycle(parseSize(spec, c.group(1), 3, SwitchingHost.MAX_VERTICES));
    }

    private static int parseSize(String spec, String digits, int min, int max) {
        final int n;
        try {
            n = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("host '" + spec + "': size out of range " + min + ".." + max);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException("host '" + spec + "': size " + n + " out of range " + min + ".." + max);
        }
        return n;
    }

    /** K_n with s = 0, t = 1 and links in lexicographic order (0,1),(0,2),…,(n-2,n-1). */
    public static SwitchingHost complete(int n) {
        final List<int[]> links = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                links.add(new int[] {a, b});
            }
        }
        return build("K" + n, n, 0, 1, links);
    }

    /** Three s–t routes of length two: s = 0, t = 1, middle vertices 2, 3, 4 (the essay's theta). */
    public static SwitchingHost theta() {
        return theta(3);
    }

    /**
     * {@code routes} s–t routes of length two: s = 0, t = 1, middle vertices 2 … routes + 1, links
     * s–m then m–t for each middle vertex m in turn. Named {@code theta} for three routes (the
     * essay's), {@code theta:K} otherwise.
     */
    public static SwitchingHost theta(int routes) {
        final List<int[]> links = new ArrayList<>();
        for (int m = 2; m < routes + 2; m++) {
            links.add(new int[] {0, m});
            links.add(new int[] {m, 1});
        }
        return build(routes == 3 ? "theta" : "theta:" + routes, routes + 2, 0, 1, links);
    }

    /** The 2 × 3 grid graph, vertex r·3 + c, s = 0 and t = 5 at opposite corners. */
    public static SwitchingHost grid2x3() {
        return grid(2, 3);
    }

    /**
     * The {@code rows} × {@code cols} grid graph: vertex r·cols + c, s = 0 and t = rows·cols − 1 at
     * opposite corners; links along the rows first (row by row), then down the columns (row by row).
     */
    public static SwitchingHost grid(int rows, int cols) {
        final List<int[]> links = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c + 1 < cols; c++) {
                links.add(new int[] {r * cols + c, r * cols + c + 1});
            }
        }
        for (int r = 0; r + 1 < rows; r++) {
            for (int c = 0; c < cols; c++) {
                links.add(new int[] {r * cols + c, (r + 1) * cols + c});
            }
        }
        return build("grid" + rows + "x" + cols, rows * cols, 0, rows * cols - 1, links);
    }

    /** The path 0–1–2–3 with s and t at its ends. */
    public static SwitchingHost path4() {
        return path(4);
    }

    /** The path 0–1–…–(n−1) on {@code n} vertices, s and t at its ends. */
    public static SwitchingHost path(int n) {
        final List<int[]> links = new ArrayList<>();
        for (int v = 0; v + 1 < n; v++) {
            links.add(new int[] {v, v + 1});
        }
        return build("path" + n, n, 0, n - 1, links);
    }

    /** The cycle 0–1–…–(n−1)–0 on {@code n} vertices, s = 0 and t = ⌊n/2⌋ opposite each other. */
    public static SwitchingHost cycle(int n) {
        final List<int[]> links = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            links.add(new int[] {v, (v + 1) % n});
        }
        return build("C" + n, n, 0, n / 2, links);
    }

    /**
     * The Bridg-It board with Short's dots in {@code n} rows and {@code n + 1} columns. The left
     * column merges into s (vertex 0), the right column into t (vertex 1); the dot in row r and
     * inner column c (1 ≤ c ≤ n−1) is vertex {@code 2 + r(n−1) + c−1}. Links are Short's possible
     * bridges, horizontal then vertical, except those along the two home columns.
     */
    public static SwitchingHost bridgit(int n) {
        final List<int[]> links = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                links.add(new int[] {bridgitDot(n, r, c), bridgitDot(n, r, c + 1)});
            }
        }
        for (int c = 1; c < n; c++) {
            for (int r = 0; r + 1 < n; r++) {
                links.add(new int[] {bridgitDot(n, r, c), bridgitDot(n, r + 1, c)});
            }
        }
        return build("bridgit:" + n, n * (n - 1) + 2, 0, 1, links);
    }

    /** The vertex of Short's dot in row {@code r}, column {@code c} (0..n) of an n × (n+1) board. */
    public static int bridgitDot(int n, int r, int c) {
        if (c == 0) {
            return 0;
        }
        if (c == n) {
            return 1;
        }
        return 2 + r * (n - 1) + (c - 1);
    }

    /**
     * Reads a host file (format in the class comment).
     *
     * @throws IllegalArgumentException with a one-line message naming the file and line
     */
    public static SwitchingHost readFile(Path file) {
        return readFile(file, null);
    }

    /** As {@link #readFile(Path)}, the host named {@code name} when it is not null ({@link #checkFileHostName}). */
    public static SwitchingHost readFile(Path file, String name) {
        if (name != null) {
            checkFileHostName(name);
        }
        final List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("host file " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read host file " + file + ": " + e.getMessage());
        }
        final String base = file.getFileName().toString();
        final int dot = base.lastIndexOf('.');
        final String stem = (dot > 0 ? base.substring(0, dot) : base).replaceAll("[^A-Za-z0-9_.-]", "_");
        if (name != null) {
            return parse(name, lines, file.toString());
        }
        if (isBuiltInName(stem)) {
            throw new IllegalArgumentException("host file " + file + " is named like the built-in host " + stem
                    + ", whose census its graph would pass for; rename the file or name the host with --name");
        }
        final SwitchingHost host = parse(stem, lines, file.toString());
        return host.withName(stem + "-" + graphDigest(host));
    }

    /**
     * Eight hex digits of the SHA-256 of a host's graph: its vertex count, s, t and links in order
     * (the name left out), as a file's host is named.
     */
    public static String graphDigest(SwitchingHost host) {
        final String graph = host.vertexCount() + ";" + host.s() + ";" + host.t() + ";" + host.linksText();
        try {
            final byte[] d = MessageDigest.getInstance("SHA-256").digest(graph.getBytes(StandardCharsets.UTF_8));
            return String.format(Locale.ROOT, "%02x%02x%02x%02x", d[0], d[1], d[2], d[3]);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** A name a user may give a host read from a file: letters, digits, '_', '.', '-', and no built-in name. */
    public static void checkFileHostName(String name) {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")) {
            throw new IllegalArgumentException("host name '" + name
                    + "': letters, digits, '_', '.' and '-', at most 64," + " starting with a letter or digit");
        }
        if (isBuiltInName(name)) {
            throw new IllegalArgumentException(
                    "host name '" + name + "' is a built-in host's; a host file's graph" + " cannot take it");
        }
    }

    /** Parses host-file lines; {@code where} names the source in messages. */
    public static SwitchingHost parse(String name, List<String> lines, String where) {
        final Map<String, Integer> ids = new LinkedHashMap<>();
        String sName = null;
        String tName = null;
        final List<int[]> links = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            // A byte-order mark, which some editors write at the start of a UTF-8 file, is no text.
            final String raw =
                    i == 0 && lines.get(i).startsWith("\uFEFF") ? lines.get(i).substring(1) : lines.get(i);
            final int comment = raw.indexOf('#'); // to the end of the line, after a link or on its own
            final String line = (comment >= 0 ? raw.substring(0, comment) : raw).strip();
            if (line.isEmpty()) {
                continue;
            }
            final String[] f = line.split("\\s+");
            final String at = where + " line " + (i + 1);
            if (f.length != 2) {
                throw new IllegalArgumentException(
                        at + ": expected 's NAME', 't NAME' or 'NAME NAME', got '" + line + "'");
            }
            if (sName == null) {
                if (!f[0].equals("s")) {
                    throw new IllegalArgumentException(at + ": the file must start with the mark 's NAME'");
                }
                sName = f[1];
                ids.put(sName, 0);
            } else if (tName == null) {
                if (!f[0].equals("t")) {
                    throw new IllegalArgumentException(at + ": the mark 's NAME' must be followed by 't NAME'");
                }
                tName = f[1];
                if (tName.equals(sName)) {
                    throw new IllegalArgumentException(at + ": s and t are the same vertex '" + tName + "'");
                }
                ids.put(tName, 1);
            } else {
                if (f[0].equals(f[1])) {
                    throw new IllegalArgumentException(at + ": link '" + line + "' is a loop");
                }
                links.add(new int[] {
                    ids.computeIfAbsent(f[0], k -> ids.size()), ids.computeIfAbsent(f[1], k -> ids.size())
                });
                if (links.size() > SwitchingHost.MAX_LINKS) {
                    throw new IllegalArgumentException(where + ": more than " + SwitchingHost.MAX_LINKS + " links");
                }
                if (ids.size() > SwitchingHost.MAX_VERTICES) {
                    throw new IllegalArgumentException(
                            where + ": more than " + SwitchingHost.MAX_VERTICES + " vertices");
                }
            }
        }
        if (tName == null) {
            throw new IllegalArgumentException(where + ": the marks 's NAME' and 't NAME' are missing");
        }
        if (links.isEmpty()) {
            throw new IllegalArgumentException(where + ": no links");
        }
        return build(name, ids.size(), 0, 1, links);
    }

    private static SwitchingHost build(String name, int n, int s, int t, List<int[]> links) {
        final int[] u = new int[links.size()];
        final int[] v = new int[links.size()];
        for (int i = 0; i < u.length; i++) {
            u[i] = links.get(i)[0];
            v[i] = links.get(i)[1];
        }
        return new SwitchingHost(name, n, s, t, u, v);
    }
}
