package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.api.Mode;
import io.jtune.api.ResourceRequest;
import io.jtune.api.Result;
import io.jtune.api.space.SearchSpace;
import io.jtune.engine.ResultGrid;
import io.jtune.engine.Tuner;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** GET /api/trials/{id}/results serves a trial's results up to the one it reported just now, not only those result.json holds. */
@Timeout(120)
class ResultsEndpointTest {
    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    @TempDir
    Path storage;

    @Test
    void resultsJustReportedAreServedBeforeTheLoggerWritesThem() throws Exception {
        TuneServer server = TuneServer.onPort(0);
        Tuner tuner = Tuner.of("burst", (config, session) -> {
                    int count = config.getInt("count");
                    for (int i = 1; i <= count; i++) {
                        session.report(Map.of("loss", 1.0 / i));
                    }
                    RELEASE.await(60, TimeUnit.SECONDS);
                })
                .name("results").storagePath(storage).metric("loss", Mode.MIN)
                // 3 results stay within the logger's buffer; 3,000 outrun the server's tail of the last 1,024, so the logger is flushed on request
                .space(SearchSpace.builder().grid("count", 3, 3_000).build())
                // free-running: each trial blocks after its last report, which in deterministic mode would hold the other at that step
                .machineResources(new ResourceRequest(2, 0, 1L << 30, Map.of())).seed(3).deterministic(false).progress(false).callbacks(server);
        CompletableFuture<ResultGrid> grid = CompletableFuture.supplyAsync(tuner::fit);
        try {
            HeadlessChromium.await("the TuneServer to listen", () -> server.baseUri() != null || grid.isDone());
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            HeadlessChromium.await("both trials to report their last result", () -> {
                JsonNode trials = get(http, server, "/api/trials");
                int done = 0;
                for (JsonNode t : trials) {
                    done += t.path("last_result").path("training_iteration").asInt() == t.path("config").path("count").asInt() ? 1 : 0;
                }
                return done == 2;
            });
            for (JsonNode t : get(http, server, "/api/trials")) {
                int count = t.path("config").path("count").asInt();
                JsonNode results = get(http, server, "/api/trials/" + t.path("id").asText() + "/results");
                List<Long> iterations = new ArrayList<>();
                results.forEach(r -> iterations.add(r.path(Result.TRAINING_ITERATION).asLong()));
                assertEquals(LongStream.rangeClosed(1, count).boxed().toList(), iterations, "trial with count=" + count + ": every result up to the latest, in order");
            }
        } finally {
            RELEASE.countDown();
        }
        assertEquals(2, grid.get(60, TimeUnit.SECONDS).size());
    }

    private static JsonNode get(HttpClient http, TuneServer server, String path) {
        try {
            URI uri = server.baseUri().resolve(path);
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + server.token())
                    .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode(), response.body());
            return LiveExperiment.JSON.readTree(response.body());
        } catch (Exception e) {
            throw new IllegalStateException("GET " + path + " failed: " + e, e);
        }
    }
}
