package io.jtune.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.api.TuneException;
import io.jtune.engine.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report page: one HTML file holding Apache ECharts (read from its WebJar on the class path),
 * the experiment's data as JSON and the script drawing it. Its Content-Security-Policy allows no
 * request at all (a live dashboard may fetch from its own server only), so it opens from
 * {@code file://} with no network.
 */
final class ReportPage {
    private static final String WEBJAR = "/META-INF/resources/webjars/echarts/";
    private static final String WEBJAR_POM = "/META-INF/maven/org.webjars.npm/echarts/pom.properties";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Z]+)}}");
    private static final String OFFLINE_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";
    private static final String LIVE_POLICY = OFFLINE_POLICY + "; connect-src 'self'";
    private static final ObjectMapper JSON = Json.mapper();
    private static final String TEMPLATE = resource("/io/jtune/report/report.html");
    private static final String APP = resource("/io/jtune/report/report.js");
    private static volatile String echarts;

    private ReportPage() {
    }

    /** A page showing {@code data} (see {@link ReportModel}); {@code live} (null for a static report) tells it where to fetch updates. */
    static String render(JsonNode data, JsonNode live) {
        Map<String, String> values = Map.of("CSP", live == null ? OFFLINE_POLICY : LIVE_POLICY,
                "TITLE", escapeHtml(data.path("name").asText()),
                "ECHARTS", echarts(),
                "DATA", scriptJson(data),
                "LIVE", live == null ? "null" : scriptJson(live),
                "APP", APP);
        StringBuilder page = new StringBuilder(values.get("ECHARTS").length() + values.get("DATA").length() + TEMPLATE.length() + APP.length() + 256);
        Matcher m = PLACEHOLDER.matcher(TEMPLATE);
        int from = 0;
        while (m.find()) {
            page.append(TEMPLATE, from, m.start()).append(values.get(m.group(1)));
            from = m.end();
        }
        return page.append(TEMPLATE, from, TEMPLATE.length()).toString();
    }

    /** JSON that may sit inside a script element: {@code </} cannot end it early ({@code \/} is a JSON escape). */
    static String scriptJson(JsonNode node) {
        try {
            return JSON.writeValueAsString(node).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new TuneException("cannot write the report data as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static String echarts() {
        String script = echarts;
        if (script == null) {
            Properties pom = new Properties();
            try {
                pom.load(new StringReader(resource(WEBJAR_POM)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + WEBJAR_POM + ": " + e.getMessage(), e);
            }
            script = resource(WEBJAR + pom.getProperty("version") + "/dist/echarts.min.js");
            echarts = script;
        }
        return script;
    }

    private static String escapeHtml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String resource(String name) {
        try (InputStream in = ReportPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new TuneException("the class path lacks " + name + ": tune-report needs org.webjars.npm:echarts (its declared dependency) on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + " from the class path: " + e.getMessage(), e);
        }
    }
}
