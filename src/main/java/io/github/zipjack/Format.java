package io.github.zipjack;

/** The serialization format of a pipeline's bodies, before compression. */
public enum Format {
  /** UTF-8 JSON; {@code java.time} values as ISO-8601 strings. */
  JSON("application/json", "JSON"),
  /**
   * MessagePack through {@code org.msgpack:jackson-dataformat-msgpack} (an optional dependency the
   * application adds); {@link java.time.Instant} values as the msgpack timestamp extension (type -1).
   */
  MSGPACK("application/x-msgpack", "MessagePack");

  private final String mediaType;
  private final String jacksonFormatName;

  Format(String mediaType, String jacksonFormatName) {
    this.mediaType = mediaType;
    this.jacksonFormatName = jacksonFormatName;
  }

  /** {@return the media type a response of this format carries in Content-Type} */
  public String mediaType() {
    return mediaType;
  }

  /** What {@link com.fasterxml.jackson.core.JsonFactory#getFormatName()} answers for this format. */
  String jacksonFormatName() {
    return jacksonFormatName;
  }
}
