package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * A person's first and last name, {@code {"first":"Lamar","last":"Lehner"}} in JSON.
 * A mutable bean, not thread-safe: share instances between threads only if nobody changes them
 * (the shared instances of {@link Datasets} must not be changed).
 */
@JsonPropertyOrder({"first", "last"})
public class Name {
  private String first;
  private String last;

  /** Creates an empty name, for JSON decoders. */
  public Name() {
  }

  /** Creates a name from its two parts. */
  public Name(String first, String last) {
    this.first = first;
    this.last = last;
  }

  public String getFirst() {
    return first;
  }

  public void setFirst(String first) {
    this.first = first;
  }

  public String getLast() {
    return last;
  }

  public void setLast(String last) {
    this.last = last;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Name that
        && Objects.equals(first, that.first)
        && Objects.equals(last, that.last);
  }

  @Override
  public int hashCode() {
    return Objects.hash(first, last);
  }

  @Override
  public String toString() {
    return first + " " + last;
  }
}
