package io.github.zipjack.tools.tune;

/**
 * Samples or options bench/tune cannot use: an empty folder, a file or line that is not JSON, a
 * missing path, an option without its value. The message is the one line printed to the user,
 * naming the file and line (or the option); {@link TuneCommand} exits with status 2.
 */
final class BadInputException extends Exception {
  /** Whether the usage should follow the message (true for options, false for samples). */
  private final boolean showUsage;

  BadInputException(String message, boolean showUsage) {
    super(message);
    this.showUsage = showUsage;
  }

  static BadInputException option(String message) {
    return new BadInputException(message, true);
  }

  static BadInputException sample(String message) {
    return new BadInputException(message, false);
  }

  boolean showUsage() {
    return showUsage;
  }
}
