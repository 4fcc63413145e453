/**
 * The transport-free part of running trials in another JVM, shared by the process executor (worker
 * JVMs on this machine) and the cluster executor (workers on other machines), so the two cannot
 * drift apart.
 *
 * <ul>
 *   <li>The wire protocol: {@link io.jtune.engine.remote.Command}s from the driver (start a trial,
 *       continue, save, stop, shut down) and {@link io.jtune.engine.remote.Event}s from the worker
 *       (ready, reported metrics, saved checkpoint, finished, failed, run ended): small records,
 *       data only, as JSON ({@link io.jtune.engine.remote.WireFormat}); never Java serialization.
 *       A failure crosses as {@link io.jtune.engine.remote.ErrorData} (class name, message, stack text).</li>
 *   <li>The worker side: {@link io.jtune.engine.remote.TrialHost} runs the trials a worker is told to,
 *       with the engine's own trial workers.</li>
 *   <li>What runs remotely is named by class ({@link io.jtune.engine.remote.TrainableClasses}): an
 *       annotated class, a class-API trainable or a function-API class; a lambda cannot cross.</li>
 * </ul>
 *
 * A conversation: the worker sends {@code ready}; the driver sends {@code start} for a trial; the
 * worker answers {@code reported} after each step; the driver answers each with {@code continue}
 * (or {@code save}, {@code stop}); every run closes with {@code ended}. With a result buffer
 * ({@code StartTrial.runAhead}) the worker does not wait for each {@code continue}: it streams up to
 * that many results ahead of the answers.
 */
package io.jtune.engine.remote;
