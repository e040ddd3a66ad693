package io.github.zipjack.tools.compare;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * One configuration that runs in slices on demand: in this JVM ({@link DirectBenchmark}) or in a JVM
 * of its own ({@link ChildBenchmark}). Used by one thread; {@link #close} releases it.
 */
interface SliceSource extends AutoCloseable {

  /**
   * Runs the configuration's benchmark until at least {@code nanos} have passed (at least one call).
   *
   * @throws RoundRunner.MeasurementFailure naming the configuration when it fails
   */
  Slice runFor(long nanos) throws RoundRunner.MeasurementFailure;

  @Override
  void close();

  /**
   * What one slice did: calls made and the nanoseconds they took, and the milliseconds its JVM's
   * JIT compilers had spent compiling by its end ({@link #jitMillisSoFar()}; -1 when the JVM does
   * not say).
   */
  record Slice(int calls, long nanos, long jitMillis) {}

  /**
   * {@return the milliseconds this JVM's JIT compilers have spent compiling since it started, summed
   * over their threads; -1 when the JVM does not monitor it}
   */
  static long jitMillisSoFar() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
  }
}
