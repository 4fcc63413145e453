package io.jtune.report;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The live event stream ({@code text/event-stream}): trial events as they happen and, at most
 * every {@link #TICK_MILLIS} ms, a {@code results} event when results arrived meanwhile (results
 * themselves are not sent one by one). At most {@value #MAX_CLIENTS} clients at once; a client
 * too slow to take {@value #BACKLOG} events is dropped.
 */
final class EventStream {
    static final int MAX_CLIENTS = 4;
    static final int BACKLOG = 1_000;
    static final long TICK_MILLIS = 500;
    private static final String END = "\u0000end";
    private final List<BlockingQueue<String>> clients = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** Queues an event for every client (any thread). */
    void publish(String type, String json) {
        String event = "event: " + type + "\ndata: " + json + "\n\n";
        for (BlockingQueue<String> client : clients) {
            if (!client.offer(event)) {
                clients.remove(client);
                client.clear();
                client.offer(END);
            }
        }
    }

    /** Serves one client until it goes away or the stream closes (on a server thread); false when there are too many clients. */
    boolean serve(HttpExchange exchange) throws IOException {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(BACKLOG + 1);
        synchronized (clients) {
            if (closed || clients.size() >= MAX_CLIENTS) {
                return false;
            }
            clients.add(queue);
        }
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            write(out, "retry: 2000\n: connected\n\n");
            while (true) {
                String event = queue.poll(15, TimeUnit.SECONDS);
                if (END.equals(event)) {
                    return true;
                }
                write(out, event == null ? ": keep-alive\n\n" : event);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } catch (IOException gone) {
            return true;
        } finally {
            clients.remove(queue);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Ends every client's stream. */
    void close() {
        synchronized (clients) {
            closed = true;
        }
        for (BlockingQueue<String> client : clients) {
            client.clear();
            client.offer(END);
        }
    }
}
