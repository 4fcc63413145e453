package io.jtune.report;

import com.sun.net.httpserver.HttpExchange;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A random access token (256 bits from {@link SecureRandom}, base64url), made per run. A request
 * presents it as {@code Authorization: Bearer <token>} or, where a browser cannot set headers (the
 * dashboard's URL, its event stream), as the query parameter {@code token}. Compared in constant
 * time ({@link MessageDigest#isEqual}).
 */
final class AccessToken {
    private static final String BEARER = "Bearer ";
    private final String value;
    private final byte[] bytes;

    private AccessToken(String value) {
        this.value = value;
        this.bytes = value.getBytes(StandardCharsets.US_ASCII);
    }

    static AccessToken random() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        return new AccessToken(Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
    }

    String value() {
        return value;
    }

    /** Whether the exchange presents this token. */
    boolean admits(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header != null && header.startsWith(BEARER)) {
            return matches(header.substring(BEARER.length()).trim());
        }
        return matches(queryToken(exchange.getRequestURI().getRawQuery()));
    }

    private boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(bytes, presented.getBytes(StandardCharsets.US_ASCII));
    }

    private static String queryToken(String query) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith("token=")) {
                return pair.substring("token=".length());
            }
        }
        return null;
    }
}
