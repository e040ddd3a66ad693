package io.github.zipjack;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.Module;
import java.lang.reflect.InvocationTargetException;

/**
 * Reaches msgpack's classes by name, through reflection, only once {@link Format#MSGPACK} is used
 * (the builder checks first that the artifact is there). By name because msgpack's jars declare no
 * module name: a module may not {@code requires} them by a name derived from the file name, which a
 * later release could change, and a named zipjack could not link against them on the class path, so
 * it reaches them the way that works on both paths (reflection needs no read edge). Each call is
 * one reflective step per pipeline built, or per failed decode, never per body.
 */
final class MessagePackSupport {
  private static final String FACTORY = "org.msgpack.jackson.dataformat.MessagePackFactory";
  private static final String TIMESTAMP_MODULE = "org.msgpack.jackson.dataformat.TimestampExtensionModule";
  private static final String SIZE_EXCEPTION = "org.msgpack.core.MessageSizeException";

  private MessagePackSupport() {}

  /** A new {@code MessagePackFactory}. */
  static JsonFactory newFactory() {
    try {
      return (JsonFactory) msgpackClass(FACTORY).getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("cannot create " + FACTORY + ": " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + FACTORY + ": " + e, e);
    }
  }

  /**
   * What a MessagePack header declared, if {@code e} or one of its causes is msgpack's refusal of it
   * (a header declaring more bytes than the input holds, or more than 2^31 - 1): {@code "a value of
   * 2147483647 bytes or entries (Payload declared ... but input ended after 3 bytes)"}; else null.
   */
  static String declaredSize(Throwable e) {
    Throwable size = DecodeFailures.causeNamed(e, SIZE_EXCEPTION);
    if (size == null) {
      return null;
    }
    Object declared;
    try {
      declared = size.getClass().getMethod("getSize").invoke(size);
    } catch (ReflectiveOperationException unexpected) {
      return null; // a msgpack without MessageSizeException.getSize(): the caller reports the failure without it
    }
    return "a value of " + declared + " bytes or entries" + (size.getMessage() == null ? "" : " (" + size.getMessage() + ")");
  }

  /** Maps {@link java.time.Instant} to the msgpack timestamp extension type -1. */
  static Module timestampModule() {
    try {
      return (Module) msgpackClass(TIMESTAMP_MODULE).getField("INSTANCE").get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + TIMESTAMP_MODULE + ".INSTANCE: " + e, e);
    }
  }

  private static Class<?> msgpackClass(String name) throws ClassNotFoundException {
    return Class.forName(name, true, MessagePackSupport.class.getClassLoader());
  }
}
