package io.github.zipjack.tools.compare;

import java.util.List;

/**
 * Measures one round of a {@link Comparison}: every configuration once (in one or more turns), in
 * the order given. Implementations say what a round is (a fresh JVM, a JMH fork per configuration)
 * and are used by one thread at a time.
 */
interface RoundRunner {

  /**
   * @param order every configuration, in the order to measure them in
   * @param seed for any further shuffling inside the round
   * @throws MeasurementFailure if a configuration could not be measured
   */
  Round run(List<String> order, long seed) throws MeasurementFailure;

  /** A measurement that failed: the message names the configuration and where its log is. */
  class MeasurementFailure extends Exception {
    MeasurementFailure(String message, Throwable cause) {
      super(message, cause);
    }

    MeasurementFailure(String message) {
      super(message);
    }
  }
}
