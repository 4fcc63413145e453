package io.jtune.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.engine.json.Json;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Debian's headless Chromium driven over the DevTools protocol (a WebSocket on 127.0.0.1, an
 * ephemeral port): opens a page, records every network request, console error and uncaught
 * exception, evaluates expressions and takes screenshots. Every wait has a deadline.
 */
final class HeadlessChromium implements AutoCloseable {
    static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = Json.mapper();

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> replies = new ConcurrentHashMap<>();
    /** URLs of every request the page made. */
    final List<String> requests = new CopyOnWriteArrayList<>();
    /** Console errors, log errors and uncaught exceptions. */
    final List<String> errors = new CopyOnWriteArrayList<>();
    private volatile boolean loaded;

    /** The chromium executable on the PATH, if any. */
    static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Skips the calling test when Chromium is not installed (.ci/run installs it, so CI never skips). */
    static void assumeInstalled() {
        org.junit.jupiter.api.Assumptions.assumeTrue(find().isPresent(),
                "chromium is not on the PATH (Debian: apt-get install -y chromium; .ci/run installs it)");
    }

    HeadlessChromium(Path executable, Path profile) throws Exception {
        this.profile = profile;
        process = new ProcessBuilder(executable.toString(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--mute-audio", "--window-size=1400,1800", "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0", "--user-data-dir=" + profile, "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolveSibling(profile.getFileName() + ".log").toFile()).start();
        Path portFile = profile.resolve("DevToolsActivePort");
        await("Chromium to write " + portFile, () -> Files.isRegularFile(portFile) && lines(portFile).size() >= 2);
        int port = Integer.parseInt(lines(portFile).get(0).trim());
        HttpClient http = HttpClient.newHttpClient();
        JsonNode targets = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list")).timeout(DEADLINE).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        String page = null;
        for (JsonNode t : targets) {
            if (t.path("type").asText().equals("page")) {
                page = t.path("webSocketDebuggerUrl").asText();
            }
        }
        if (page == null) {
            throw new IllegalStateException("Chromium shows no page target: " + targets);
        }
        socket = http.newWebSocketBuilder().connectTimeout(DEADLINE).buildAsync(URI.create(page), new Listener()).get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        for (String domain : List.of("Page", "Runtime", "Network", "Log")) {
            call(domain + ".enable", JSON.createObjectNode());
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Opens {@code url} and waits for its load event. */
    void open(String url) {
        loaded = false;
        call("Page.navigate", JSON.createObjectNode().put("url", url));
        await("the load event of " + url, () -> loaded);
    }

    /** The value of a JavaScript expression in the page. */
    JsonNode eval(String expression) {
        JsonNode reply = call("Runtime.evaluate", JSON.createObjectNode().put("expression", expression).put("returnByValue", true));
        if (reply.has("exceptionDetails")) {
            throw new IllegalStateException("evaluating " + expression + " threw " + reply.path("exceptionDetails"));
        }
        return reply.path("result").path("value");
    }

    /** Waits until the expression is true in the page. */
    void awaitTrue(String what, String expression) {
        await(what, () -> eval(expression).asBoolean(false));
    }

    /** Writes a PNG of the page's viewport. */
    void screenshot(Path png) throws IOException {
        JsonNode reply = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
        Files.createDirectories(png.getParent());
        Files.write(png, Base64.getDecoder().decode(reply.path("data").asText()));
    }

    JsonNode call(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        replies.put(id, reply);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        socket.sendText(message.toString(), true).join();
        try {
            JsonNode answer = reply.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            if (answer.has("error")) {
                throw new IllegalStateException(method + " failed: " + answer.path("error"));
            }
            return answer.path("result");
        } catch (Exception e) {
            throw new IllegalStateException("no answer to " + method + " within " + DEADLINE + ": " + e, e);
        }
    }

    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("waited " + DEADLINE + " for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            }
        }
    }

    private void onMessage(JsonNode message) {
        if (message.has("id")) {
            CompletableFuture<JsonNode> reply = replies.remove(message.path("id").asInt());
            if (reply != null) {
                reply.complete(message);
            }
            return;
        }
        JsonNode params = message.path("params");
        switch (message.path("method").asText()) {
            case "Page.loadEventFired" -> loaded = true;
            case "Network.requestWillBeSent" -> requests.add(params.path("request").path("url").asText());
            case "Runtime.exceptionThrown" -> errors.add("exception: " + params.path("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> {
                if (params.path("type").asText().equals("error")) {
                    errors.add("console.error: " + params.path("args"));
                }
            }
            case "Log.entryAdded" -> {
                if (params.path("entry").path("level").asText().equals("error")) {
                    errors.add("log: " + params.path("entry").path("text").asText() + " " + params.path("entry").path("url").asText());
                }
            }
            default -> { }
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    onMessage(JSON.readTree(partial.toString()));
                } catch (IOException e) {
                    errors.add("unreadable DevTools message: " + e.getMessage());
                }
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }

    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        } catch (RuntimeException ignored) {
            // the browser is going away anyway
        }
        // Chromium's helpers (renderers, crashpad, zygote) can outlive the browser process and keep
        // writing to the profile folder, so the test's folder clean-up must wait for all of them.
        List<ProcessHandle> family = new ArrayList<>(process.descendants().toList());
        family.add(process.toHandle());
        for (ProcessHandle member : family) {
            member.destroy();
        }
        for (ProcessHandle member : family) {
            awaitExit(member);
        }
        removeSingletonSocket();
    }

    /**
     * Removes the link to its socket that a stopped Chromium leaves in the profile (it points into a
     * folder of its own under the system's temporary folder, which JUnit's clean-up of the test's
     * folder warns about and leaves behind), with that socket and its folder.
     */
    private void removeSingletonSocket() {
        Path link = profile.resolve("SingletonSocket");
        try {
            if (Files.isSymbolicLink(link)) {
                Path socket = Files.readSymbolicLink(link);
                Files.delete(link);
                Path folder = socket.getParent();
                if (socket.isAbsolute() && folder != null && folder.getFileName().toString().startsWith("org.chromium.Chromium.")) {
                    try (var files = Files.list(folder)) {
                        for (Path file : files.toList()) {
                            Files.deleteIfExists(file);
                        }
                    }
                    Files.deleteIfExists(folder);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove Chromium's socket link " + link, e);
        }
    }

    private static void awaitExit(ProcessHandle member) {
        try {
            member.onExit().get(10, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            member.destroyForcibly();
            member.onExit().completeOnTimeout(member, 10, TimeUnit.SECONDS).join();
        } catch (InterruptedException e) {
            member.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
