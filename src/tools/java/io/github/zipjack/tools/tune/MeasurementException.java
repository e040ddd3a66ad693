package io.github.zipjack.tools.tune;

/** A JMH measurement of bench/tune failed; the message names it and points to JMH's log. */
final class MeasurementException extends Exception {
  MeasurementException(String message, Throwable cause) {
    super(message, cause);
  }
}
