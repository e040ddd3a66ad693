package io.github.zipjack;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;

/**
 * Enforces read constraints for parsers that do not apply Jackson's own (msgpack's): the nesting
 * limit, so that a deep body fails with a limit error instead of a StackOverflowError in the
 * deserializers, and the longest string and field name ({@code maxStringLength} and
 * {@code maxNameLength} of the mapper's constraints), so that MessagePack bodies are refused where
 * the same JSON would be. A string is
 * checked once msgpack has read it, which the body's own size (maxDecodedBytes) bounds already.
 * Every token-advancing method goes through {@link #nextToken()}, which checks. Not thread-safe,
 * like the parser it wraps.
 */
final class ReadLimitedParser extends JsonParserDelegate {
  private final int maxNestingDepth;
  private final int maxStringLength;
  private final int maxNameLength;
  private int depth;

  ReadLimitedParser(JsonParser parser, int maxNestingDepth, StreamReadConstraints constraints) {
    super(parser);
    this.maxNestingDepth = maxNestingDepth;
    this.maxStringLength = constraints.getMaxStringLength();
    this.maxNameLength = constraints.getMaxNameLength();
  }

  @Override
  public JsonToken nextToken() throws IOException {
    JsonToken token = delegate.nextToken();
    if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
      if (++depth > maxNestingDepth) {
        throw new StreamConstraintsException("Document nesting depth (" + depth
            + ") exceeds the maximum allowed (" + maxNestingDepth + ")");
      }
    } else if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
      depth--;
    } else if (token == JsonToken.VALUE_STRING) {
      checkLength(delegate.getText(), "String value", maxStringLength, "getMaxStringLength");
    } else if (token == JsonToken.FIELD_NAME) {
      // currentName, not getText: msgpack's getText fails on a map key that is not a string (true, 1)
      checkLength(delegate.currentName(), "Name", maxNameLength, "getMaxNameLength");
    }
    return token;
  }

  /**
   * Refuses {@code text} past {@code max}, in the wording of Jackson's own message, from which
   * DecodeFailures reads the limit's name and value.
   */
  private static void checkLength(String text, String what, int max, String getter) throws IOException {
    if (text != null && text.length() > max) {
      throw new StreamConstraintsException(what + " length (" + text.length() + ") exceeds the maximum allowed (" + max
          + ", from `StreamReadConstraints." + getter + "()`)");
    }
  }

  @Override
  public JsonToken nextValue() throws IOException {
    JsonToken token = nextToken();
    return token == JsonToken.FIELD_NAME ? nextToken() : token;
  }

  @Override
  public String nextFieldName() throws IOException {
    return nextToken() == JsonToken.FIELD_NAME ? currentName() : null;
  }

  @Override
  public boolean nextFieldName(SerializableString name) throws IOException {
    return nextToken() == JsonToken.FIELD_NAME && name.getValue().equals(currentName());
  }

  @Override
  public String nextTextValue() throws IOException {
    return nextToken() == JsonToken.VALUE_STRING ? getText() : null;
  }

  @Override
  public int nextIntValue(int defaultValue) throws IOException {
    return nextToken() == JsonToken.VALUE_NUMBER_INT ? getIntValue() : defaultValue;
  }

  @Override
  public long nextLongValue(long defaultValue) throws IOException {
    return nextToken() == JsonToken.VALUE_NUMBER_INT ? getLongValue() : defaultValue;
  }

  @Override
  public Boolean nextBooleanValue() throws IOException {
    JsonToken token = nextToken();
    return token == JsonToken.VALUE_TRUE ? Boolean.TRUE : token == JsonToken.VALUE_FALSE ? Boolean.FALSE : null;
  }

  /** Skips through {@link #nextToken()}, which keeps the depth counted, to the matching end. */
  @Override
  public JsonParser skipChildren() throws IOException {
    JsonToken token = currentToken();
    if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
      return this;
    }
    int outside = depth - 1;
    while (depth > outside && nextToken() != null) {
      // the counting is nextToken's
    }
    return this;
  }
}
