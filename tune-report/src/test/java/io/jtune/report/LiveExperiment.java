package io.jtune.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An experiment running in the background with a {@link TuneServer}: its trials report every 20 ms
 * for {@code iters} iterations (config), so they run until stopped unless given a small count.
 */
final class LiveExperiment implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    final TuneServer server = TuneServer.onPort(0);
    final CompletableFuture<ResultGrid> grid;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    LiveExperiment(Path storage, int trials) {
        Tuner tuner = Tuner.of("ticker", (config, session) -> {
                    int iterations = config.getInt("iters");
                    for (int i = 1; i <= iterations; i++) {
                        session.report(Map.of("loss", 1.0 / i + config.getDouble("offset")));
                        Thread.sleep(20);
                    }
                })
                .name("live").storagePath(storage).numSamples(trials).metric("loss", Mode.MIN)
                .space(SearchSpace.builder().constant("iters", 1_000_000).uniform("offset", 0, 1).build())
                .machineResources(new ResourceRequest(4, 0, 1L << 30, Map.of())).seed(5).progress(false)
                .callbacks(server);
        grid = CompletableFuture.supplyAsync(tuner::fit);
        HeadlessChromium.await("the TuneServer to listen", () -> server.url() != null || grid.isDone());
        if (grid.isDone()) {
            grid.join();
        }
    }

    URI uri(String path) {
        return server.baseUri().resolve(path);
    }

    HttpResponse<String> send(HttpRequest.Builder request, boolean withToken) {
        if (withToken) {
            request.header("Authorization", "Bearer " + server.token());
        }
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException("request failed: " + e, e);
        }
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET(), true);
    }

    HttpResponse<String> post(String path, String json) {
        return send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)), true);
    }

    JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (Exception e) {
            throw new IllegalStateException("not JSON: " + response.body(), e);
        }
    }

    /** Stops every unfinished trial through the API and waits for the experiment to end. */
    ResultGrid finish() throws Exception {
        for (JsonNode t : json(get("/api/trials"))) {
            if (!t.path("status").asText().equals("TERMINATED") && !t.path("status").asText().equals("ERROR")) {
                post("/api/trials/" + t.path("id").asText() + "/stop", "{}");
            }
        }
        return grid.get(60, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (!grid.isDone() && server.baseUri() != null) {
            try {
                finish();
            } catch (Exception e) {
                throw new IllegalStateException("the experiment did not end after its trials were stopped: " + e, e);
            }
        }
    }
}
