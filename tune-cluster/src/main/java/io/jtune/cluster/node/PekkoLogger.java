package io.jtune.cluster.node;

import org.apache.pekko.event.Logging;
import org.apache.pekko.event.slf4j.Slf4jLogger;
import scala.PartialFunction;
import scala.runtime.BoxedUnit;

/**
 * Pekko's SLF4J logger with one change: the failure detector's note that a heartbeat came late
 * ("heartbeat interval is growing too large") is logged at DEBUG, not WARN. It is no state change
 * (a busy or briefly paused JVM produces it while nothing is wrong); a node that really stops
 * answering is marked unreachable, which stays a warning, and a worker's console says when it was
 * removed.
 */
public class PekkoLogger extends Slf4jLogger {
    static final String LATE_HEARTBEAT = "heartbeat interval is growing too large";

    @Override
    public void aroundReceive(PartialFunction<Object, BoxedUnit> receive, Object message) {
        if (message instanceof Logging.Warning warning && String.valueOf(warning.message()).startsWith(LATE_HEARTBEAT)) {
            super.aroundReceive(receive, new Logging.Debug(warning.logSource(), warning.logClass(), warning.message()));
        } else {
            super.aroundReceive(receive, message);
        }
    }
}
