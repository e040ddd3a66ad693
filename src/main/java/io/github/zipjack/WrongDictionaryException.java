package io.github.zipjack;

/**
 * A zstd frame needs another dictionary than the pipeline's: it was compressed with a different
 * dictionary, with one when the pipeline has none, or without one (its header carries no dictionary
 * ID) when the pipeline has one. Refused from the frame's header, before any of it is decoded.
 */
public final class WrongDictionaryException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;
  /** The dictionary ID the frame's header names; 0 when it names none. */
  private final long frameDictionaryId;
  /** The pipeline's dictionary ID; 0 when it has no dictionary. */
  private final long expectedDictionaryId;

  /**
   * Refuses a frame whose dictionary ID is not the pipeline's.
   *
   * @param message what was decoded, with both IDs
   * @param frameDictionaryId the ID the frame's header names; 0 for none
   * @param expectedDictionaryId the pipeline's dictionary ID; 0 for none
   */
  public WrongDictionaryException(String message, long frameDictionaryId, long expectedDictionaryId) {
    super(message);
    this.frameDictionaryId = frameDictionaryId;
    this.expectedDictionaryId = expectedDictionaryId;
  }

  /** {@return the dictionary ID the frame's header names (unsigned 32-bit); 0 when it names none} */
  public long frameDictionaryId() {
    return frameDictionaryId;
  }

  /** {@return the ID of the pipeline's dictionary (unsigned 32-bit); 0 when the pipeline has none} */
  public long expectedDictionaryId() {
    return expectedDictionaryId;
  }
}
