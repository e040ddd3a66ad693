package io.github.zipjack;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.Module;
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

  /** Maps {@link java.time.Instant} to the msgpack timestamp extension type -1. */
  static Module timestampModule() {
    return TimestampExtensionModule.INSTANCE;
  }
}
