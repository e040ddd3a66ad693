package io.github.zipjack.tools.compare;

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

  /** What one slice did: calls made and the nanoseconds they took. */
  record Slice(int calls, long nanos) {}
}
