package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.api.Mode;
import io.jtune.api.TrialStatus;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(180)
class TuneServerTest {
    private static final List<String> GETS = List.of("/", "/index.html", "/api/summary", "/api/trials", "/api/trials/x", "/api/trials/x/results",
            "/api/events", "/api/report", "/api/nothing");
    private static final List<String> POSTS = List.of("/api/trials", "/api/trials/x/stop");

    @TempDir
    Path storage;

    @Test
    void withoutTheTokenEveryEndpointAnswers401() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 1)) {
            String id = awaitRunning(live, 1).get(0);
            for (String path : GETS) {
                String p = path.replace("/x", "/" + id);
                HttpResponse<String> plain = live.send(HttpRequest.newBuilder(live.uri(p)).GET(), false);
                assertEquals(401, plain.statusCode(), "GET " + p + " without token");
                assertTrue(live.json(plain).path("error").asText().contains("token"), plain.body());
                HttpResponse<String> wrong = live.send(HttpRequest.newBuilder(live.uri(p + "?token=" + live.server.token().substring(1) + "A")).GET(), false);
                assertEquals(401, wrong.statusCode(), "GET " + p + " with a wrong token");
                HttpResponse<String> bearer = live.send(HttpRequest.newBuilder(live.uri(p)).header("Authorization", "Bearer nope").GET(), false);
                assertEquals(401, bearer.statusCode(), "GET " + p + " with a wrong bearer token");
            }
            for (String path : POSTS) {
                String p = path.replace("/x", "/" + id);
                HttpResponse<String> plain = live.send(HttpRequest.newBuilder(live.uri(p)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"config\":{\"iters\":1,\"offset\":0}}")), false);
                assertEquals(401, plain.statusCode(), "POST " + p + " without token");
            }
            assertOneTrialRunning(live);
        }
    }

    @Test
    void withTheTokenTrialsAreListedAddedAndStopped() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 2)) {
            List<String> running = awaitRunning(live, 2);
            assertEquals(2, live.json(live.get("/api/summary")).path("trials").asInt());

            HttpResponse<String> added = live.post("/api/trials", "{\"config\": {\"iters\": 3, \"offset\": 0.5}}");
            assertEquals(201, added.statusCode(), added.body());
            String addedId = live.json(added).path("id").asText();
            HeadlessChromium.await("the added trial to finish", () -> live.json(live.get("/api/trials/" + addedId)).path("status").asText().equals("TERMINATED"));
            JsonNode trial = live.json(live.get("/api/trials/" + addedId));
            assertEquals(3, trial.path("config").path("iters").asInt());
            assertEquals(3, trial.path("last_result").path("training_iteration").asInt(), "the added trial ran its 3 iterations");

            HttpResponse<String> stopped = live.post("/api/trials/" + running.get(0) + "/stop", "");
            assertEquals(200, stopped.statusCode(), stopped.body());
            assertEquals("TERMINATED", live.json(stopped).path("status").asText());
            assertEquals("TERMINATED", live.json(live.get("/api/trials/" + running.get(0))).path("status").asText());
            assertEquals("RUNNING", live.json(live.get("/api/trials/" + running.get(1))).path("status").asText(), "the other trial runs on");

            HttpResponse<String> unknown = live.post("/api/trials/nope/stop", "");
            assertEquals(404, unknown.statusCode());
            assertTrue(live.json(unknown).path("error").asText().contains("nope"), unknown.body());

            ResultGrid grid = live.finish();
            assertEquals(3, grid.size());
            assertTrue(grid.trials().stream().allMatch(t -> t.status() == TrialStatus.TERMINATED));
        }
    }

    @Test
    void oversizedAndMalformedRequestsGet4xxAndChangeNothing() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 1)) {
            awaitRunning(live, 1);
            String huge = "{\"config\": {\"iters\": 1, \"pad\": \"" + "x".repeat(ServerApi.MAX_BODY) + "\"}}";
            assertEquals(413, live.post("/api/trials", huge).statusCode());
            assertEquals(400, live.post("/api/trials", "{\"config\": {\"iters\": 1").statusCode(), "truncated JSON");
            assertEquals(400, live.post("/api/trials", "[1, 2]").statusCode(), "not an object");
            assertEquals(400, live.post("/api/trials", "{\"config\": 3}").statusCode(), "config not an object");
            assertEquals(400, live.post("/api/trials", "{}").statusCode(), "no config");
            assertEquals(415, live.send(HttpRequest.newBuilder(live.uri("/api/trials")).header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"config\": {}}")), true).statusCode());
            assertEquals(405, live.send(HttpRequest.newBuilder(live.uri("/api/summary")).DELETE(), true).statusCode());
            assertEquals(405, live.get("/api/trials/" + awaitRunning(live, 1).get(0) + "/stop").statusCode(), "stop needs POST");
            HttpResponse<String> missing = live.get("/api/nothing");
            assertEquals(404, missing.statusCode());
            assertTrue(live.json(missing).has("error"));
            assertOneTrialRunning(live);
        }
    }

    @Test
    void theEventStreamTellsOfTrialsAndResults() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 1)) {
            awaitRunning(live, 1);
            HttpResponse<InputStream> stream = HttpClient.newHttpClient().send(HttpRequest.newBuilder(live.uri("/api/events?token=" + live.server.token()))
                    .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, stream.statusCode());
            assertEquals("text/event-stream; charset=utf-8", stream.headers().firstValue("Content-Type").orElse(""));
            CompletableFuture<List<String>> events = CompletableFuture.supplyAsync(() -> readEvents(stream.body(), List.of("results", "trial_added", "trial_completed")));
            String added = live.json(live.post("/api/trials", "{\"config\": {\"iters\": 2, \"offset\": 0}}")).path("id").asText();
            List<String> seen = events.get(60, TimeUnit.SECONDS);
            assertTrue(seen.contains("event: trial_added") && seen.contains("event: results") && seen.contains("event: trial_completed"), seen.toString());
            assertTrue(seen.stream().anyMatch(l -> l.startsWith("data: ") && l.contains(added)), seen.toString());
            stream.body().close();
        }
    }

    private static List<String> readEvents(InputStream in, List<String> wanted) {
        List<String> lines = new java.util.ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
                if (wanted.stream().allMatch(w -> lines.contains("event: " + w))) {
                    return lines;
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return lines;
    }

    @Test
    void aNonLoopbackAddressIsRefusedUnlessAllowed() throws Exception {
        Tuner tuner = Tuner.of("never", (config, session) -> session.report(Map.of("loss", 1.0)))
                .name("remote").storagePath(storage).metric("loss", Mode.MIN).progress(false)
                .callbacks(TuneServer.onPort(0).bindTo("0.0.0.0", false));
        RuntimeException e = assertThrows(RuntimeException.class, tuner::fit);
        assertTrue(String.valueOf(e.getMessage()).contains(TuneServer.ALLOW_REMOTE_PROPERTY), e.getMessage());
        try (var files = Files.walk(storage)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().equals("params.json")), "no trial started");
        }
    }

    /** Nothing was added or stopped: the experiment's one trial runs on. */
    private static void assertOneTrialRunning(LiveExperiment live) {
        JsonNode trials = live.json(live.get("/api/trials"));
        assertEquals(1, trials.size(), "nothing was added");
        assertEquals("RUNNING", trials.get(0).path("status").asText(), "nothing was stopped");
    }

    /** Waits until {@code n} trials run; returns their ids. */
    static List<String> awaitRunning(LiveExperiment live, int n) {
        HeadlessChromium.await(n + " running trials", () -> {
            JsonNode trials = live.json(live.get("/api/trials"));
            int running = 0;
            for (JsonNode t : trials) {
                running += t.path("status").asText().equals("RUNNING") ? 1 : 0;
            }
            return running >= n;
        });
        List<String> ids = new java.util.ArrayList<>();
        live.json(live.get("/api/trials")).forEach(t -> {
            if (t.path("status").asText().equals("RUNNING")) {
                ids.add(t.path("id").asText());
            }
        });
        return ids;
    }
}
