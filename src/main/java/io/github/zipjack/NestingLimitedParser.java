package io.github.zipjack;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;

/**
 * Enforces the nesting limit for parsers that do not apply Jackson's own read constraints
 * (msgpack's), so that a deep body fails with a limit error instead of a StackOverflowError in the
 * deserializers. Every token-advancing method goes through {@link #nextToken()}, which counts.
 * Not thread-safe, like the parser it wraps.
 */
final class NestingLimitedParser extends JsonParserDelegate {
  private final int maxNestingDepth;
  private int depth;

  NestingLimitedParser(JsonParser parser, int maxNestingDepth) {
    super(parser);
    this.maxNestingDepth = maxNestingDepth;
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
    }
    return token;
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
