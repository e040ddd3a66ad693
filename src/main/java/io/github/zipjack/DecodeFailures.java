package io.github.zipjack;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns Jackson's and msgpack's read errors into zipjack's decode exceptions with the facts. */
final class DecodeFailures {
  private static final String MSGPACK_EXCEPTION = "org.msgpack.core.MessagePackException";
  private static final String MSGPACK_TRUNCATED = "org.msgpack.core.MessageInsufficientBufferException";
  /**
   * The limit and the constraint in Jackson's message for one: {@code String value length (20000001)
   * exceeds the maximum allowed (20000000, from `StreamReadConstraints.getMaxStringLength()`)}.
   */
  private static final Pattern CONSTRAINT = Pattern.compile("\\((\\d+), from `StreamReadConstraints\\.getMax(\\w+)\\(\\)`\\)");

  private DecodeFailures() {}

  /**
   * A Jackson 2 read error as a decode exception. Databind wraps what it catches inside a value
   * (CollectionDeserializer wraps every exception in a JsonMappingException with the element's
   * path), so the causes are searched for ours (thrown by the decoder or the decode limit) and for a
   * read constraint before e itself is judged.
   */
  static ZipjackDecodeException translate(JacksonException e, Pipeline.Settings settings) {
    StreamConstraintsException constraint = firstCause(e, StreamConstraintsException.class);
    boolean endOfInput = e instanceof JsonEOFException || hasCause(e, MSGPACK_TRUNCATED);
    String mismatchPath = e instanceof MismatchedInputException mismatch ? path(mismatch) : null;
    return translate(e, constraint == null ? null : constraint.getOriginalMessage(), e.getOriginalMessage(),
        endOfInput, mismatchPath, settings);
  }

  /**
   * A read error of either Jackson as a decode exception, from the facts its binding found in it.
   *
   * @param e the error, whose causes are searched for a decode exception of ours first
   * @param constraintDetail the message of a read-constraint failure among its causes, or null
   * @param detail the error's own message without location
   * @param endOfInput whether the parser met the end of the body inside a value
   * @param mismatchPath the JSON path of a value of the wrong type ({@code $.people[3].age}), or null
   */
  static ZipjackDecodeException translate(Throwable e, String constraintDetail, String detail, boolean endOfInput,
      String mismatchPath, Pipeline.Settings settings) {
    ZipjackDecodeException ours = firstCause(e, ZipjackDecodeException.class);
    if (ours != null) {
      return ours;
    }
    if (constraintDetail != null) {
      return constraintExceeded(constraintDetail, e, settings);
    }
    if (endOfInput || (detail != null && detail.contains("end-of-input"))) {
      return new TruncatedBodyException("decoded " + settings.format + " body ends before its value does: " + detail, e);
    }
    if (mismatchPath != null) {
      return new ValueTypeMismatchException("decoded " + settings.format + " body has a value of the wrong type at "
          + mismatchPath + ": " + detail, e);
    }
    return new MalformedBodyException("decoded body is not " + settings.format
        + " of the requested type: " + detail, e);
  }

  private static DecodeLimitExceededException constraintExceeded(String detail, Throwable e, Pipeline.Settings settings) {
    if (detail.contains("nesting depth")) {
      return new DecodeLimitExceededException("maxNestingDepth", settings.maxNestingDepth,
          "decoded body nests deeper than maxNestingDepth = " + settings.maxNestingDepth + ": " + detail, e);
    }
    if (detail.contains("Document length")) {
      return new DecodeLimitExceededException("maxDecodedBytes", settings.maxDecodedBytes,
          "decoded body is larger than maxDecodedBytes = " + settings.maxDecodedBytes + ": " + detail, e);
    }
    Matcher named = CONSTRAINT.matcher(detail);
    if (named.find()) {
      String limitName = "max" + named.group(2);
      return new DecodeLimitExceededException(limitName, Long.parseLong(named.group(1)),
          "decoded body exceeds Jackson's read constraint " + limitName + " = " + named.group(1) + ": " + detail, e);
    }
    return new DecodeLimitExceededException("StreamReadConstraints", -1,
        "decoded body exceeds one of Jackson's read constraints: " + detail, e);
  }

  /** msgpack's own (unchecked) errors become decode exceptions; any other runtime exception is rethrown. */
  static ZipjackDecodeException translateRuntime(RuntimeException e, Pipeline.Settings settings) {
    if (settings.format == Format.MSGPACK) {
      String declared = MessagePackSupport.declaredSize(e);
      if (declared != null) {
        // a string, binary, extension, array or map header declaring more than the body holds (or than
        // 2^31 - 1, the most msgpack-java reads); msgpack-java checks this before it allocates anything
        return new TruncatedBodyException("decoded MessagePack body declares " + declared
            + ", more than the body holds", e);
      }
    }
    if (hasCause(e, MSGPACK_TRUNCATED)) {
      return new TruncatedBodyException("decoded MessagePack body ends before its value does: " + e.getMessage(), e);
    }
    if (hasCause(e, MSGPACK_EXCEPTION)) {
      return new MalformedBodyException("decoded body is not valid " + settings.format + ": " + e.getMessage(), e);
    }
    throw e;
  }

  /** Where the mismatched value sits, as a JSON path: {@code $.people[3].age}. */
  private static String path(MismatchedInputException e) {
    StringBuilder path = new StringBuilder("$");
    for (JsonMappingException.Reference reference : e.getPath()) {
      if (reference.getFieldName() != null) {
        path.append('.').append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  static <T extends Throwable> T firstCause(Throwable e, Class<T> type) {
    return type.cast(findCause(e, type::isInstance));
  }

  /** Whether {@code e} or a cause is an instance of the named class, which may not be loadable here. */
  private static boolean hasCause(Throwable e, String className) {
    return causeNamed(e, className) != null;
  }

  /** The first of {@code e} and its causes that is an instance of the named class, or null. */
  static Throwable causeNamed(Throwable e, String className) {
    return findCause(e, t -> {
      for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
        if (c.getName().equals(className)) {
          return true;
        }
      }
      return false;
    });
  }

  /** The first of {@code e} and its causes that passes {@code test}, or null. */
  static Throwable findCause(Throwable e, Predicate<Throwable> test) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (test.test(t)) {
        return t;
      }
    }
    return null;
  }
}
