package org.gamecensus.jobs.publish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Renders a published {@code index.html} in headless Chromium (Debian's {@code chromium}, through
 * the DevTools protocol) at 1280 and 390 px wide, keeps a screenshot of the first screen at each
 * width, and reports every image that does not load, every console error or uncaught exception,
 * and any horizontal overflow. Run by {@code .ci/run} on the page it publishes
 * ({@code main OUT_DIR}: screenshots under OUT_DIR/screenshots/, exit 1 on a problem) and by
 * {@link PageInBrowserIT}.
 */
final class PageCheck {

    /** The widths checked: a desktop's and a phone's. */
    static final int[] WIDTHS = {1280, 390};

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");

    private PageCheck() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: PageCheck OUT_DIR (the directory holding index.html)");
            System.exit(2);
        }
        final Path out = Path.of(args[0]);
        final List<String> problems = check(out.resolve("index.html"), out.resolve("screenshots"));
        problems.forEach(p -> System.err.println("page: " + p));
        System.out.println("page: checked at " + WIDTHS[0] + " and " + WIDTHS[1] + " px, " + problems.size()
                + " problems; screenshots in " + out.resolve("screenshots"));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** The browser to run: {@code CHROMIUM} if set, else {@code chromium} on the path. */
    static String browser() {
        return System.getenv().getOrDefault("CHROMIUM", "chromium");
    }

    /** Checks {@code page} at each width; screenshots go to {@code shots}. Returns the problems found. */
    static List<String> check(Path page, Path shots) throws Exception {
        Files.createDirectories(shots);
        final Path profile = Files.createTempDirectory("page-check");
        Process chromium = null;
        try {
            try {
                chromium = new ProcessBuilder(
                                browser(),
                                "--headless=new",
                                "--no-sandbox",
                                "--disable-gpu",
                                "--disable-dev-shm-usage",
                                "--hide-scrollbars",
                                "--allow-file-access-from-files",
                                "--remote-debugging-port=0",
                                "--user-data-dir=" + profile,
                                "about:blank")
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
            } catch (IOException e) {
                throw new IOException(
                        "the page's browser test needs Chromium: install Debian's chromium"
                                + " (apt-get install chromium; .ci/run does) or name one in CHROMIUM",
                        e);
            }
            final String browserUrl = listeningUrl(chromium);
            final String port = URI.create(browserUrl).getPort() + "";
            final List<String> problems = new ArrayList<>();
            for (int width : WIDTHS) {
                try (Tab tab = Tab.open(port)) {
                    problems.addAll(tab.check(page, width, shots.resolve("page-" + width + ".png")));
                }
            }
            return problems;
        } finally {
            if (chromium != null) {
                chromium.descendants().forEach(ProcessHandle::destroy);
                chromium.destroy();
                if (!chromium.waitFor(10, TimeUnit.SECONDS)) {
                    chromium.descendants().forEach(ProcessHandle::destroyForcibly);
                    chromium.destroyForcibly();
                    chromium.waitFor(10, TimeUnit.SECONDS);
                }
            }
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | UncheckedIOException e) {
                // a profile file still held: left in the temporary directory
            }
        }
    }

    /** The browser's DevTools address from its standard error, waiting at most 60 s. */
    private static String listeningUrl(Process chromium) throws Exception {
        final CompletableFuture<String> url = CompletableFuture.supplyAsync(() -> {
            try {
                return readListeningUrl(chromium);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            return url.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IOException("chromium did not open its DevTools port within 60 s");
        }
    }

    private static String readListeningUrl(Process chromium) throws IOException {
        final BufferedReader err =
                new BufferedReader(new InputStreamReader(chromium.getErrorStream(), StandardCharsets.UTF_8));
        final StringBuilder seen = new StringBuilder();
        for (String line; (line = err.readLine()) != null; ) {
            final Matcher m = LISTENING.matcher(line);
            if (m.find()) {
                // Keep draining stderr so that the browser never blocks on a full pipe.
                final Thread drain = new Thread(() -> {
                    try {
                        while (err.readLine() != null) {
                            // discard
                        }
                    } catch (IOException e) {
                        // the browser has gone
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return m.group(1);
            }
            seen.append(line).append('\n');
        }
        throw new IOException("chromium exited before listening: " + seen);
    }

    /** One page target, driven over its DevTools web socket. */
    private static final class Tab implements WebSocket.Listener, AutoCloseable {
        private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        private final BlockingQueue<JsonNode> events = new LinkedBlockingQueue<>();
        private final AtomicInteger ids = new AtomicInteger();
        private final StringBuilder partial = new StringBuilder();
        private final List<String> errors = new ArrayList<>();
        private WebSocket socket;

        static Tab open(String port) throws Exception {
            final HttpClient http = HttpClient.newHttpClient();
            final HttpResponse<String> created = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/new?about:blank"))
                            .PUT(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            final String url =
                    JSON.readTree(created.body()).get("webSocketDebuggerUrl").asText();
            final Tab tab = new Tab();
            tab.socket =
                    http.newWebSocketBuilder().buildAsync(URI.create(url), tab).get(30, TimeUnit.SECONDS);
            return tab;
        }

        List<String> check(Path page, int width, Path screenshot) throws Exception {
            call("Runtime.enable", null);
            call("Log.enable", null);
            call("Page.enable", null);
            final ObjectNode metrics = JSON.createObjectNode();
            metrics.put("width", width);
            metrics.put("height", 900);
            metrics.put("deviceScaleFactor", 1);
            metrics.put("mobile", width < 600);
            call("Emulation.setDeviceMetricsOverride", metrics);
            final ObjectNode navigate = JSON.createObjectNode();
            navigate.put("url", page.toAbsolutePath().toUri().toString());
            call("Page.navigate", navigate);
            awaitEvent("Page.loadEventFired", 60);
            // Every image, lazy ones included, loaded and decoded; the ones that fail, by source.
            final JsonNode broken = evaluate("Promise.all([...document.images].map(i => { i.loading = 'eager';"
                    + " return i.decode().then(() => i.naturalWidth > 0 ? null : i.getAttribute('src'),"
                    + " () => i.getAttribute('src')); })).then(r => r.filter(x => x))");
            final List<String> problems = new ArrayList<>();
            broken.forEach(src -> problems.add(width + " px: image does not load: " + src.asText()));
            final JsonNode size = evaluate("({scroll: document.documentElement.scrollWidth,"
                    + " client: document.documentElement.clientWidth})");
            if (size.get("scroll").asInt() > size.get("client").asInt()) {
                problems.add(width + " px: the page overflows horizontally: "
                        + size.get("scroll").asInt() + " px wide in a "
                        + size.get("client").asInt() + " px window");
            }
            call("Runtime.evaluate", evaluation("window.scrollTo(0, 0)", false));
            final ObjectNode shot = JSON.createObjectNode();
            shot.put("format", "png");
            final JsonNode image = call("Page.captureScreenshot", shot);
            Files.write(screenshot, Base64.getDecoder().decode(image.get("data").asText()));
            drainEvents();
            errors.forEach(e -> problems.add(width + " px: " + e));
            return problems;
        }

        private JsonNode evaluate(String expression) throws Exception {
            final JsonNode r = call("Runtime.evaluate", evaluation(expression, true));
            if (r.has("exceptionDetails")) {
                throw new IllegalStateException("the check's script failed: " + r.get("exceptionDetails"));
            }
            return r.get("result").get("value");
        }

        private static ObjectNode evaluation(String expression, boolean await) {
            final ObjectNode p = JSON.createObjectNode();
            p.put("expression", expression);
            p.put("returnByValue", true);
            p.put("awaitPromise", await);
            return p;
        }

        private JsonNode call(String method, ObjectNode params) throws Exception {
            final int id = ids.incrementAndGet();
            final ObjectNode message = JSON.createObjectNode();
            message.put("id", id);
            message.put("method", method);
            if (params != null) {
                message.set("params", params);
            }
            final CompletableFuture<JsonNode> reply = new CompletableFuture<>();
            pending.put(id, reply);
            socket.sendText(JSON.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
            final JsonNode r = reply.get(60, TimeUnit.SECONDS);
            if (r.has("error")) {
                throw new IllegalStateException(method + ": " + r.get("error"));
            }
            return r.get("result");
        }

        private void awaitEvent(String method, int seconds) throws Exception {
            final long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
            while (System.nanoTime() < end) {
                final JsonNode e = events.poll(100, TimeUnit.MILLISECONDS);
                if (e != null) {
                    record(e);
                    if (method.equals(e.get("method").asText())) {
                        return;
                    }
                }
            }
            throw new IllegalStateException("no " + method + " within " + seconds + " s");
        }

        private void drainEvents() {
            for (JsonNode e; (e = events.poll()) != null; ) {
                record(e);
            }
        }

        /** Console errors, uncaught exceptions and the browser's own error log (failed loads). */
        private void record(JsonNode e) {
            final String method = e.get("method").asText();
            final JsonNode p = e.get("params");
            if (method.equals("Runtime.consoleAPICalled")
                    && p.get("type").asText().equals("error")) {
                errors.add("console error: " + p.get("args"));
            } else if (method.equals("Runtime.exceptionThrown")) {
                errors.add("uncaught exception: "
                        + p.get("exceptionDetails").path("text").asText());
            } else if (method.equals("Log.entryAdded")
                    && p.get("entry").get("level").asText().equals("error")) {
                errors.add("console error: " + p.get("entry").get("text").asText() + " "
                        + p.get("entry").path("url").asText());
            }
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    final JsonNode m = JSON.readTree(partial.toString());
                    if (m.has("id")) {
                        final CompletableFuture<JsonNode> f =
                                pending.remove(m.get("id").asInt());
                        if (f != null) {
                            f.complete(m);
                        }
                    } else {
                        events.add(m);
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                } finally {
                    partial.setLength(0);
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void close() {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        }
    }
}
