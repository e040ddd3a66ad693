package io.github.zipjack;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.Module;
import org.msgpack.core.MessageSizeException;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.msgpack.jackson.dataformat.TimestampExtensionModule;

/**
 * The only class that names msgpack types, so that the optional msgpack artifact is loaded only when
 * {@link Format#MSGPACK} is used. The builder checks first that the artifact is there (from another
 * class: verifying this one already needs msgpack's classes).
 */
final class MessagePackSupport {
  private MessagePackSupport() {}

  static JsonFactory newFactory() {
    return new MessagePackFactory();
  }

  /**
   * What a MessagePack header declared, if {@code e} or one of its causes is msgpack's refusal of it
   * (a header declaring more bytes than the input holds, or more than 2^31 - 1): {@code "a value of
   * 2147483647 bytes or entries (Payload declared ... but input ended after 3 bytes)"}; else null.
   */
  static String declaredSize(Throwable e) {
    if (DecodeFailures.findCause(e, MessageSizeException.class::isInstance) instanceof MessageSizeException size) {
      return "a value of " + size.getSize() + " bytes or entries" + (size.getMessage() == null ? "" : " (" + size.getMessage() + ")");
    }
    return null;
  }

  /** Maps {@link java.time.Instant} to the msgpack timestamp extension type -1. */
  static Module timestampModule() {
    return TimestampExtensionModule.INSTANCE;
  }
}
