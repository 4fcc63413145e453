package io.jtune.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.jtune.api.Config;
import io.jtune.api.Result;
import io.jtune.api.TrialStatus;
import io.jtune.engine.json.Json;
import io.jtune.engine.runner.RunnerControl;
import io.jtune.engine.runner.state.ExperimentState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TuneServer's HTTP API. Every request needs the run's token ({@link AccessToken}); answers
 * are JSON ({@code {"error": "..."}} for 4xx and 5xx), never Java serialization.
 *
 * <pre>
 * GET  /                          the dashboard (the report page, refreshed live; ?token=...)
 * GET  /api/summary               experiment name, metric, mode, trial counts by status
 * GET  /api/trials                every trial: id, name, status, config, last result, error
 * GET  /api/trials/{id}           one trial
 * GET  /api/trials/{id}/results   its results up to the latest one reported (result.json and those not written yet)
 * POST /api/trials                {"config": {...}} adds a trial with that config: 201 {"id": ...}
 * POST /api/trials/{id}/stop      stops it: 200 {"id": ..., "status": ...}
 * GET  /api/events                server-sent events: trial_added, trial_started, trial_completed,
 *                                 trial_errored, results (at most every 0.5 s), experiment_ended
 * GET  /api/report                the dashboard's data (the report's JSON)
 * </pre>
 *
 * A request body is at most {@value #MAX_BODY} bytes of {@code application/json}. Add and stop
 * take effect at the driver's next event: when the driver does not answer within
 * {@value #WAIT_SECONDS} s the reply is 202 (queued).
 */
final class ServerApi implements HttpHandler {
    static final int MAX_BODY = 64 * 1024;
    static final int WAIT_SECONDS = 10;
    /** How much of a too large body is read (and dropped) so the client gets the 413 before the connection closes. */
    private static final int MAX_DRAIN = 1 << 20;
    private static final Logger LOG = LoggerFactory.getLogger(ServerApi.class);
    private static final ObjectMapper JSON = Json.mapper();
    private static final TypeReference<Map<String, Object>> CONFIG_TYPE = new TypeReference<>() { };
    private final TuneServer server;
    private final AccessToken token;

    /** A reply with a status and a JSON body. */
    private record Reply(int status, JsonNode body) {
    }

    /** The request did not fit the API: a 4xx reply. */
    private static final class Refusal extends RuntimeException {
        private final int status;

        Refusal(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    ServerApi(TuneServer server, AccessToken token) {
        this.server = server;
        this.token = token;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            if (!token.admits(exchange)) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"jtune\"");
                send(exchange, new Reply(401, error("this server needs the access token printed with its URL: "
                        + "send 'Authorization: Bearer <token>' or ?token=<token>")));
                return;
            }
            Reply reply;
            try {
                reply = route(exchange);
            } catch (Refusal r) {
                reply = new Reply(r.status, error(r.getMessage()));
            } catch (RuntimeException e) {
                LOG.warn("the TuneServer failed to answer {} {}", exchange.getRequestMethod(), exchange.getRequestURI().getPath(), e);
                reply = new Reply(500, error("internal error: " + e));
            }
            if (reply != null) {
                send(exchange, reply);
            }
        }
    }

    /** The reply, or null when the handler answered itself (the dashboard page, the event stream). */
    private Reply route(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String[] parts = exchange.getRequestURI().getPath().replaceAll("/+$", "").split("/");
        // "" -> [""], "/api/trials/x/stop" -> ["", "api", "trials", "x", "stop"]
        if (parts.length <= 1) {
            requireMethod(method, "GET");
            sendPage(exchange);
            return null;
        }
        if (!parts[1].equals("api") || parts.length < 3) {
            throw new Refusal(404, "no such resource " + exchange.getRequestURI().getPath() + "; the API is under /api (see docs/report.md)");
        }
        String resource = parts[2];
        switch (parts.length) {
            case 3 -> {
                switch (resource) {
                    case "summary" -> {
                        requireMethod(method, "GET");
                        return new Reply(200, summary());
                    }
                    case "report" -> {
                        requireMethod(method, "GET");
                        return new Reply(200, ReportModel.of(liveRecord()));
                    }
                    case "events" -> {
                        requireMethod(method, "GET");
                        if (!server.events.serve(exchange)) {
                            return new Reply(503, error("at most " + EventStream.MAX_CLIENTS + " event streams at once; close one and retry"));
                        }
                        return null;
                    }
                    case "trials" -> {
                        if (method.equals("POST")) {
                            return addTrial(exchange);
                        }
                        requireMethod(method, "GET");
                        ArrayNode list = JSON.createArrayNode();
                        sortedTrials().forEach(t -> list.add(trialJson(t)));
                        return new Reply(200, list);
                    }
                    default -> throw new Refusal(404, "no such resource /api/" + resource);
                }
            }
            case 4, 5 -> {
                if (!resource.equals("trials")) {
                    throw new Refusal(404, "no such resource " + exchange.getRequestURI().getPath());
                }
                LiveTrial trial = server.trials.get(parts[3]);
                if (trial == null) {
                    throw new Refusal(404, "experiment " + server.experiment.name() + " has no trial '" + parts[3] + "'; GET /api/trials lists them");
                }
                if (parts.length == 4) {
                    requireMethod(method, "GET");
                    return new Reply(200, trialJson(trial));
                }
                return switch (parts[4]) {
                    case "results" -> {
                        requireMethod(method, "GET");
                        yield new Reply(200, JSON.valueToTree(TrialResults.of(trial, server.ended() ? null : server.control).stream().map(Result::asMap).toList()));
                    }
                    case "stop" -> {
                        requireMethod(method, "POST");
                        yield stopTrial(trial);
                    }
                    default -> throw new Refusal(404, "no such resource " + exchange.getRequestURI().getPath());
                };
            }
            default -> throw new Refusal(404, "no such resource " + exchange.getRequestURI().getPath());
        }
    }

    private static void requireMethod(String method, String allowed) {
        if (!method.equals(allowed)) {
            throw new Refusal(405, method + " is not allowed here; use " + allowed);
        }
    }

    private Reply addTrial(HttpExchange exchange) throws IOException {
        JsonNode body = readBody(exchange);
        JsonNode config = body.get("config");
        if (!(config instanceof ObjectNode)) {
            throw new Refusal(400, "the body must be a JSON object with a \"config\" object, e.g. {\"config\": {\"lr\": 0.01}}");
        }
        Map<String, Object> values = JSON.convertValue(config, CONFIG_TYPE);
        ConfigCheck.problem(server.experiment.space(), Config.of(values).flatten()).ifPresent(problem -> {
            throw new Refusal(400, problem + "; nothing was added");
        });
        return await(control().addTrial(Config.of(values)), id -> new Reply(201, JSON.createObjectNode().put("id", id)));
    }

    private Reply stopTrial(LiveTrial trial) {
        return await(control().stopTrial(trial.id), status -> new Reply(200, JSON.createObjectNode().put("id", trial.id).put("status", status.name())));
    }

    private RunnerControl control() {
        RunnerControl control = server.control;
        if (control == null || server.ended()) {
            throw new Refusal(409, "the experiment " + server.experiment.name() + " has ended or cannot be steered; nothing was changed");
        }
        return control;
    }

    private <T> Reply await(CompletableFuture<T> request, java.util.function.Function<T, Reply> reply) {
        try {
            return reply.apply(request.get(WAIT_SECONDS, TimeUnit.SECONDS));
        } catch (TimeoutException e) {
            return new Reply(202, JSON.createObjectNode().put("queued", true)
                    .put("note", "the driver carries the request out at its next event (a result or a finished step)"));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new Refusal(cause instanceof IllegalArgumentException ? 404 : 409, String.valueOf(cause.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Refusal(503, "the server is shutting down");
        }
    }

    private static JsonNode readBody(HttpExchange exchange) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            throw new Refusal(415, "send the body as Content-Type: application/json");
        }
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            if (length != null && parseLength(length) > MAX_BODY) {
                tooLarge(exchange, in);
            }
            body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                tooLarge(exchange, in);
            }
        }
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null || !node.isObject()) {
                throw new Refusal(400, "the body must be a JSON object");
            }
            return node;
        } catch (JacksonException e) {
            throw new Refusal(400, "the body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static void tooLarge(HttpExchange exchange, InputStream in) throws IOException {
        byte[] drop = new byte[8192];
        for (long dropped = 0, n = 0; n >= 0 && dropped < MAX_DRAIN; dropped += n) {
            n = in.read(drop);
        }
        exchange.getResponseHeaders().set("Connection", "close");
        throw new Refusal(413, "the body is larger than " + MAX_BODY + " bytes");
    }

    private static long parseLength(String length) {
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            throw new Refusal(400, "Content-Length '" + length + "' is not a number");
        }
    }

    private List<LiveTrial> sortedTrials() {
        List<LiveTrial> list = new ArrayList<>(server.trials.values());
        list.sort(Comparator.comparingInt(t -> t.index));
        return list;
    }

    private JsonNode summary() {
        ObjectNode node = JSON.createObjectNode();
        node.put("experiment", server.experiment.name());
        node.put("metric", server.metric());
        node.put("mode", server.mode() == null ? null : server.mode().toString());
        node.put("dir", server.dir().toString());
        node.put("ended", server.ended());
        Map<TrialStatus, Integer> counts = new EnumMap<>(TrialStatus.class);
        server.trials.values().forEach(t -> counts.merge(t.status, 1, Integer::sum));
        node.put("trials", server.trials.size());
        ObjectNode byStatus = node.putObject("statuses");
        counts.forEach((status, n) -> byStatus.put(status.name(), n));
        return node;
    }

    private static JsonNode trialJson(LiveTrial t) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", t.id);
        node.put("name", t.name);
        node.put("status", t.status.name());
        node.set("config", JSON.valueToTree(t.config.toMap()));
        Result last = t.lastResult;
        node.set("last_result", last == null ? null : JSON.valueToTree(last.asMap()));
        node.put("checkpoint", t.checkpoint);
        node.put("error", t.errorTrace);
        return node;
    }

    /** The experiment as the dashboard draws it: the live trials with their logged results. */
    private ExperimentRecord liveRecord() {
        List<TrialRecord> records = new ArrayList<>();
        for (LiveTrial t : sortedTrials()) {
            List<Result> history = TrialResults.of(t, null);
            records.add(new TrialRecord(t.id, t.name, t.status.name(), t.config.flatten(), history, t.errorTrace, t.checkpoint));
        }
        ObjectNode settings = JSON.createObjectNode();
        try {
            if (Files.exists(server.dir().resolve(ExperimentState.FILE))) {
                settings = (ObjectNode) JSON.readTree(server.dir().resolve(ExperimentState.FILE).toFile());
                settings.remove("trials");
            }
        } catch (IOException | ClassCastException e) {
            LOG.debug("no settings for the dashboard of {}", server.experiment.name(), e);
        }
        return new ExperimentRecord(server.experiment.name(), server.metric(), server.mode(), settings, records);
    }

    private void sendPage(HttpExchange exchange) throws IOException {
        ObjectNode live = JSON.createObjectNode().put("token", token.value()).put("data", "/api/report").put("events", "/api/events")
                .put("pollMillis", 5_000).put("minRefreshMillis", 1_000);
        byte[] html = Reports.livePage(liveRecord(), live).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        exchange.sendResponseHeaders(200, html.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(html);
        }
    }

    private static ObjectNode error(String message) {
        return JSON.createObjectNode().put("error", message);
    }

    private static void send(HttpExchange exchange, Reply reply) throws IOException {
        byte[] body = JSON.writeValueAsBytes(reply.body());
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        exchange.sendResponseHeaders(reply.status(), body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
