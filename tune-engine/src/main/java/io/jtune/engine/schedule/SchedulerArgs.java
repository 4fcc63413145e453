package io.jtune.engine.schedule;

/** Argument checks whose errors name the scheduler and the parameter. */
final class SchedulerArgs {
    private SchedulerArgs() {
    }

    static void require(String scheduler, boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(scheduler + ": " + message);
        }
    }

    static String requireName(String scheduler, String parameter, String value) {
        require(scheduler, value != null && !value.isBlank(), parameter + " must be a non-empty result field name, got '" + value + "'");
        return value;
    }
}
