/**
 * The extension points of an experiment: searchers, schedulers, stoppers and callbacks.
 *
 * <p><b>The driver.</b> Every method of these SPIs is called by the experiment's driver: one call
 * at a time, in the order of the events, each seeing what the calls before it did (they run under
 * the runner's lock), so implementations need no locks. Most calls come from the thread that runs
 * the experiment ({@code Tuner.fit()}); a result of a trial running on a thread of this JVM that
 * arrives while the driver waits for events is handled on that trial's thread instead, so the
 * trial gets its decision without a hand-off between threads (only with a scheduler that
 * {@linkplain io.jtune.api.spi.TrialScheduler#supportsBufferedResults supports buffered results},
 * outside deterministic mode and without a result buffer); when that ends the trial, the next
 * trial may be suggested, added and started there too. Do not rely on which thread calls:
 * keep state in fields, not thread-locals.
 */
package io.jtune.api.spi;
