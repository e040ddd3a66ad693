package io.github.zipjack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The one place where a {@link Pipeline} meets Jackson: serializing a value into the encoder's
 * stream and reading one back from the decoder's, with Jackson's errors turned into zipjack's. Two
 * implementations, one per Jackson generation ({@link Jackson2Binding}, {@link Jackson3Binding}), so
 * that the pipeline's encode and decode paths exist once. Jackson 3's classes are loaded only by
 * {@link Jackson3Binding}, which is made only for a Jackson 3 mapper. Immutable and thread-safe.
 */
interface JacksonBinding {

  /**
   * Serializes {@code value} into {@code out}, which it neither flushes nor closes.
   *
   * @throws ZipjackEncodeException if Jackson cannot serialize the value
   * @throws IOException if {@code out} fails
   */
  void write(Object value, OutputStream out) throws IOException;

  /**
   * Reads one value of {@code type} from the decoded body and checks that nothing follows it.
   *
   * @param type a type this binding made ({@link #type(Class)}) or accepted ({@link #checkType})
   * @throws ZipjackDecodeException for every data problem, Jackson's errors translated
   * @throws IOException if the underlying stream fails
   */
  <T> T read(InputStream decoded, Object type) throws IOException;

  /** This binding's resolved type (a JavaType of its Jackson) for {@code type}. */
  Object type(Class<?> type);

  /**
   * {@code typeForm} as this binding's resolved type: a TypeReference or JavaType of its own Jackson.
   *
   * @throws IllegalArgumentException for a type form of the other Jackson, saying what to pass
   */
  Object checkType(Object typeForm);

  /** Which Jackson, for messages and toString: {@code Jackson 2} or {@code Jackson 3}. */
  String generation();
}
