package io.github.zipjack.data;

import com.fasterxml.jackson.core.type.TypeReference;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * A named payload for tests and benchmarks: the value to serialize, its type for decoding it back,
 * and its canonical compact JSON. Obtained from {@link Datasets#load(String)}.
 * Thread-safe as long as nobody changes {@link #value()}: the value is shared by every caller
 * that loads the same name and must be treated as read-only. {@link #rawJson()} returns a fresh
 * copy on each call.
 */
public final class Dataset {
  private final String name;
  private final Object value;
  private final TypeReference<?> typeReference;
  /** {@code toJson(value)}; never handed out, only copies of it. */
  private final byte[] rawJson;

  Dataset(String name, Object value, TypeReference<?> typeReference, byte[] rawJson) {
    this.name = Objects.requireNonNull(name, "name");
    this.value = Objects.requireNonNull(value, "value");
    this.typeReference = Objects.requireNonNull(typeReference, "typeReference");
    this.rawJson = Objects.requireNonNull(rawJson, "rawJson");
  }

  /** The name it was loaded by: one of {@link Datasets#NAMES}, a {@code people-N} or a {@code file:} name. */
  public String name() {
    return name;
  }

  /**
   * The object to serialize: an unmodifiable {@code List<Person>}, {@code List<OrderEvent>} or
   * {@code List<StockLevel>}, a {@link NumericDataset} or,
   * for a {@code file:} dataset, a {@code JsonNode}. Shared; do not change it.
   */
  public Object value() {
    return value;
  }

  /** The type of {@link #value()} for decoding, e.g. {@code mapper.readValue(bytes, type)}. */
  public TypeReference<?> typeReference() {
    return typeReference;
  }

  /** The generic type of {@link #value()}, for {@code TypeFactory.constructType(type())}. */
  public Type type() {
    return typeReference.getType();
  }

  /**
   * A new copy of the canonical compact UTF-8 JSON of {@link #value()}, as
   * {@link DatasetGenerator#toJson(Object)} writes it. Copy it once, outside a measured loop.
   */
  public byte[] rawJson() {
    return rawJson.clone();
  }

  /** The length in bytes of {@link #rawJson()}, without copying it. */
  public int rawJsonLength() {
    return rawJson.length;
  }

  /** Shows the name, the type and the JSON size, not the value. */
  @Override
  public String toString() {
    return "Dataset{name=" + name + ", type=" + type().getTypeName()
        + ", rawJsonBytes=" + rawJson.length + "}";
  }
}
