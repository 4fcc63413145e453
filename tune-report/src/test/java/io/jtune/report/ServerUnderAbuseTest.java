package io.jtune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Clients that hold connections with half a request, and configs the space cannot hold, leave the API working. */
@Timeout(180)
class ServerUnderAbuseTest {
    private static final int HALF_REQUESTS = 100;

    @TempDir
    Path storage;

    @Test
    void connectionsHoldingHalfARequestWithoutATokenDoNotBlockAnAuthenticatedRequest() throws Exception {
        List<Socket> held = new ArrayList<>();
        try (LiveExperiment live = new LiveExperiment(storage, 1)) {
            for (int i = 0; i < HALF_REQUESTS; i++) {
                held.add(halfRequest(live));
            }
            HttpResponse<String> summary = live.get("/api/summary");
            assertEquals(200, summary.statusCode(), summary.body());
            assertEquals("live", live.json(summary).path("experiment").asText());
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void theServerClosesAConnectionThatNeverFinishesItsRequest() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 1); Socket half = halfRequest(live)) {
            InputStream in = half.getInputStream();
            byte[] buffer = new byte[4096];
            int n;
            do {
                n = in.read(buffer);      // blocks until the server gives up on the request and closes it
            } while (n > 0);
            assertEquals(-1, n);
        }
    }

    @Test
    void aTrialWhoseConfigTheSpaceCannotHoldIsRefusedWith400NamingTheKeyAndTheDomain() throws Exception {
        try (LiveExperiment live = new LiveExperiment(storage, 1)) {
            assertRefused(live, "{\"config\": {\"iters\": 3, \"offset\": 0.5, \"lr\": 0.1}}", "'lr'", "offset");
            assertRefused(live, "{\"config\": {\"iters\": 3, \"offset\": 42}}", "'offset'", "[0.0, 1.0]");
            assertRefused(live, "{\"config\": {\"iters\": 3, \"offset\": \"abc\"}}", "'offset'", "[0.0, 1.0]");
            assertRefused(live, "{\"config\": {}}", "'iters'", "1000000");
            assertEquals(1, live.json(live.get("/api/trials")).size(), "nothing was added");
            HttpResponse<String> added = live.post("/api/trials", "{\"config\": {\"iters\": 3, \"offset\": 1}}");
            assertEquals(201, added.statusCode(), added.body());
            String id = live.json(added).path("id").asText();
            HeadlessChromium.await("the added trial to finish", () -> live.json(live.get("/api/trials/" + id)).path("status").asText().equals("TERMINATED"));
        }
    }

    private static void assertRefused(LiveExperiment live, String body, String... named) {
        HttpResponse<String> response = live.post("/api/trials", body);
        assertEquals(400, response.statusCode(), body + " -> " + response.body());
        String error = live.json(response).path("error").asText();
        for (String n : named) {
            assertTrue(error.contains(n), body + " -> " + error + " (should name " + n + ")");
        }
    }

    /** A connection that sent the start of a request, without a token, and then nothing. */
    private static Socket halfRequest(LiveExperiment live) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", live.server.baseUri().getPort()), 10_000);
        OutputStream out = socket.getOutputStream();
        out.write("GET /api/summary HTTP/1.1\r\nHost: 127.0.0.1\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }
}
